import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Trash2 } from 'lucide-react';
import { accountMessages as m } from '@shared/accounts/messages';
import { AuthApiError, authApi } from './api';
import { leaveSignedOut } from './session';
import { Button } from '@web/ui/button';
import { PasswordField } from './PasswordField';
import { SubscriptionEndsWithAccount } from '../billing/SubscriptionEndsWithAccount';

/**
 * Danger zone: deletes the account after a confirmation with the account's password, then signs out (seed 000 §4:
 * confirm, deleting, signed out). A wrong password is said at the field and nothing is deleted.
 */
export function DeleteAccountSection() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  const cancel = () => {
    setConfirming(false);
    setPassword('');
    setError(undefined);
  };

  useEffect(() => {
    if (!confirming) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setConfirming(false);
      setPassword('');
      setError(undefined);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [confirming]);

  const remove = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError(m.currentPasswordWrong);
    setBusy(true);
    setError(undefined);
    try {
      // the answer also clears this browser's session cookie
      await authApi.deleteAccount(password);
      toast.success(m.accountDeleted);
      await leaveSignedOut(navigate, queryClient);
    } catch (err) {
      // a refusal (wrong password, too many attempts) is the user's to correct; anything else failed on our side
      // and is said once, at the field
      if (err instanceof AuthApiError && err.status >= 400 && err.status < 500) setError(err.message);
      else toast.error(m.accountDeleteFailed);
      setBusy(false);
    }
  };

  return (
    <section className="space-y-3 rounded-xl border border-red-900/60 p-5" data-testid="delete-account-section">
      <header className="flex items-center gap-2">
        <Trash2 className="h-5 w-5 text-red-600" aria-hidden />
        <h2 className="text-base font-semibold text-red-400">Danger Zone</h2>
      </header>
      <p className="text-sm text-zinc-400">Deleting your account removes your profile, images, enhancements and saved viewports. This cannot be undone.</p>
      {confirming ? (
        <form role="alertdialog" aria-label="Delete account" className="space-y-3 rounded-lg bg-red-950/60 p-4" onSubmit={(e) => void remove(e)} noValidate>
          <p className="text-sm font-medium text-red-200">Are you sure? Your account and all of its data will be permanently deleted.</p>
          <SubscriptionEndsWithAccount />
          <PasswordField
            label="Enter your password to confirm"
            name="delete-account-password"
            autoComplete="current-password"
            value={password}
            onChange={(v) => {
              setPassword(v);
              setError(undefined);
            }}
            error={error}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" busy={busy} disabled={!password}>
              Yes, delete my account
            </Button>
            <Button type="button" variant="secondary" disabled={busy} onClick={cancel}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
          Delete Account
        </Button>
      )}
    </section>
  );
}
