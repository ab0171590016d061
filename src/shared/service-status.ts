/**
 * The service-status banner's facts (seed 000 §2 global elements, §5; seed 001 §3 app_settings.service_status). Kept
 * free of zod: every page's banner imports them, the admin panel's form schema (./admin.ts) builds on them.
 */
export const SERVICE_STATUS_TYPES = ['info', 'warning', 'error'] as const;
export type ServiceStatusType = (typeof SERVICE_STATUS_TYPES)[number];

/** The setting's shape; ./api/admin.ts's `ServiceStatus` schema answers exactly this. */
interface ServiceStatus {
  enabled: boolean;
  message: string;
  type: ServiceStatusType;
}

export const SERVICE_STATUS_KEY = 'service_status';
export const DEFAULT_SERVICE_STATUS: ServiceStatus = { enabled: false, message: '', type: 'info' };
/** The realtime event every open browser receives when the setting changes. */
export const SERVICE_STATUS_EVENT = 'service_status';
export const STATUS_MESSAGE_MAX = 500;
export const statusMessageRequired = 'Enter the status message to show.';

/** A banner is shown when enabled with a message (seed 000 §2 global elements). */
export const isBannerVisible = (s: ServiceStatus | null | undefined): s is ServiceStatus => !!s && s.enabled && s.message.trim().length > 0;
/** FNV-1a, 32 bits, as 8 hex digits: a short, stable fingerprint of a text (not a secret). */
function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * Only info banners can be dismissed; the dismissal is remembered for the browser session under this key. It is the
 * banner's identity, the whole message and its type: any change to the text shows the banner again.
 */
export const bannerDismissKey = (s: ServiceStatus) => `service-status-dismissed:${fingerprint(`${s.type}\n${s.message}`)}`;
