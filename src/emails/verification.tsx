import { Link, Text } from '@react-email/components';
import { formatCodeGroups } from '@shared/accounts/schemas.js';
import { ActionButton, CodeBox, EmailLayout, longLink, paragraph, type SiteInfo } from './layout.js';

/** seed 000 §3: verification payload firstName, verificationUrl, token, siteName. */
export interface VerificationEmailProps extends SiteInfo {
  firstName: string;
  verificationUrl: string;
  token: string;
}

export const verificationSubject = (p: Pick<VerificationEmailProps, 'siteName'>) => `Verify your email for ${p.siteName}`;

export function VerificationEmail(p: VerificationEmailProps) {
  const site = { siteName: p.siteName, baseUrl: p.baseUrl };
  return (
    <EmailLayout site={site} preview={`Your ${p.siteName} verification code is ${formatCodeGroups(p.token)}`} title="Verify your email address">
      <Text style={paragraph}>Hi {p.firstName || 'there'},</Text>
      <Text style={paragraph}>Thanks for signing up for {p.siteName}. Confirm your email address with the button below:</Text>
      <ActionButton href={p.verificationUrl}>Verify Email</ActionButton>
      <Text style={paragraph}>Or enter this verification code on the verification page:</Text>
      <CodeBox code={formatCodeGroups(p.token)} />
      <Text style={paragraph}>
        The link and the code expire in 24 hours. If the button does not work, open this address:{' '}
        <Link href={p.verificationUrl} style={longLink}>
          {p.verificationUrl}
        </Link>
      </Text>
      <Text style={paragraph}>If you did not create an account, you can ignore this email.</Text>
    </EmailLayout>
  );
}
