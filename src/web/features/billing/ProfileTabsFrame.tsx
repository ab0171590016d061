import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { TabList, TabPanel, Tabs } from '@web/ui/tabs';
import { BillingTab } from './BillingTab';

const PROFILE_TABS = [
  { key: 'profile', label: 'Profile' },
  { key: 'credits', label: 'Credits' },
  { key: 'billing', label: 'Billing' },
  { key: 'settings', label: 'Settings' },
  { key: 'api', label: 'API' },
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number]['key'];

/**
 * The tab frame of /profile (seed 000 §2: tabs Profile, Credits, Billing, Settings, and API for the public API's keys, by the `tab` query parameter,
 * Profile by default and for an unknown value). The URL follows the tab, so every tab can be linked to; the tabs
 * are a keyboard tab list (arrow keys, Home, End).
 */
export function ProfileTabsFrame(props: { panels: Partial<Record<ProfileTab, ReactNode>> }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: ProfileTab = PROFILE_TABS.some((t) => t.key === requested) ? (requested as ProfileTab) : 'profile';
  const panels: Partial<Record<ProfileTab, ReactNode>> = { billing: <BillingTab />, ...props.panels };

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-white">Profile Settings</h1>
      <Tabs value={tab} onValueChange={(v) => setParams(v === 'profile' ? {} : { tab: v }, { replace: false })} activationMode="automatic">
        <TabList label="Profile sections" tabs={PROFILE_TABS} look="underline" className="mt-6" />
        {PROFILE_TABS.map((t) => (
          <TabPanel key={t.key} value={t.key} className="mt-6 outline-none">
            {panels[t.key]}
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}
