import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { accountMessages as m } from '@shared/accounts/messages';
import { AuthApiError, authApi } from './api';
import { Button } from '@web/ui/button';
import { Alert, Field, TextInput } from '@web/ui/form';
import { AuthShell } from '@web/ui/auth-shell';

/** /forgot-password: the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError(m.emailRequired);
      return;
    }
    setBusy(true);
    try {
      await authApi.forgotPassword(email.trim());
      setSent(true);
    } catch (err) {
      setError(err instanceof AuthApiError && err.status === 429 ? err.message : m.resetEmailFailed);
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <AuthShell
        title="Check Your Email"
        subtitle={
          <>
            If an account exists for <strong className="text-zinc-100">{email.trim()}</strong>, we sent it a 6-character reset code and a link to choose a new
            password.
          </>
        }
        footer={
          <p>
            <Link to="/login" className="font-medium text-violet-300 hover:underline">
              Back to login
            </Link>
          </p>
        }
      >
        <div className="space-y-4">
          <div className="flex justify-center">
            <MailCheck className="h-12 w-12 text-violet-600" aria-hidden />
          </div>
          <Link to="/reset-password" className="block w-full rounded-lg bg-violet-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-violet-700">
            Enter reset code
          </Link>
          <Button type="button" variant="secondary" className="w-full" onClick={() => setSent(false)}>
            Try another email address
          </Button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Forgot your password?"
      subtitle="Enter your email address and we will send you a reset code."
      footer={
        <p>
          <Link to="/login" className="font-medium text-violet-300 hover:underline">
            Back to login
          </Link>
        </p>
      }
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {error && <Alert>{error}</Alert>}
        <Field label="Email">{(id) => <TextInput id={id} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}</Field>
        <Button type="submit" className="w-full" busy={busy}>
          Send reset code
        </Button>
      </form>
    </AuthShell>
  );
}

export default ForgotPasswordPage;
