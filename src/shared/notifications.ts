/**
 * The e-mails a user can turn off (seed 000 §2 Settings → Notifications, with the seed's defaults). The server keeps
 * them and the mailer's callers honour them: the master switch turns off every optional e-mail; account, security
 * and billing e-mails (verification, reset, payments) always go out.
 */
import { z } from 'zod';
import { LOW_CREDIT_THRESHOLD } from './credit-cost.js';

export const NOTIFICATION_KEYS = ['email_notifications', 'processing_complete', 'marketing_emails', 'low_credits_warning'] as const;
export type NotificationKey = (typeof NOTIFICATION_KEYS)[number];
export type NotificationPreferences = Record<NotificationKey, boolean>;

const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email_notifications: true,
  processing_complete: true,
  marketing_emails: false,
  low_credits_warning: true,
};

export const NOTIFICATION_LABELS: Record<NotificationKey, { label: string; description: string }> = {
  email_notifications: { label: 'Email notifications', description: 'Any optional email from us. Account, security and billing emails always arrive.' },
  processing_complete: { label: 'Processing complete', description: 'One email when all your running enhancements have finished.' },
  marketing_emails: { label: 'Marketing emails', description: 'News about features and offers.' },
  low_credits_warning: { label: 'Low credits warning', description: `One email when your balance first drops to ${LOW_CREDIT_THRESHOLD} credits or fewer.` },
};

export const NotificationPreferencesInput = z
  .object(Object.fromEntries(NOTIFICATION_KEYS.map((k) => [k, z.boolean()])) as Record<NotificationKey, z.ZodBoolean>)
  .partial();

/** Stored preferences over the defaults; unknown keys dropped. */
export function resolvePreferences(stored: Record<string, unknown> | null | undefined): NotificationPreferences {
  const out = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  for (const k of NOTIFICATION_KEYS) if (typeof stored?.[k] === 'boolean') out[k] = stored[k] as boolean;
  return out;
}

/** Whether an optional e-mail of this kind may go out. */
export const wants = (p: NotificationPreferences, key: Exclude<NotificationKey, 'email_notifications'>) => p.email_notifications && p[key];

export const preferencesSaved = 'Notification settings saved';
export const preferencesFailed = 'Failed to save notification settings. Please try again.';

/** The Sessions card's answers: their schemas live in ./api/profile.ts. */
export type { DeviceSession, SignInEvent } from './api/profile.js';
