import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { accountMessages as m, fill } from '@shared/accounts/messages';
import { BACKUP_CODES_LOW } from '@shared/accounts/schemas';
import { authApi } from './api';
import { Button } from '@web/ui/button';
import { Alert } from '@web/ui/form';
import { BackupCodesList } from './BackupCodesList';
import { PasswordField } from './PasswordField';
import { useAuthAction } from './useAuthAction';

export const BACKUP_CODES_KEY = ['account', 'two-factor', 'backup-codes'];

/** How many backup codes are left, and new ones for the password (shown once; the old ones stop working). */
export function BackupCodesPanel() {
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: BACKUP_CODES_KEY, queryFn: authApi.backupCodesStatus });
  const [password, setPassword] = useState('');
  const [fresh, setFresh] = useState<string[] | null>(null);
  const { busy, error, run } = useAuthAction({ toast: true });

  const regenerate = (e: FormEvent) => {
    e.preventDefault();
    return run(async () => {
      const res = await authApi.regenerateBackupCodes(password);
      setFresh(res.backupCodes);
      setPassword('');
      toast.success(m.backupCodesRegenerated);
      await queryClient.invalidateQueries({ queryKey: BACKUP_CODES_KEY });
    });
  };

  const remaining = data?.remaining;
  return (
    <div className="space-y-3 border-t border-white/10 pt-4" data-testid="backup-codes-panel">
      <h3 className="text-sm font-semibold">Backup codes</h3>
      {remaining !== undefined && (
        <p className={`text-sm ${remaining <= BACKUP_CODES_LOW ? 'text-amber-300' : 'text-zinc-400'}`} data-testid="backup-codes-remaining">
          {remaining === 0
            ? m.backupCodesNoneLeft
            : remaining <= BACKUP_CODES_LOW
              ? fill(m.backupCodesLow, { n: remaining })
              : `${remaining} backup codes left.`}
        </p>
      )}
      {error && <Alert>{error.message}</Alert>}
      {fresh ? (
        <>
          <BackupCodesList codes={fresh} />
          <Button type="button" variant="secondary" onClick={() => setFresh(null)}>
            I have saved them
          </Button>
        </>
      ) : (
        <form onSubmit={regenerate} className="space-y-3">
          <p className="text-sm text-zinc-400">New codes replace the ones you have: the old codes stop working.</p>
          <PasswordField label="Current password" name="backup-codes-password" autoComplete="current-password" value={password} onChange={setPassword} />
          <Button type="submit" variant="secondary" busy={busy} disabled={!password}>
            Create new backup codes
          </Button>
        </form>
      )}
    </div>
  );
}
