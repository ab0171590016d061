import { fill, messages } from '../messages.js';

export { fill };

/**
 * The accounts capability's text by purpose. Seed strings come from the catalogue (src/shared/messages.ts);
 * the few the seeds leave open are written here and marked "ours".
 */
export const accountMessages = {
  // seed 001 §8, sign-up by status
  signupTooMany: messages.signup429,
  signupExists: messages.signup409,
  signupInvalid: messages.signup400,
  signupServerError: messages.signup500,
  signupOther: messages.signupOther,
  unexpected: messages.unexpectedError,
  signupMailFailed: messages.signupVerificationSendFailed,

  // seed 001 §8, resend
  resendRateLimitReached: messages.resendRateLimit,
  resendError: messages.resendError,
  resendTooEarly: messages.resendTooEarly,
  resendEmailRequired: messages.resendEmailRequired,
  resendWait: messages.resendWait,
  // ours; contains 'security purposes' so the client starts its cooldown (seed 001 §8)
  resendCooldown: 'For security purposes, you can only request this after {n} seconds.',
  // ours; contains 'rate limit' for the same reason
  resendIpLimit: 'Email rate limit exceeded. Please try again later.',

  // seed 001 §8, validation
  passwordsDontMatch: messages.passwordsDontMatch,
  termsRequired: messages.termsRequired,
  countryRequired: messages.countrySelectionRequired,
  companyRequired: messages.companyRequiredAccount,
  vatInvalid: messages.vatInvalid,
  vatUnavailable: messages.vatUnavailable,
  businessEmailDetected: 'Business email detected',

  // seed 001 §8, verification
  verificationFailed: messages.verificationFailed,
  verificationUnexpected: messages.verificationUnexpected,
  emailVerified: 'Email Verified!',
  // ours; 'expired' makes the page show the manual code form (seed 000 §4)
  verificationExpired: 'This verification code has expired. Please request a new one.',
  verificationInvalid: 'This verification code is not valid. Please check it and try again.',
  verificationSuccess: 'Your email address has been verified.',

  // seed 001 §8, reset
  passwordsDoNotMatch: messages.resetPasswordsDontMatch,
  passwordTooShort: messages.resetPasswordTooShort,
  resetCodeRequired: messages.resetCodeRequired,
  emailRequired: messages.resetEmailRequired,
  resetFailed: messages.resetFailed,
  resetEmailFailed: messages.resetSendFailed,
  // ours
  resetCodeInvalid: 'This reset code is invalid, expired or already used. Please request a new one.',
  resetTooMany: 'Too many password reset attempts. Please wait a few minutes before trying again.',
  resetSuccess: 'Your password has been reset. Please sign in with your new password.',

  // sign-in (ours: the seed shows the server's message)
  signInInvalid: 'Invalid email or password',
  signInUnverified: 'Please verify your email address before signing in. Use the code we sent you, or resend it from the confirmation page.',
  signInTooMany: 'Too many sign-in attempts. Please wait a minute before trying again.',
  // after the seed's signup429: the account's sign-in is locked for minutes, whatever address asks
  signInLocked: 'Too many sign-in attempts. Please wait a few minutes before trying again.',
  twoFactorInvalid: 'Invalid two-factor code. Please try again.',
  twoFactorTooMany: 'Too many two-factor attempts. Please wait a few minutes before trying again.',

  // account security (password change, backup codes, the notices mailed after a change)
  currentPasswordWrong: messages.currentPasswordWrong,
  passwordChanged: messages.passwordChanged,
  passwordChangeTooMany: messages.passwordChangeTooMany,
  backupCodeInvalid: messages.backupCodeInvalid,
  backupCodesLeft: messages.backupCodesLeft,
  backupCodesLow: messages.backupCodesLow,
  backupCodesNoneLeft: messages.backupCodesNoneLeft,
  backupCodesRegenerated: messages.backupCodesRegenerated,
  emailPasswordChangedSubject: messages.emailPasswordChangedSubject,
  emailTwoFactorEnabledSubject: messages.emailTwoFactorEnabledSubject,
  emailTwoFactorDisabledSubject: messages.emailTwoFactorDisabledSubject,
  emailBackupCodesRegeneratedSubject: messages.emailBackupCodesRegeneratedSubject,
  emailAccountDeletedSubject: messages.emailAccountDeletedSubject,

  // seed 001 §8, account
  accountDeleted: messages.accountDeleted,
  accountDeleteFailed: messages.accountDeleteFailedRetry,

  // generic
  authRequired: 'Authentication required',
  tooManyRequests: 'Too many requests. Please try again later.',
} as const;

/** seed 001 §8: the client's text for a failed sign-up, by HTTP status. */
export function signupErrorMessage(status: number, serverMessage?: string): string {
  switch (status) {
    case 429:
      return accountMessages.signupTooMany;
    case 409:
      return accountMessages.signupExists;
    case 400:
      return accountMessages.signupInvalid;
    case 500:
      return accountMessages.signupServerError;
    default:
      return serverMessage || accountMessages.signupOther;
  }
}
