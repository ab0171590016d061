import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { KeyRound } from 'lucide-react';
import { accountMessages as m } from '@shared/accounts/messages';
import { ChangePasswordForm } from '@shared/accounts/schemas';
import { authApi } from './api';
import { Button } from '@web/ui/button';
import { Alert, CheckboxInput } from '@web/ui/form';
import { PasswordField } from './PasswordField';
import { useAuthAction } from './useAuthAction';

const empty: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '', revokeOtherSessions: false };

const passwordFields = [
  { key: 'currentPassword', label: 'Current password', name: 'current-password', autoComplete: 'current-password' },
  { key: 'newPassword', label: 'New password', name: 'new-password', autoComplete: 'new-password' },
  { key: 'confirmPassword', label: 'Confirm new password', name: 'confirm-new-password', autoComplete: 'new-password' },
] as const;

type Errors = Partial<Record<keyof ChangePasswordForm, string>>;

/** Change the password while signed in: the current one, a new one by the sign-up rules, typed twice. */
export function ChangePasswordSection() {
  const [form, setForm] = useState<ChangePasswordForm>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const { busy, error, setError, run } = useAuthAction({ toast: true });

  const set = <K extends keyof ChangePasswordForm>(key: K, value: ChangePasswordForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = ChangePasswordForm.safeParse(form);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof ChangePasswordForm;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    await run(async () => {
      const { confirmPassword: _confirm, ...body } = parsed.data;
      await authApi.changePassword(body);
      setForm(empty);
      toast.success(m.passwordChanged);
    });
  };

  return (
    <section className="space-y-4 rounded-xl border border-white/10 p-5" data-testid="change-password-section">
      <header className="flex items-center gap-2">
        <KeyRound className="h-5 w-5 text-violet-600" aria-hidden />
        <h2 className="text-base font-semibold">Password</h2>
      </header>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {error && <Alert>{error.message}</Alert>}
        {passwordFields.map((f) => (
          <PasswordField
            key={f.key}
            label={f.label}
            name={f.name}
            autoComplete={f.autoComplete}
            value={form[f.key]}
            onChange={(v) => set(f.key, v)}
            error={errors[f.key]}
          />
        ))}
        <CheckboxInput
          name="revoke-other-sessions"
          label="Sign out of other devices"
          checked={form.revokeOtherSessions}
          onChange={(e) => set('revokeOtherSessions', e.target.checked)}
        />
        <Button type="submit" busy={busy}>
          Change password
        </Button>
      </form>
    </section>
  );
}
