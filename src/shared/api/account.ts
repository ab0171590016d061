/**
 * Accounts (/api/accounts: sign-up, verification, password reset, VAT check; /api/account: sign-out, deletion;
 * /api/security-events). The request schemas are the forms' own (shared/accounts/schemas.ts).
 */
import { z } from 'zod';
import { RegenerateBackupCodesRequest as PasswordConfirmation, SignOutScope } from '../accounts/schemas.js';
import { IsoDateTime } from './common.js';

export {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  RegenerateBackupCodesRequest,
  ResendVerificationRequest,
  ResetPasswordRequest,
  SecurityEventRequest,
  SignupRequest,
  ValidateVatRequest,
  VerifyEmailRequest,
} from '../accounts/schemas.js';

/** DELETE /api/account: the account's password, asked again before everything is deleted. */
export const DeleteAccountRequest = PasswordConfirmation;
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

export const SignupResponse = z.strictObject({
  user: z.strictObject({ id: z.string(), email: z.string() }),
  verification_email_sent: z.boolean(),
  /** Present when the account exists but the verification e-mail could not be sent. */
  warning: z.string().optional(),
});
export type SignupResponse = z.infer<typeof SignupResponse>;

export const VatCheckResponse = z.strictObject({ valid: z.boolean(), vat_id: z.string() });
export type VatCheckResponse = z.infer<typeof VatCheckResponse>;

/** seed 001 §7.5: a message field means success. */
export const MessageResponse = z.strictObject({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const ResendResponse = z.strictObject({ sent: z.boolean(), cooldown_seconds: z.number().int() });
export type ResendResponse = z.infer<typeof ResendResponse>;

export const SentResponse = z.strictObject({ sent: z.boolean() });
export type SentResponse = z.infer<typeof SentResponse>;

export const SignOutQuery = z.object({ scope: SignOutScope.default('local') });
export const SignOutResponse = z.strictObject({ success: z.boolean(), scope: SignOutScope });
export type SignOutResponse = z.infer<typeof SignOutResponse>;

/** GET /api/account/two-factor/backup-codes: how many unused backup codes the account has (0 without two-factor). */
export const BackupCodesStatusResponse = z.strictObject({ remaining: z.number().int().min(0) });
export type BackupCodesStatusResponse = z.infer<typeof BackupCodesStatusResponse>;

/** POST /api/account/two-factor/backup-codes: the new codes, shown this once. */
export const BackupCodesResponse = z.strictObject({ backupCodes: z.array(z.string()) });
export type BackupCodesResponse = z.infer<typeof BackupCodesResponse>;

export const SecurityEventRecorded = z.strictObject({ recorded: z.boolean() });

/** One of the signed-in user's own security events. */
const OwnSecurityEvent = z
  .strictObject({
    id: z.number().int(),
    action: z.string(),
    resource: z.string().nullable(),
    status: z.string(),
    details: z.record(z.string(), z.unknown()),
    ip_address: z.string().nullable(),
    user_agent: z.string().nullable(),
    page_url: z.string().nullable(),
    /** 'client': reported by a browser, not recorded by the server. */
    source: z.enum(['server', 'client']),
    created_at: IsoDateTime,
  })
  .meta({ id: 'OwnSecurityEvent' });
export const OwnSecurityEventsResponse = z.strictObject({ events: z.array(OwnSecurityEvent) });
export type OwnSecurityEventsResponse = z.infer<typeof OwnSecurityEventsResponse>;
