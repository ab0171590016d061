/**
 * The better-auth answers (/api/auth/*) the web app reads. better-auth owns these endpoints and their shapes; the
 * schemas describe the part the app relies on and are documented, not checked per answer.
 */
import { z } from 'zod';

export const SignInEmailRequest = z.object({ email: z.string(), password: z.string(), rememberMe: z.boolean().optional() });

/** POST /api/auth/sign-in/email: the user, or a pending second factor. */
export const SignInResult = z.object({
  twoFactorRedirect: z.boolean().optional(),
  user: z.object({ id: z.string(), email: z.string() }).optional(),
});
export type SignInResult = z.infer<typeof SignInResult>;

export const VerifyTotpRequest = z.object({ code: z.string(), trustDevice: z.boolean().optional() });
export const VerifyTotpResult = z.object({ token: z.string().optional(), user: z.object({ id: z.string() }).optional() });
export type VerifyTotpResult = z.infer<typeof VerifyTotpResult>;

export const PasswordConfirmation = z.object({ password: z.string() });
export const EnableTotpResult = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });
export type EnableTotpResult = z.infer<typeof EnableTotpResult>;
export const DisableTotpResult = z.object({ status: z.boolean() });
export type DisableTotpResult = z.infer<typeof DisableTotpResult>;

/** GET /api/auth/get-session: null when signed out. */
export const SessionResult = z
  .object({
    session: z.object({ id: z.string(), userId: z.string(), expiresAt: z.string() }),
    user: z.object({ id: z.string(), email: z.string(), name: z.string(), twoFactorEnabled: z.boolean().nullable().optional() }),
  })
  .nullable();
export type SessionResult = z.infer<typeof SessionResult>;
