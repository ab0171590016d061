/**
 * Dates as the user reads them: in the time zone chosen under Settings → General (kept in this browser), or the
 * browser's own when none was chosen. Every date the app shows goes through here.
 */
const STORAGE_KEY = 'renderlift.time-zone';

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export function preferredTimeZone(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored && isTimeZone(stored)) return stored;
  } catch {
    /* storage off */
  }
  return browserTimeZone();
}

/** Null, or a zone that is not real, goes back to following the browser. */
export function setPreferredTimeZone(tz: string | null) {
  try {
    if (tz && isTimeZone(tz)) localStorage.setItem(STORAGE_KEY, tz);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    /* storage off: the browser's zone stays */
  }
  window.dispatchEvent(new Event('renderlift:time-zone'));
}

export function timeZoneChosen(): boolean {
  try {
    return !!localStorage.getItem(STORAGE_KEY);
  } catch {
    return false;
  }
}

const STYLES = {
  /** 23 Nov 2026, 19:44 */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** Nov 23, 2026 */
  date: { dateStyle: 'medium' },
  /** 23 November 2026 */
  longDate: { day: 'numeric', month: 'long', year: 'numeric' },
  /** November 2026 */
  monthYear: { month: 'long', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** The browser's language: lists of saved work show their times the way the user writes them. */
export const userLocale = () => (typeof navigator !== 'undefined' && navigator.language) || 'en-US';

export function formatDate(value: string | number | Date, style: keyof typeof STYLES = 'date', locale = 'en-US'): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone: preferredTimeZone() });
  } catch {
    format = new Intl.DateTimeFormat('en-US', { ...STYLES[style], timeZone: preferredTimeZone() });
  }
  return format.format(d);
}
