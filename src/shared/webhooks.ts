/**
 * Webhooks of the public API: the job events an endpoint can subscribe to, how deliveries are retried, and the words a
 * user reads about them. The server, the web app's API tab and the documentation import these.
 */

/** The job events, in the order a job goes through them (Standard Webhooks' `type`). */
export const WEBHOOK_EVENTS = ['job.started', 'job.progress', 'job.completed', 'job.failed', 'job.canceled'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'job.started': 'A worker started the job',
  'job.progress': 'The job made progress (at most one every 2 s per job)',
  'job.completed': 'The job finished with a result',
  'job.failed': 'The job failed (its credits were returned)',
  'job.canceled': 'The job was canceled (its credits were returned)',
};

/** job.progress is sent at most this often per job and endpoint; progress in between is not sent. */
export const WEBHOOK_PROGRESS_INTERVAL_MS = 2000;
/** An attempt that has no answer after this long fails (and is retried). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/**
 * A job's events reach an endpoint in the order they happened: a delivery waits for the first attempt of the job's
 * earlier deliveries to that endpoint, looking again after this long (retries of a failed one do not hold it back).
 */
export const WEBHOOK_ORDER_RECHECK_SECONDS = 1;
/** A delivery waits for earlier ones only this long after its event, then goes out regardless (an earlier one lost). */
export const WEBHOOK_ORDER_WAIT_MS = 60_000;
/**
 * The wait before each retry of a failed delivery, growing about fourfold then twofold: 10 attempts over 22 h 42 min;
 * within 24 h of the event, after which the delivery is given up.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 30, 120, 600, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600] as const;
/** Retries stop this long after the event. */
export const WEBHOOK_RETRY_WINDOW_SECONDS = 24 * 3600;
/** After "Rotate secret", the previous secret signs too (a second `v1,` signature) for this long. */
export const WEBHOOK_ROTATION_GRACE_SECONDS = 24 * 3600;
/** Secrets start with this (Standard Webhooks); the rest is base64 of 24 random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_ENDPOINTS_PER_USER = 10;
export const WEBHOOK_URL_MAX = 2000;
/** Deliveries an endpoint's log shows, newest first. */
export const WEBHOOK_LOG_LIMIT = 50;
/** Deliveries (and their attempts) are kept this long, then deleted. */
export const WEBHOOK_LOG_RETENTION_DAYS = 30;
/** Characters of a receiver's error answer kept in the log. */
export const WEBHOOK_ERROR_MAX = 300;

export const webhookMessages = {
  created: 'Webhook endpoint added. Copy its signing secret now: it will not be shown again.',
  updated: 'Webhook endpoint saved.',
  deleted: 'Webhook endpoint deleted.',
  rotated: 'New signing secret made. Copy it now: for 24 hours the previous secret signs too.',
  redelivered: 'Delivery queued again.',
  endpointOff: 'Not sent: the endpoint is turned off.',
  notFound: 'No webhook endpoint with this id.',
  deliveryNotFound: 'No delivery with this id for this endpoint.',
  apiKeyNotFound: 'No active API key with this id.',
  tooMany: `An account can hold up to ${WEBHOOK_ENDPOINTS_PER_USER} webhook endpoints. Delete one you no longer use.`,
  eventsRequired: 'Choose at least one event.',
  nothingToUpdate: 'Send url, events or enabled to change.',
  addFailed: 'Failed to add the endpoint. Please try again.',
  endpointSaveFailed: 'Failed to save the endpoint. Please try again.',
  deleteFailed: 'Failed to delete the endpoint. Please try again.',
  rotateFailed: 'Failed to rotate the secret. Please try again.',
  redeliverFailed: 'Failed to queue the delivery. Please try again.',
  urlRequired: 'Enter the endpoint’s URL.',
  urlInvalid: 'Enter a full URL such as https://example.com/renderlift-webhook.',
  urlTooLong: `Keep the URL under ${WEBHOOK_URL_MAX} characters.`,
  urlScheme: 'Webhook URLs start with https:// or http://.',
  urlCredentials: 'Leave user names and passwords out of the URL; check the signature instead.',
  urlPrivate: '{host} is a private, loopback or otherwise local address ({address}). Webhooks go to public addresses only.',
  urlUnresolvable: '{host} could not be resolved. Check the host name.',
} as const;
