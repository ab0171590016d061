import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { ApiError } from '@web/lib/api-client';
import { Button } from '@web/ui/button';
import { Modal } from '@web/ui/dialog';
import { Field, TextInput } from '@web/ui/form';
import { useMe } from '../auth/session';
import { SetAdminInput } from '@shared/admin';
import { adminApi } from './api';
import { AdminCard } from './AdminCard';

const ADMINS_KEY = ['admin', 'admins'] as const;

/** Who has the admin role; another admin gives or takes it (nobody takes their own). */
export function AdminsSection() {
  const client = useQueryClient();
  const { data: me } = useMe();
  const admins = useQuery({ queryKey: ADMINS_KEY, queryFn: adminApi.admins });
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<string | null>(null);
  // taking the role signs the admin out everywhere: asked first
  const [demoting, setDemoting] = useState<string | null>(null);

  async function change(target: string, admin: boolean) {
    const parsed = SetAdminInput.safeParse({ email: target, admin });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setBusy(`${target}:${admin}`);
    try {
      const r = await adminApi.setAdmin(parsed.data.email, admin);
      toast.success(r.message);
      setEmail('');
      await client.invalidateQueries({ queryKey: ADMINS_KEY });
    } catch (err) {
      const text = err instanceof ApiError && err.status > 0 ? err.message : 'Failed to change the admin role';
      setError(text);
      toast.error(text);
    } finally {
      setBusy(null);
      setDemoting(null);
    }
  }

  return (
    <AdminCard id="admins" title="Admins" description="Admins see this panel. A demoted admin is signed out everywhere.">
      <ul className="divide-y divide-white/5 rounded-lg border border-white/10" data-testid="admin-list">
        {(admins.data?.admins ?? []).map((a) => (
          <li key={a.id} className="flex items-center gap-3 px-4 py-2.5 text-sm">
            <ShieldCheck className="size-4 text-violet-300" aria-hidden />
            <span className="min-w-0 flex-1 truncate text-zinc-200">{a.email}</span>
            {a.id === me?.user.id ? (
              <span className="text-xs text-zinc-500">you</span>
            ) : (
              <Button variant="secondary" size="sm" onClick={() => setDemoting(a.email)}>
                Remove admin
              </Button>
            )}
          </li>
        ))}
      </ul>
      <form
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void change(email, true);
        }}
      >
        <div className="flex-1">
          <Field label="Make admin (email)" error={error}>
            {(id) => (
              <TextInput
                id={id}
                type="email"
                value={email}
                invalid={!!error}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setError(undefined);
                }}
              />
            )}
          </Field>
        </div>
        <Button type="submit" variant="secondary" busy={busy === `${email}:true`} className="sm:mt-7">
          Make Admin
        </Button>
      </form>
      <Modal
        open={demoting !== null}
        onOpenChange={(open) => !open && busy === null && setDemoting(null)}
        title="Remove admin role?"
        description={demoting ? `${demoting} loses access to this panel and is signed out everywhere.` : undefined}
        testId="demote-confirm"
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setDemoting(null)} disabled={busy !== null}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy === `${demoting}:false`} onClick={() => demoting && void change(demoting, false)}>
            Remove admin
          </Button>
        </div>
      </Modal>
    </AdminCard>
  );
}
