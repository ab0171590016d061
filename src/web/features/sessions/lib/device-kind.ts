/**
 * 'Keep both' saves this device's layout beside the session another device saved, named after the kind of device it
 * was made on: 'Villa Keller – Phase 1 (phone)'. The kind comes from a simple reading of the user agent.
 */
import { msg } from '@shared/messages';
import { SESSION_NAME_MAX } from '@shared/viewports';

export type DeviceKind = 'phone' | 'tablet' | 'desktop';

/** Tablets first (an Android tablet lacks 'Mobile'; iPadOS asks for the desktop site as a Mac with a touch screen). */
export function deviceKind(userAgent: string, touchPoints = 0): DeviceKind {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent) || (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent))) return 'tablet';
  if (/Macintosh/i.test(userAgent) && touchPoints > 1) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'phone';
  return 'desktop';
}

const DEVICE_KEY = { phone: 'devicePhone', tablet: 'deviceTablet', desktop: 'deviceDesktop' } as const;

/**
 * '<name> (<device>)' within the 100-character limit (the name is shortened, never the device), trimmed like every
 * session name; a name already taken gets a number: 'Phase 1 (phone 2)'.
 */
export function keepBothName(name: string, device: DeviceKind, taken: readonly string[] = []): string {
  const base = name.trim();
  const used = new Set(taken.map((t) => t.trim()));
  for (let n = 1; ; n++) {
    const label = n === 1 ? msg(DEVICE_KEY[device]) : `${msg(DEVICE_KEY[device])} ${n}`;
    const room = SESSION_NAME_MAX - msg('sessionKeepBothName', { name: '', device: label }).length;
    const candidate = msg('sessionKeepBothName', { name: base.slice(0, Math.max(0, room)).trimEnd(), device: label }).trim();
    if (!used.has(candidate)) return candidate;
  }
}

/** This browser's kind of device. */
export function thisDevice(): DeviceKind {
  if (typeof navigator === 'undefined') return 'desktop';
  return deviceKind(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}
