import { DeleteAccountSection } from './DeleteAccountSection';
import { ChangePasswordSection } from './ChangePasswordSection';
import { TwoFactorSection } from './TwoFactorSection';

/** The settings page's small security section until the full settings page arrives. */
export function AccountSecuritySection() {
  return (
    <div className="space-y-6">
      <ChangePasswordSection />
      <TwoFactorSection />
      <DeleteAccountSection />
    </div>
  );
}
