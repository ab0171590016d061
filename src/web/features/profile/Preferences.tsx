import { Tabs } from 'radix-ui';
import { GeneralCard } from './GeneralCard';
import { NotificationsCard } from './NotificationsCard';

const SECTIONS = [
  { key: 'general', label: 'General' },
  { key: 'notifications', label: 'Notifications' },
] as const;

/**
 * Settings (Preferences in the side panel) with its two sub-tabs, General and Notifications (seed 000 §2): the
 * Settings tab of /profile and the Preferences view of the workspace's side panel. A keyboard tab list.
 */
export function Preferences() {
  return (
    <Tabs.Root defaultValue="general" activationMode="automatic" data-testid="preferences">
      <Tabs.List aria-label="Settings sections" className="flex gap-1 rounded-lg bg-white/[0.04] p-1 ring-1 ring-white/[0.06]">
        {SECTIONS.map((s) => (
          <Tabs.Trigger
            key={s.key}
            value={s.key}
            className="flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-zinc-400 outline-none transition-colors hover:text-white focus-visible:ring-2 focus-visible:ring-violet-400 data-[state=active]:bg-white/[0.08] data-[state=active]:text-white"
          >
            {s.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="general" className="mt-4 outline-none">
        <GeneralCard />
      </Tabs.Content>
      <Tabs.Content value="notifications" className="mt-4 outline-none">
        <NotificationsCard />
      </Tabs.Content>
    </Tabs.Root>
  );
}
