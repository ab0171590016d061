import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Laptop } from 'lucide-react';
import { apiRequest } from '@web/lib/api-client';
import { Button } from '@web/ui/button';
import { when } from '@web/ui/paged-list';
import type { DeviceSession, SignInEvent } from '@shared/notifications';
import { deviceName } from '@shared/user-agent';
import { authApi } from '../auth/api';
import { leaveSignedOut } from '../auth/session';
import { SettingsCard } from './Card';

const KEY = ['profile', 'sessions'] as const;

/** Settings → Sessions: where the account is signed in, recent sign-ins, and signing out elsewhere or everywhere. */
export function SessionsCard() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { data } = useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest<{ sessions: DeviceSession[]; signIns: SignInEvent[] }>('GET', '/api/profile/sessions'),
  });
  const [busy, setBusy] = useState<'others' | 'global' | null>(null);

  async function signOut(scope: 'others' | 'global') {
    setBusy(scope);
    try {
      await authApi.signOut(scope);
      if (scope === 'global') return await leaveSignedOut(navigate, client);
      toast.success('Signed out on every other device');
      await client.invalidateQueries({ queryKey: KEY });
    } catch {
      toast.error('Signing out failed. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  const others = (data?.sessions ?? []).filter((s) => !s.current).length;
  return (
    <SettingsCard title="Sessions" testId="sessions">
      <ul className="divide-y divide-white/5 rounded-lg border border-white/10" data-testid="device-list">
        {(data?.sessions ?? []).map((s) => (
          <li key={s.id} className="flex items-center gap-3 px-4 py-3 text-sm">
            <Laptop className="size-4 text-zinc-400" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="text-zinc-100">
                {deviceName(s.userAgent)}{' '}
                {s.current && <span className="ml-1 rounded bg-violet-500/15 px-1.5 py-0.5 text-xs text-violet-200">This device</span>}
              </p>
              <p className="text-xs text-zinc-500">
                {s.ipAddress ?? 'unknown address'} · last active {when(s.lastActiveAt)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" busy={busy === 'others'} disabled={busy !== null || others === 0} onClick={() => void signOut('others')}>
          Sign out other devices
        </Button>
        <Button variant="danger" busy={busy === 'global'} disabled={busy !== null} onClick={() => void signOut('global')}>
          Sign out everywhere
        </Button>
      </div>
      {data && data.signIns.length > 0 && (
        <>
          <h3 className="mt-6 text-sm font-medium text-zinc-200">Recent sign-in activity</h3>
          <ul className="mt-2 space-y-1 text-xs text-zinc-400">
            {data.signIns.map((e) => (
              <li key={e.id} className="flex flex-wrap gap-x-2">
                <span className={e.status === 'failure' ? 'text-red-300' : 'text-zinc-300'}>
                  {e.action.replace('_', ' ')} {e.status === 'failure' ? 'failed' : ''}
                </span>
                <span>{deviceName(e.userAgent)}</span>
                {e.endedDevices.length > 0 && <span data-testid="ended-devices">ended {e.endedDevices.join(', ')}</span>}
                <span>{e.ipAddress ?? ''}</span>
                <span className="ml-auto">{when(e.at)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </SettingsCard>
  );
}
