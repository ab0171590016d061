import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { accountMessages as m } from '@shared/accounts/messages';
import { AuthApiError, authApi, broadcastAuthEvent } from './api';
import { resetClientState } from './session';
import { Button } from '@web/ui/button';
import { Alert, Field, TextInput } from '@web/ui/form';
import { AuthShell } from '@web/ui/auth-shell';

/** /login: e-mail and password, then the TOTP step when the account has two-factor on. Success goes to /enhance. */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState((location.state as { email?: string } | null)?.email ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; code?: string } | null>(null);

  const done = async () => {
    void authApi.reportSecurityEvent({
      action: 'login',
      resource: 'auth',
      status: 'success',
      details: { method: step === 'totp' ? 'password+totp' : 'password' },
    });
    broadcastAuthEvent('SIGNED_IN');
    // an earlier attempt's 'Invalid email or password' would otherwise follow onto the workspace
    toast.dismiss();
    await resetClientState(queryClient);
    navigate('/enhance', { replace: true });
  };

  const submitPassword = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError({ message: !email.trim() ? m.emailRequired : 'Please enter your password' });
      return;
    }
    setBusy(true);
    try {
      const result = await authApi.signIn(email.trim(), password);
      if (result.twoFactorRedirect) {
        setStep('totp');
        return;
      }
      await done();
    } catch (err) {
      const message = err instanceof AuthApiError ? err.message : m.unexpected;
      setError({ message, code: err instanceof AuthApiError ? err.code : undefined });
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await authApi.verifyTotp(code.replace(/\s/g, ''));
      await done();
    } catch (err) {
      const message = err instanceof AuthApiError ? err.message : m.unexpected;
      setError({ message });
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  if (step === 'totp') {
    return (
      <AuthShell title="Two-factor authentication" subtitle="Enter the 6-digit code from your authenticator app.">
        <form onSubmit={submitCode} className="space-y-4" noValidate>
          {error && <Alert>{error.message}</Alert>}
          <Field label="Authentication code">
            {(id) => (
              <TextInput
                id={id}
                name="totp"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                autoFocus
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              />
            )}
          </Field>
          <Button type="submit" className="w-full" busy={busy} disabled={code.length !== 6}>
            Verify
          </Button>
          <Button type="button" variant="link" className="w-full" onClick={() => setStep('password')}>
            Back
          </Button>
        </form>
      </AuthShell>
    );
  }

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
        <Field label="Password">
          {(id) => (
            <TextInput id={id} name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          )}
        </Field>
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
