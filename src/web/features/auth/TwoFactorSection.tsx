import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import QRCode from 'qrcode';
import { ShieldCheck } from 'lucide-react';
import { authApi } from './api';
import { Button } from '@web/ui/button';
import { Alert, Field, TextInput } from '@web/ui/form';
import { BackupCodesList } from './BackupCodesList';
import { BACKUP_CODES_KEY, BackupCodesPanel } from './BackupCodesPanel';
import { PasswordField } from './PasswordField';
import { useAuthAction } from './useAuthAction';

const TWO_FACTOR_KEY = ['auth', 'session', 'two-factor'];

/** better-auth's session answer carries the two-factor flag our /api/me leaves out. */
function useTwoFactorEnabled() {
  return useQuery({
    queryKey: TWO_FACTOR_KEY,
    queryFn: async () => {
      const s = (await authApi.refreshSession()) as { user?: { twoFactorEnabled?: boolean } } | null;
      return !!s?.user?.twoFactorEnabled;
    },
  });
}

type Enrolment = { secret: string; qr: string; backupCodes: string[] };

/** Two-factor (TOTP): enrol with a QR code and the secret, confirm with a code, or turn it off with the password. */
export function TwoFactorSection() {
  const queryClient = useQueryClient();
  const { data: enabled, isLoading } = useTwoFactorEnabled();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const { busy, error, run } = useAuthAction({ toast: false });

  const refresh = () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });

  const start = (e: FormEvent) => {
    e.preventDefault();
    return run(async () => {
      const res = await authApi.enableTotp(password);
      const secret = new URL(res.totpURI).searchParams.get('secret') ?? '';
      setEnrolment({ secret, qr: await QRCode.toDataURL(res.totpURI, { margin: 1, width: 200 }), backupCodes: res.backupCodes });
      setPassword('');
    });
  };

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    return run(async () => {
      await authApi.verifyTotp(code);
      setEnrolment(null);
      setCode('');
      toast.success('Two-factor authentication is on');
      await refresh();
      await queryClient.invalidateQueries({ queryKey: BACKUP_CODES_KEY });
    });
  };

  const disable = (e: FormEvent) => {
    e.preventDefault();
    return run(async () => {
      await authApi.disableTotp(password);
      setPassword('');
      toast.success('Two-factor authentication is off');
      await refresh();
    });
  };

  return (
    <section className="space-y-4 rounded-xl border border-white/10 p-5" data-testid="two-factor-section">
      <header className="flex items-center gap-2">
        <ShieldCheck className="h-5 w-5 text-violet-600" aria-hidden />
        <h2 className="text-base font-semibold">Two-factor authentication</h2>
        {!isLoading && (
          <span
            className={`ml-auto rounded-full px-2 py-0.5 text-xs font-medium ${enabled ? 'bg-emerald-500/15 text-emerald-300' : 'bg-white/5 text-zinc-400'}`}
          >
            {enabled ? 'On' : 'Off'}
          </span>
        )}
      </header>
      {error && <Alert>{error.message}</Alert>}
      {enrolment ? (
        <form onSubmit={confirm} className="space-y-4">
          <p className="text-sm text-zinc-400">Scan the QR code with your authenticator app, or enter the secret by hand, then type the code it shows.</p>
          <img src={enrolment.qr} alt="QR code for your authenticator app" width={200} height={200} className="rounded-lg bg-white p-2" />
          <p className="text-sm">
            Secret:{' '}
            <code className="break-all font-mono" data-testid="totp-secret">
              {enrolment.secret}
            </code>
          </p>
          <BackupCodesList codes={enrolment.backupCodes} />
          <Field label="Code from the app">
            {(id) => (
              <TextInput id={id} name="totp-code" inputMode="numeric" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
            )}
          </Field>
          <div className="flex gap-2">
            <Button type="submit" busy={busy} disabled={code.length !== 6}>
              Verify and turn on
            </Button>
            <Button type="button" variant="secondary" onClick={() => setEnrolment(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <form onSubmit={enabled ? disable : start} className="space-y-4">
            <p className="text-sm text-zinc-400">
              {enabled
                ? 'Signing in asks for a code from your authenticator app.'
                : 'Protect your account with a code from an authenticator app at every sign-in.'}
            </p>
            <PasswordField label="Current password" name="two-factor-password" autoComplete="current-password" value={password} onChange={setPassword} />
            <Button type="submit" variant={enabled ? 'secondary' : 'primary'} busy={busy} disabled={!password || isLoading}>
              {enabled ? 'Turn off two-factor' : 'Set up two-factor'}
            </Button>
          </form>
          {enabled && <BackupCodesPanel />}
        </>
      )}
    </section>
  );
}
