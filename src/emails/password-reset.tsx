import { Link, Text } from '@react-email/components';
import { ActionButton, CodeBox, EmailLayout, longLink, paragraph, type SiteInfo } from './layout.js';

/** seed 000 §3: reset payload firstName, resetUrl, resetToken, siteName. */
export interface PasswordResetEmailProps extends SiteInfo {
  firstName: string;
  resetUrl: string;
  resetToken: string;
}

export const passwordResetSubject = (p: Pick<PasswordResetEmailProps, 'siteName'>) => `Reset your ${p.siteName} password`;

export function PasswordResetEmail(p: PasswordResetEmailProps) {
  const site = { siteName: p.siteName, baseUrl: p.baseUrl };
  return (
    <EmailLayout site={site} preview={`Your ${p.siteName} password reset code is ${p.resetToken}`} title="Reset your password">
      <Text style={paragraph}>Hi {p.firstName || 'there'},</Text>
      <Text style={paragraph}>We received a request to reset your password. Enter this code on the reset page:</Text>
      <CodeBox code={p.resetToken} />
      <Text style={paragraph}>Or choose a new password directly:</Text>
      <ActionButton href={p.resetUrl}>Reset Password</ActionButton>
      <Text style={paragraph}>
        The code and the link expire in 24 hours and work once. If the button does not work, open this address:{' '}
        <Link href={p.resetUrl} style={longLink}>
          {p.resetUrl}
        </Link>
      </Text>
      <Text style={paragraph}>If you did not ask for a new password, you can ignore this email; your password stays the same.</Text>
    </EmailLayout>
  );
}
