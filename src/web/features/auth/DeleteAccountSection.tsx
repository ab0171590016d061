import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Trash2 } from 'lucide-react';
import { accountMessages as m } from '@shared/accounts/messages';
import { authApi } from './api';
import { leaveSignedOut } from './session';
import { Button } from '@web/ui/button';
import { SubscriptionEndsWithAccount } from '../billing/SubscriptionEndsWithAccount';

/** Danger zone: deletes the account after a confirmation, then signs out (seed 000 §4: confirm, deleting, signed out). */
export function DeleteAccountSection() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!confirming) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setConfirming(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [confirming]);

  const remove = async () => {
    setBusy(true);
    try {
      // the answer also clears this browser's session cookie
      await authApi.deleteAccount();
      toast.success(m.accountDeleted);
      await leaveSignedOut(navigate, queryClient);
    } catch {
      toast.error(m.accountDeleteFailed);
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
        <div role="alertdialog" aria-label="Delete account" className="space-y-3 rounded-lg bg-red-950/60 p-4">
          <p className="text-sm font-medium text-red-200">Are you sure? Your account and all of its data will be permanently deleted.</p>
          <SubscriptionEndsWithAccount />
          <div className="flex gap-2">
            <Button type="button" variant="danger" busy={busy} onClick={() => void remove()}>
              Yes, delete my account
            </Button>
            <Button type="button" variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
          Delete Account
        </Button>
      )}
    </section>
  );
}
