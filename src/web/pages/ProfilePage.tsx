import { ProfileTabsFrame } from '../features/billing/ProfileTabsFrame';
import { AccountSecuritySection } from '../features/auth/AccountSecuritySection';
import { ViewportsPanel } from '../features/sessions/ViewportsPanel';

/** /profile?tab=profile|credits|billing|settings (seed 000 §2). */
export function ProfilePage() {
  return (
    <ProfileTabsFrame
      panels={{
        settings: <AccountSecuritySection />,
        profile: (
          <div className="space-y-8">
            <section>
              <h2 className="mb-3 text-lg font-semibold text-white">Viewports</h2>
              <ViewportsPanel />
            </section>
          </div>
        ),
      }}
    />
  );
}
export default ProfilePage;
