import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { accountMessages as m } from '@shared/accounts/messages';
import { MIN_PASSWORD_LENGTH, RESET_CODE_LENGTH } from '@shared/accounts/schemas';
import { AuthApiError, authApi } from './api';
import { Button } from '@web/ui/button';
import { Alert, Field, TextInput } from '@web/ui/form';
import { AuthShell } from '@web/ui/auth-shell';

/** Checks of seed 000 §5 in the order the form shows them; null when the form may be sent. */
export function resetFormError(v: { code: string; password: string; confirm: string; codeMode: boolean }): string | null {
  if (v.codeMode && !v.code.trim()) return m.resetCodeRequired;
  if (v.codeMode && v.code.trim().length !== RESET_CODE_LENGTH) return m.resetCodeRequired;
  if (v.password.length < MIN_PASSWORD_LENGTH) return m.passwordTooShort;
  if (v.password !== v.confirm) return m.passwordsDoNotMatch;
  return null;
}

/** /reset-password (6-character code typed in) and /reset-password/{token} (the e-mail's link). */
export function ResetPasswordPage() {
  const { token } = useParams();
  const navigate = useNavigate();
  const codeMode = !token;
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = resetFormError({ code, password, confirm, codeMode });
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      const res = await authApi.resetPassword((token ?? code).trim().toUpperCase(), password);
      toast.success(res.message);
      navigate('/login', { replace: true });
    } catch (err) {
      setError(err instanceof AuthApiError && err.status !== 0 && err.status < 500 ? err.message : m.resetFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell
      title="Set a new password"
      subtitle={codeMode ? 'Enter the 6-character code from the email and choose a new password.' : 'Choose a new password for your account.'}
      footer={
        <>
          <p>
            <Link to="/forgot-password" className="font-medium text-violet-300 hover:underline">
              Request a new code
            </Link>
          </p>
          <p>
            <Link to="/login" className="font-medium text-violet-300 hover:underline">
              Back to login
            </Link>
          </p>
        </>
      }
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {error && <Alert>{error}</Alert>}
        {codeMode && (
          <Field label="Reset code">
            {(id) => (
              <TextInput
                id={id}
                name="code"
                autoComplete="one-time-code"
                className="font-mono tracking-[0.3em] uppercase"
                maxLength={RESET_CODE_LENGTH}
                value={code}
                onChange={(e) => setCode(e.target.value.toUpperCase().replace(/[^A-Z0-9]/g, ''))}
              />
            )}
          </Field>
        )}
        <Field label="New password">
          {(id) => (
            <TextInput id={id} name="new-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          )}
        </Field>
        <Field label="Confirm new password">
          {(id) => (
            <TextInput
              id={id}
              name="confirm-password"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" className="w-full" busy={busy}>
          Reset Password
        </Button>
      </form>
    </AuthShell>
  );
}

export default ResetPasswordPage;
