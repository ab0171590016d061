import { useSearchParams } from 'react-router';
import { TabList, TabPanel, Tabs } from '@web/ui/tabs';
import { GeneralCard } from './GeneralCard';
import { NotificationsCard } from './NotificationsCard';

const SECTIONS = [
  { key: 'general', label: 'General' },
  { key: 'notifications', label: 'Notifications' },
] as const;
export type PreferencesSection = (typeof SECTIONS)[number]['key'];

/** The query parameter that names the sub-tab on /profile?tab=settings (General when absent or unknown). */
export const SECTION_PARAM = 'section';

/**
 * Settings (Preferences in the side panel) with its two sub-tabs, General and Notifications (seed 000 §2): the
 * Settings tab of /profile and the Preferences view of the workspace's side panel. A keyboard tab list. Given
 * `section`, the sub-tab is the caller's (the profile page keeps it in the URL); otherwise it starts on General.
 */
export function Preferences({ section, onSectionChange }: { section?: PreferencesSection; onSectionChange?: (section: PreferencesSection) => void }) {
  return (
    <Tabs
      value={section}
      defaultValue="general"
      onValueChange={(v) => onSectionChange?.(v as PreferencesSection)}
      activationMode="automatic"
      data-testid="preferences"
    >
      <TabList label="Settings sections" tabs={SECTIONS} look="segmented" />
      <TabPanel value="general" className="mt-4 outline-none">
        <GeneralCard />
      </TabPanel>
      <TabPanel value="notifications" className="mt-4 outline-none">
        <NotificationsCard />
      </TabPanel>
    </Tabs>
  );
}

/**
 * The Settings tab's sub-tab kept in the URL (/profile?tab=settings&section=notifications), so a reload, the back
 * button and a shared link all land on it. Each choice is a history entry, as the tabs above are.
 */
export function PreferencesInUrl() {
  const [params, setParams] = useSearchParams();
  const requested = params.get(SECTION_PARAM);
  const section: PreferencesSection = SECTIONS.some((s) => s.key === requested) ? (requested as PreferencesSection) : 'general';
  return (
    <Preferences
      section={section}
      onSectionChange={(next) => {
        const updated = new URLSearchParams(params);
        if (next === 'general') updated.delete(SECTION_PARAM);
        else updated.set(SECTION_PARAM, next);
        setParams(updated);
      }}
    />
  );
}
