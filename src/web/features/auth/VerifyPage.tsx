import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { accountMessages as m } from '@shared/accounts/messages';
import { REDIRECT_DELAY_MS, formatCodeGroups } from '@shared/accounts/schemas';
import { AuthApiError, authApi } from './api';
import { Button } from '@web/ui/button';
import { Alert, Field, TextInput } from '@web/ui/form';
import { AuthShell } from '@web/ui/auth-shell';
import { FullAreaSpinner } from '@web/ui/spinner';

type Phase = 'idle' | 'verifying' | 'verified' | 'failed';

/**
 * /verify/{token}: verifies at once; /verify: e-mail and code entry. Success shows 'Email Verified!' and goes to
 * /login after 3 s; an error mentioning 'expired' shows the manual form (seed 000 §4).
 */
export function VerifyPage() {
  const { token } = useParams();
  const navigate = useNavigate();
  const state = useLocation().state as { email?: string } | null;
  const [phase, setPhase] = useState<Phase>(token ? 'verifying' : 'idle');
  const [error, setError] = useState<string | null>(null);
  const [manual, setManual] = useState(!token);
  const [email, setEmail] = useState(state?.email ?? '');
  const [code, setCode] = useState('');
  const started = useRef(false);

  const run = async (body: { token: string } | { email: string; code: string }) => {
    setPhase('verifying');
    setError(null);
    try {
      const res = await authApi.verifyEmail(body);
      if (typeof res?.message !== 'string') throw new Error(m.verificationUnexpected);
      setPhase('verified');
    } catch (err) {
      const message =
        err instanceof AuthApiError && err.status !== 0
          ? err.message
          : err instanceof Error && err.message === m.verificationUnexpected
            ? err.message
            : m.verificationFailed;
      setError(message);
      setPhase('failed');
      if (/expired/i.test(message)) setManual(true);
    }
  };

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void run({ token });
  }, [token]);

  useEffect(() => {
    if (phase !== 'verified') return;
    const t = setTimeout(() => navigate('/login', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [phase, navigate]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) {
      setError(m.resendEmailRequired);
      return;
    }
    if (!code.trim()) {
      setError(m.verificationFailed);
      return;
    }
    void run({ email: email.trim(), code });
  };

  if (phase === 'verified') {
    return (
      <AuthShell title="Email Verified!" subtitle="Your email address is confirmed. Taking you to the login page…">
        <div className="flex flex-col items-center gap-4">
          <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden />
          <Link to="/login" className="font-medium text-violet-300 hover:underline">
            Log In now
          </Link>
        </div>
      </AuthShell>
    );
  }
  if (phase === 'verifying' && !manual) return <FullAreaSpinner label="Verifying your email" />;

  return (
    <AuthShell
      title="Verify your email"
      subtitle="Enter your email address and the 16-character code from the verification email."
      footer={
        <p>
          No code?{' '}
          <Link to="/confirm" state={{ email }} className="font-medium text-violet-300 hover:underline">
            Resend verification email
          </Link>
        </p>
      }
    >
      {!manual ? (
        <div className="space-y-4">
          {error && <Alert>{error}</Alert>}
          <Button type="button" variant="secondary" className="w-full" onClick={() => setManual(true)}>
            Enter the code manually
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          {error && <Alert>{error}</Alert>}
          <Field label="Email">
            {(id) => <TextInput id={id} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
          </Field>
          <Field label="Verification code">
            {(id) => (
              <TextInput
                id={id}
                name="code"
                placeholder="XXXX-XXXX-XXXX-XXXX"
                autoComplete="one-time-code"
                className="font-mono tracking-widest"
                maxLength={19}
                value={code}
                onChange={(e) => setCode(formatCodeGroups(e.target.value).slice(0, 19))}
              />
            )}
          </Field>
          <Button type="submit" className="w-full" busy={phase === 'verifying'}>
            Verify Email
          </Button>
        </form>
      )}
    </AuthShell>
  );
}

export default VerifyPage;
