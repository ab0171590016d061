import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { BillingTab } from './BillingTab';

export const PROFILE_TABS = [
  { key: 'profile', label: 'Profile' },
  { key: 'credits', label: 'Credits' },
  { key: 'billing', label: 'Billing' },
  { key: 'settings', label: 'Settings' },
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number]['key'];

/**
 * The tab frame of /profile (seed 000 §2: tabs Profile, Credits, Billing, Settings by the `tab` query parameter,
 * Profile by default). The Billing tab is built in; the page passes the other tabs' content as it is written.
 */
export function ProfileTabsFrame(props: { panels?: Partial<Record<ProfileTab, ReactNode>> }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: ProfileTab = PROFILE_TABS.some((t) => t.key === requested) ? (requested as ProfileTab) : 'profile';
  const panels: Partial<Record<ProfileTab, ReactNode>> = { billing: <BillingTab />, ...props.panels };

  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">Profile Settings</h1>
      <div role="tablist" aria-label="Profile sections" className="mt-6 flex gap-1 border-b border-zinc-200 dark:border-zinc-800">
        {PROFILE_TABS.map((t) => (
          <button
            key={t.key}
            role="tab"
            type="button"
            aria-selected={tab === t.key}
            onClick={() => setParams(t.key === 'profile' ? {} : { tab: t.key })}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
              tab === t.key ? 'border-violet-600 text-violet-700 dark:text-violet-400' : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="mt-6">
        {panels[tab] ?? <p className="text-sm text-zinc-600 dark:text-zinc-400">This section is on its way.</p>}
      </div>
    </main>
  );
}
