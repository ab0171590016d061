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
/** Only info banners can be dismissed; the dismissal is remembered for the browser session under this key. */
export const bannerDismissKey = (s: ServiceStatus) => `service-status-dismissed:${s.message.slice(0, 20)}`;
