/**
 * Time zones as a person picks one: IANA names (Intl.supportedValuesOf('timeZone')) grouped by their region, the
 * part before the first '/', each labelled "Europe — Zurich (UTC+01:00)". The value kept is the IANA name itself.
 * Offsets are those in force at `at` (summer time included), so the list reads right on the day it is shown.
 */
export interface TimeZoneOption {
  /** The IANA name, what is saved: 'Europe/Zurich'. */
  value: string;
  /** 'Europe — Zurich (UTC+01:00)' */
  label: string;
  /** 'Zurich', 'Buenos Aires, Argentina', 'UTC' */
  place: string;
  /** 'UTC+01:00' */
  offset: string;
}

export interface TimeZoneGroup {
  region: string;
  zones: TimeZoneOption[];
}

/** Zones without a region ('UTC') are listed under this name. */
export const OTHER_REGION = 'Other';

/** 'UTC+05:30', 'UTC−03:00' is written with an ASCII minus: 'UTC-03:00'; 'UTC+00:00' for UTC itself. */
export function utcOffset(zone: string, at: Date = new Date()): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-−])(\d{1,2})(?::?(\d{2}))?/.exec(name);
  if (!m) return 'UTC+00:00';
  const sign = m[1] === '+' ? '+' : '-';
  return `UTC${sign}${m[2].padStart(2, '0')}:${m[3] ?? '00'}`;
}

const readable = (part: string) => part.replace(/_/g, ' ');

/** The place of a zone, most specific first: 'America/Argentina/Buenos_Aires' → 'Buenos Aires, Argentina'. */
function placeOf(zone: string): { region: string; place: string } {
  const parts = zone.split('/');
  if (parts.length === 1) return { region: OTHER_REGION, place: readable(zone) };
  const [region, ...rest] = parts;
  return { region: readable(region), place: rest.reverse().map(readable).join(', ') };
}

export function timeZoneOption(zone: string, at: Date = new Date()): TimeZoneOption {
  const { region, place } = placeOf(zone);
  const offset = utcOffset(zone, at);
  const label = region === OTHER_REGION ? `${place} (${offset})` : `${region} — ${place} (${offset})`;
  return { value: zone, label, place, offset };
}

/** Regions in alphabetical order (Other last), places in alphabetical order within each. */
export function groupTimeZones(zones: readonly string[], at: Date = new Date()): TimeZoneGroup[] {
  const groups = new Map<string, TimeZoneOption[]>();
  for (const zone of new Set(zones)) {
    const region = placeOf(zone).region;
    let list = groups.get(region);
    if (!list) groups.set(region, (list = []));
    list.push(timeZoneOption(zone, at));
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === OTHER_REGION ? 1 : b === OTHER_REGION ? -1 : a.localeCompare(b)))
    .map(([region, list]) => ({ region, zones: list.sort((a, b) => a.place.localeCompare(b.place)) }));
}
