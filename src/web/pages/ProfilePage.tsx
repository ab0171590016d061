import { ProfileTabsFrame } from '../features/billing/ProfileTabsFrame';
import { AccountSecuritySection } from '../features/auth/AccountSecuritySection';
import { ViewportsPanel } from '../features/sessions/ViewportsPanel';
import { ProfileTab } from '../features/profile/ProfileTab';
import { CreditsTab } from '../features/profile/CreditsTab';
import { SessionsCard } from '../features/profile/SessionsCard';
import { PreferencesInUrl } from '../features/profile/Preferences';
import { ApiTab } from '../features/api-keys/ApiTab';

/** /profile?tab=profile|credits|billing|settings|api (seed 000 §2, and the public API's keys); Settings' sub-tab as &section=notifications. */
export function ProfilePage() {
  return (
    <ProfileTabsFrame
      panels={{
        profile: (
          <ProfileTab
            extra={
              <section className="rounded-2xl border border-white/10 bg-zinc-900/50 p-6">
                <h2 className="mb-4 text-lg font-semibold text-white">Viewports</h2>
                <ViewportsPanel />
              </section>
            }
          />
        ),
        credits: <CreditsTab />,
        settings: (
          <div className="space-y-6">
            <PreferencesInUrl />
            <SessionsCard />
            <AccountSecuritySection />
          </div>
        ),
        api: <ApiTab />,
      }}
    />
  );
}
export default ProfilePage;
