import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { accountMessages as m, fill } from '@shared/accounts/messages';
import { BACKUP_CODES_LOW, normalizeBackupCode } from '@shared/accounts/schemas';
import { authApi } from './api';
import { Button } from '@web/ui/button';
import { Alert, Field, TextInput } from '@web/ui/form';
import { AuthShell } from '@web/ui/auth-shell';
import { useAuthAction } from './useAuthAction';

export type SecondFactor = 'password+totp' | 'password+backup_code';

/**
 * The sign-in's second step when the account has two-factor on: the 6-digit code from the authenticator app, or one
 * of the backup codes in its stead. `onVerified` finishes the sign-in, then shows `notice` (how many backup codes are
 * left) once the earlier toasts are gone; `onBack` returns to e-mail and password.
 */
export function TwoFactorLoginStep(props: { onVerified: (method: SecondFactor, notice?: () => void) => Promise<void>; onBack: () => void }) {
  const [mode, setMode] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');
  const [backupCode, setBackupCode] = useState('');
  const { busy, error, setError, run } = useAuthAction({ toast: true });

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    return run(async () => {
      await authApi.verifyTotp(code.replace(/\s/g, ''));
      await props.onVerified('password+totp');
    });
  };

  const submitBackupCode = (e: FormEvent) => {
    e.preventDefault();
    return run(async () => {
      await authApi.verifyBackupCode(normalizeBackupCode(backupCode));
      const remaining = await authApi
        .backupCodesStatus()
        .then((s) => s.remaining)
        .catch(() => null);
      await props.onVerified('password+backup_code', () => {
        if (remaining === null) return;
        if (remaining === 0) toast.warning(m.backupCodesNoneLeft, { duration: 15_000 });
        else if (remaining <= BACKUP_CODES_LOW) toast.warning(fill(m.backupCodesLow, { n: remaining }), { duration: 15_000 });
        else toast.success(fill(m.backupCodesLeft, { n: remaining }));
      });
    });
  };

  const switchMode = (next: 'totp' | 'backup') => {
    setError(null);
    setMode(next);
  };

  const backup = mode === 'backup';
  return (
    <AuthShell
      title="Two-factor authentication"
      subtitle={
        backup
          ? 'Enter one of the backup codes you saved when you set up two-factor. Each code works once.'
          : 'Enter the 6-digit code from your authenticator app.'
      }
    >
      <form onSubmit={backup ? submitBackupCode : submitCode} className="space-y-4" noValidate>
        {error && <Alert>{error.message}</Alert>}
        {backup ? (
          <Field label="Backup code">
            {(id) => (
              <TextInput
                id={id}
                name="backup-code"
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                placeholder="XXXXX-XXXXX"
                maxLength={16}
                autoFocus
                value={backupCode}
                onChange={(e) => setBackupCode(e.target.value.replace(/[^A-Za-z0-9-\s]/g, ''))}
              />
            )}
          </Field>
        ) : (
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
        )}
        <Button type="submit" className="w-full" busy={busy} disabled={backup ? normalizeBackupCode(backupCode).length !== 11 : code.length !== 6}>
          Verify
        </Button>
        {backup ? (
          <Button type="button" variant="link" className="w-full" onClick={() => switchMode('totp')}>
            Use your authenticator app instead
          </Button>
        ) : (
          <>
            <Button type="button" variant="link" className="w-full" onClick={() => switchMode('backup')}>
              Use a backup code
            </Button>
            <Button type="button" variant="link" className="w-full" onClick={props.onBack}>
              Back
            </Button>
          </>
        )}
      </form>
    </AuthShell>
  );
}
