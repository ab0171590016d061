import { TabList, TabPanel, Tabs } from '@web/ui/tabs';
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
    <Tabs defaultValue="general" activationMode="automatic" data-testid="preferences">
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
