/** The accounts capability's calls. Errors arrive as { error: { code, message } } with the seed's wording. */
import { apiRequest } from '@web/lib/api-client';
import type { ChangePasswordRequest, SignupRequest, SignOutScope, SecurityEventRequest } from '@shared/accounts/schemas';
import type { DisableTotpResult, EnableTotpResult, SessionResult, SignInResult, VerifyTotpResult } from '@shared/api/auth';
import type {
  BackupCodesResponse,
  BackupCodesStatusResponse,
  MessageResponse,
  ResendResponse,
  SentResponse,
  SignupResponse,
  VatCheckResponse,
} from '@shared/api/account';
import type { SuccessMessage } from '@shared/api/common';

/** Errors of the accounts calls: the app-wide ApiError (details may carry retryAfter). */
import { ApiError as AuthApiError } from '@web/lib/api-client';
export { AuthApiError };
const call = apiRequest;

export type { SignInResult } from '@shared/api/auth';

export const authApi = {
  signUp: (body: SignupRequest) => call<SignupResponse>('POST', '/api/accounts/signup', body),
  validateVat: (vatId: string, countryCode: string) => call<VatCheckResponse>('POST', '/api/accounts/validate-vat', { vatId, countryCode }),
  verifyEmail: (body: { token: string } | { email: string; code: string }) => call<MessageResponse>('POST', '/api/accounts/verify-email', body),
  resendVerification: (email: string) => call<ResendResponse>('POST', '/api/accounts/resend-verification', { email }),
  forgotPassword: (email: string) => call<SentResponse>('POST', '/api/accounts/forgot-password', { email }),
  resetPassword: (token: string, newPassword: string) => call<SuccessMessage>('POST', '/api/accounts/reset-password', { token, newPassword }),
  signIn: (email: string, password: string) => call<SignInResult>('POST', '/api/auth/sign-in/email', { email, password }),
  verifyTotp: (code: string) => call<VerifyTotpResult>('POST', '/api/auth/two-factor/verify-totp', { code }),
  /** The sign-in's second step with a backup code instead of the app's code; each code works once. */
  verifyBackupCode: (code: string) => call<VerifyTotpResult>('POST', '/api/auth/two-factor/verify-backup-code', { code }),
  backupCodesStatus: () => call<BackupCodesStatusResponse>('GET', '/api/account/two-factor/backup-codes'),
  regenerateBackupCodes: (password: string) => call<BackupCodesResponse>('POST', '/api/account/two-factor/backup-codes', { password }),
  changePassword: (body: ChangePasswordRequest) => call<SuccessMessage>('POST', '/api/account/password', body),
  /** seed 001 §7.7: 401, 403 and 404 mean the session is already gone, which is what sign-out wants. */
  async signOut(scope: SignOutScope = 'local'): Promise<void> {
    try {
      await call('POST', `/api/account/sign-out?scope=${scope}`);
    } catch (err) {
      if (err instanceof AuthApiError && [401, 403, 404].includes(err.status)) return;
      throw err;
    }
  },
  /** Keeps the session cookie's expiry sliding with the session's. */
  refreshSession: () => call<SessionResult>('GET', '/api/auth/get-session'),
  enableTotp: (password: string) => call<EnableTotpResult>('POST', '/api/auth/two-factor/enable', { password }),
  disableTotp: (password: string) => call<DisableTotpResult>('POST', '/api/auth/two-factor/disable', { password }),
  /** The password is asked again: the server deletes nothing without it. */
  deleteAccount: (password: string) => call<SuccessMessage>('DELETE', '/api/account', { password }),
  /** seed 001 §7.5 security-monitor; never fails the caller. */
  reportSecurityEvent: (e: Omit<SecurityEventRequest, 'timestamp' | 'user_agent' | 'page_url'>) =>
    call('POST', '/api/security-events', {
      ...e,
      timestamp: new Date().toISOString(),
      user_agent: navigator.userAgent,
      page_url: location.pathname,
    }).catch(() => undefined),
};

/** Other tabs hear about sign-in and sign-out (seed 000 §4 SIGNED_IN, SIGNED_OUT). */
const CHANNEL = 'renderlift-auth';
export type AuthEvent = 'SIGNED_IN' | 'SIGNED_OUT';

export function broadcastAuthEvent(event: AuthEvent) {
  try {
    const ch = new BroadcastChannel(CHANNEL);
    ch.postMessage(event);
    ch.close();
  } catch {
    /* no BroadcastChannel: other tabs notice on focus */
  }
}

export function onAuthEvent(handler: (event: AuthEvent) => void): () => void {
  try {
    const ch = new BroadcastChannel(CHANNEL);
    ch.onmessage = (e) => handler(e.data as AuthEvent);
    return () => ch.close();
  } catch {
    return () => {};
  }
}
