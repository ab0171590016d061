import type { Deps, SessionUser } from '@server/deps.js';
import { recordSecurityEvent } from '../security/record-security-event.js';

export type WebhookAuditAction = 'webhook_endpoint_created' | 'webhook_secret_rotated' | 'webhook_endpoint_deleted';

/**
 * A change to where the account's job data is posted, or to the secret that signs it, in the account's security
 * events (as API keys are): made, rotated, deleted — through the profile or by which key.
 */
export function recordWebhookChange(
  deps: Pick<Deps, 'db' | 'clock' | 'logger'>,
  u: Pick<SessionUser, 'id' | 'email'>,
  action: WebhookAuditAction,
  details: { endpointId: string; url?: string; apiKeyPrefix?: string | null },
  userAgent: string | null,
): Promise<void> {
  return recordSecurityEvent(deps, { userId: u.id, email: u.email, action, resource: 'webhook_endpoint', status: 'success', details, userAgent });
}
