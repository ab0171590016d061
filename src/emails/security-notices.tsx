import { Text } from '@react-email/components';
import { fill, messages } from '@shared/messages.js';
import { ActionButton, EmailLayout, paragraph, type SiteInfo } from './layout.js';

/**
 * The notices mailed after a change to how an account signs in: the owner learns of it even when someone else made it.
 * They tell what changed and when, never a password or a code.
 */
export interface SecurityNoticeEmailProps extends SiteInfo {
  firstName: string;
  /** When the change was made, as the reader sees it (e.g. '22 November 2026, 14:05 UTC'). */
  when: string;
}

export interface PasswordChangedEmailProps extends SecurityNoticeEmailProps {
  /** Whether the change signed out the account's other devices. */
  othersSignedOut: boolean;
}

type Keys = { title: keyof typeof messages; body: keyof typeof messages };

function Notice(props: { p: SecurityNoticeEmailProps; keys: Keys; extra?: string; resetLink?: boolean }) {
  const { p, keys } = props;
  const site = { siteName: p.siteName, baseUrl: p.baseUrl };
  const values = { site: p.siteName, when: p.when };
  return (
    <EmailLayout site={site} preview={fill(messages[keys.body], values)} title={messages[keys.title]}>
      <Text style={paragraph}>Hi {p.firstName || 'there'},</Text>
      <Text style={paragraph}>{fill(messages[keys.body], values)}</Text>
      {props.extra && <Text style={paragraph}>{props.extra}</Text>}
      {props.resetLink !== false && (
        <>
          <Text style={paragraph}>{messages.emailSecurityNotYou}</Text>
          <ActionButton href={`${p.baseUrl}/forgot-password`}>Reset Password</ActionButton>
        </>
      )}
    </EmailLayout>
  );
}

const subject = (key: keyof typeof messages) => (p: Pick<SiteInfo, 'siteName'>) => fill(messages[key], { site: p.siteName });

export const passwordChangedSubject = subject('emailPasswordChangedSubject');
export function PasswordChangedEmail(p: PasswordChangedEmailProps) {
  return (
    <Notice
      p={p}
      keys={{ title: 'emailPasswordChangedTitle', body: 'emailPasswordChangedBody' }}
      extra={p.othersSignedOut ? messages.emailPasswordChangedOthersSignedOut : undefined}
    />
  );
}

export const twoFactorEnabledSubject = subject('emailTwoFactorEnabledSubject');
export function TwoFactorEnabledEmail(p: SecurityNoticeEmailProps) {
  return <Notice p={p} keys={{ title: 'emailTwoFactorEnabledTitle', body: 'emailTwoFactorEnabledBody' }} />;
}

export const twoFactorDisabledSubject = subject('emailTwoFactorDisabledSubject');
export function TwoFactorDisabledEmail(p: SecurityNoticeEmailProps) {
  return <Notice p={p} keys={{ title: 'emailTwoFactorDisabledTitle', body: 'emailTwoFactorDisabledBody' }} />;
}

export const backupCodesRegeneratedSubject = subject('emailBackupCodesRegeneratedSubject');
export function BackupCodesRegeneratedEmail(p: SecurityNoticeEmailProps) {
  return <Notice p={p} keys={{ title: 'emailBackupCodesRegeneratedTitle', body: 'emailBackupCodesRegeneratedBody' }} />;
}

export const accountDeletedSubject = subject('emailAccountDeletedSubject');
/** Sent after the deletion: there is no account left to reset, so it only says goodbye. */
export function AccountDeletedEmail(p: SecurityNoticeEmailProps) {
  return (
    <Notice
      p={p}
      keys={{ title: 'emailAccountDeletedTitle', body: 'emailAccountDeletedBody' }}
      extra={fill(messages.emailAccountDeletedGoodbye, { site: p.siteName })}
      resetLink={false}
    />
  );
}
