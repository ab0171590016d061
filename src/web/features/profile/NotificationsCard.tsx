import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Switch } from 'radix-ui';
import { apiRequest } from '@web/lib/api-client';
import { NOTIFICATION_KEYS, NOTIFICATION_LABELS, preferencesFailed, type NotificationKey, type NotificationPreferences } from '@shared/notifications';
import { SettingsCard } from './Card';

const KEY = ['profile', 'notifications'] as const;

/** Settings → Notifications (seed 000 §2): each switch is saved on the server as it is flipped. */
export function NotificationsCard() {
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: KEY,
    queryFn: async () => (await apiRequest<{ preferences: NotificationPreferences }>('GET', '/api/profile/notifications')).preferences,
  });

  async function flip(key: NotificationKey, value: boolean) {
    // a load still under way (the card just opened) must not put the old value back over the flip
    await client.cancelQueries({ queryKey: KEY });
    const before = client.getQueryData<NotificationPreferences>(KEY);
    if (before) client.setQueryData(KEY, { ...before, [key]: value });
    try {
      const r = await apiRequest<{ preferences: NotificationPreferences; message: string }>('PUT', '/api/profile/notifications', { [key]: value });
      client.setQueryData(KEY, r.preferences);
      toast.success(r.message);
    } catch {
      if (before) client.setQueryData(KEY, before);
      toast.error(preferencesFailed);
    }
  }

  return (
    <SettingsCard title="Notifications" testId="notifications">
      <ul className="divide-y divide-white/5">
        {NOTIFICATION_KEYS.map((key) => {
          const dependent = key !== 'email_notifications';
          const disabled = !data || (dependent && !data.email_notifications);
          const id = `notify-${key}`;
          return (
            <li key={key} className="flex items-center justify-between gap-6 py-3">
              <div className={disabled && data ? 'opacity-50' : undefined}>
                <label htmlFor={id} className="text-sm font-medium text-zinc-100">
                  {NOTIFICATION_LABELS[key].label}
                </label>
                <p className="text-xs text-zinc-400">{NOTIFICATION_LABELS[key].description}</p>
              </div>
              <Switch.Root
                id={id}
                checked={data?.[key] ?? false}
                disabled={disabled}
                onCheckedChange={(v) => void flip(key, v)}
                className="relative h-6 w-11 shrink-0 rounded-full bg-zinc-700 outline-none transition-colors focus-visible:ring-2 focus-visible:ring-violet-400 disabled:opacity-50 data-[state=checked]:bg-violet-600"
              >
                <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
              </Switch.Root>
            </li>
          );
        })}
      </ul>
    </SettingsCard>
  );
}
