import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { accountMessages as m } from '@shared/accounts/messages';
import { authApi, broadcastAuthEvent } from './api';
import { resetClientState } from './session';
import { Button } from '@web/ui/button';
import { Alert, Field, TextInput } from '@web/ui/form';
import { AuthShell } from '@web/ui/auth-shell';
import { PasswordField } from './PasswordField';
import { TwoFactorLoginStep, type SecondFactor } from './TwoFactorLoginStep';
import { useAuthAction } from './useAuthAction';

/**
 * /login: e-mail and password, then the TOTP step when the account has two-factor on, where a backup code can stand
 * in for the app's code. Success goes to /enhance.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState((location.state as { email?: string } | null)?.email ?? '');
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<'password' | 'two-factor'>('password');
  const { busy, error, setError, run } = useAuthAction({ toast: true });

  const done = async (_method: 'password' | SecondFactor, notice?: () => void) => {
    // the server records the sign-in itself (sign_in, or two_factor_verify for the second step): one entry per sign-in
    broadcastAuthEvent('SIGNED_IN');
    // an earlier attempt's 'Invalid email or password' would otherwise follow onto the workspace
    toast.dismiss();
    notice?.();
    await resetClientState(queryClient);
    navigate('/enhance', { replace: true });
  };

  const submitPassword = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) {
      setError({ message: !email.trim() ? m.emailRequired : 'Please enter your password' });
      return;
    }
    await run(async () => {
      const result = await authApi.signIn(email.trim(), password);
      if (result.twoFactorRedirect) {
        setStep('two-factor');
        return;
      }
      await done('password');
    });
  };

  if (step === 'two-factor') return <TwoFactorLoginStep onVerified={done} onBack={() => setStep('password')} />;

  return (
    <AuthShell
      title="Log In"
      subtitle="Welcome back. Sign in to continue enhancing your renders."
      footer={
        <>
          <p>
            Don&apos;t have an account?{' '}
            <Link to="/signup" className="font-medium text-violet-300 hover:underline">
              Sign Up
            </Link>
          </p>
          <p>
            Didn&apos;t get the verification email?{' '}
            <Link to="/confirm" state={{ email }} className="font-medium text-violet-300 hover:underline">
              Resend it
            </Link>
          </p>
          <p className="text-xs">
            By logging in you agree to our{' '}
            <Link to="/terms-of-service" className="underline">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to="/privacy-policy" className="underline">
              Privacy Policy
            </Link>
            .
          </p>
        </>
      }
    >
      <form onSubmit={submitPassword} className="space-y-4" noValidate>
        {error && (
          <Alert>
            {error.message}
            {error.code === 'EMAIL_NOT_VERIFIED' && (
              <>
                {' '}
                <Link to="/confirm" state={{ email }} className="font-medium underline">
                  Resend verification email
                </Link>
              </>
            )}
          </Alert>
        )}
        <Field label="Email">
          {(id) => <TextInput id={id} name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        <PasswordField label="Password" name="password" autoComplete="current-password" value={password} onChange={setPassword} />
        <div className="text-right text-sm">
          <Link to="/forgot-password" className="text-violet-300 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" busy={busy}>
          Log In
        </Button>
      </form>
    </AuthShell>
  );
}

export default LoginPage;
