import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MailCheck } from 'lucide-react';
import { accountMessages as m, fill } from '@shared/accounts/messages';
import { RESEND_COOLDOWN_SECONDS } from '@shared/accounts/schemas';
import { AuthApiError, authApi, onAuthEvent } from './api';
import { fetchMe } from './session';
import { Button } from '@web/ui/button';
import { Field, TextInput } from '@web/ui/form';
import { AuthShell } from '@web/ui/auth-shell';

/** seed 001 §8: these words in an error mean the server is rate limiting the resend. */
const isRateLimitMessage = (message: string) => /security purposes|rate limit/i.test(message);

/** /confirm: check-your-email, with resend and its 60-second cooldown (seed 000 §4). */
export function ConfirmPage() {
  const navigate = useNavigate();
  const state = useLocation().state as { email?: string } | null;
  const [email, setEmail] = useState(state?.email ?? '');
  // arriving from sign-up, a mail was just sent: the cooldown is already running
  const [cooldown, setCooldown] = useState(state?.email ? RESEND_COOLDOWN_SECONDS : 0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (cooldown <= 0) return;
    const t = setTimeout(() => setCooldown((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [cooldown]);

  // seed 000 §2: a sign-in elsewhere (SIGNED_IN) goes to /enhance
  useEffect(() => {
    const check = () =>
      void fetchMe().then(
        (me) => me && navigate('/enhance', { replace: true }),
        () => undefined,
      );
    const stop = onAuthEvent((e) => e === 'SIGNED_IN' && check());
    window.addEventListener('focus', check);
    return () => {
      stop();
      window.removeEventListener('focus', check);
    };
  }, [navigate]);

  const resend = async () => {
    if (!email.trim()) {
      toast.error(m.resendEmailRequired);
      return;
    }
    if (cooldown > 0) {
      toast.error(m.resendTooEarly);
      return;
    }
    setBusy(true);
    try {
      const res = await authApi.resendVerification(email.trim());
      toast.success(`Verification email sent to ${email.trim()}`);
      setCooldown(res.cooldown_seconds || RESEND_COOLDOWN_SECONDS);
    } catch (err) {
      const message = err instanceof AuthApiError ? err.message : '';
      if (isRateLimitMessage(message)) {
        toast.error(m.resendRateLimitReached);
        const retry = err instanceof AuthApiError ? Number(err.details?.retryAfter) : NaN;
        setCooldown(Number.isFinite(retry) && retry > 0 && retry <= RESEND_COOLDOWN_SECONDS ? retry : RESEND_COOLDOWN_SECONDS);
      } else {
        toast.error(m.resendError);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell
      title="Check Your Email"
      subtitle={
        state?.email ? (
          <>
            We sent a verification link and code to <strong className="text-zinc-100">{state.email}</strong>. Open the link, or enter the code on the
            verification page.
          </>
        ) : (
          'Enter your email address to receive a new verification link and code.'
        )
      }
      footer={
        <>
          <p>
            <Link to="/verify" state={{ email }} className="font-medium text-violet-300 hover:underline">
              Enter the code manually
            </Link>
          </p>
          <p>
            Already verified?{' '}
            <Link to="/login" className="font-medium text-violet-300 hover:underline">
              Log In
            </Link>
          </p>
        </>
      }
    >
      <div className="space-y-4">
        <div className="flex justify-center">
          <MailCheck className="h-12 w-12 text-violet-600" aria-hidden />
        </div>
        {!state?.email && (
          <Field label="Email">
            {(id) => <TextInput id={id} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
          </Field>
        )}
        <Button type="button" variant="secondary" className="w-full" busy={busy} disabled={cooldown > 0} onClick={resend}>
          {cooldown > 0 ? fill(m.resendWait, { n: cooldown }) : 'Resend verification email'}
        </Button>
      </div>
    </AuthShell>
  );
}

export default ConfirmPage;
