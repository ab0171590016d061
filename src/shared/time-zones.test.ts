import { describe, expect, it } from 'vitest';
import { groupTimeZones, OTHER_REGION, timeZoneOption, utcOffset } from './time-zones';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

describe('time zones', () => {
  it('reads the offset in force on the day, summer time included', () => {
    expect(utcOffset('Europe/Zurich', WINTER)).toBe('UTC+01:00');
    expect(utcOffset('Europe/Zurich', SUMMER)).toBe('UTC+02:00');
    expect(utcOffset('Asia/Kolkata', WINTER)).toBe('UTC+05:30');
    expect(utcOffset('America/St_Johns', WINTER)).toBe('UTC-03:30');
    expect(utcOffset('UTC', WINTER)).toBe('UTC+00:00');
    expect(utcOffset('Pacific/Kiritimati', WINTER)).toBe('UTC+14:00');
  });

  it('labels a zone by region and place, keeping the IANA name as its value', () => {
    expect(timeZoneOption('Europe/Zurich', WINTER)).toEqual({
      value: 'Europe/Zurich',
      label: 'Europe — Zurich (UTC+01:00)',
      place: 'Zurich',
      offset: 'UTC+01:00',
    });
    expect(timeZoneOption('America/Argentina/Buenos_Aires', WINTER).label).toBe('America — Buenos Aires, Argentina (UTC-03:00)');
    expect(timeZoneOption('UTC', WINTER).label).toBe('UTC (UTC+00:00)');
  });

  it('groups every zone the runtime knows by the part before the first slash, each zone once', () => {
    const all = Intl.supportedValuesOf('timeZone');
    const groups = groupTimeZones(all, WINTER);
    const values = groups.flatMap((g) => g.zones.map((z) => z.value));
    expect(values.sort()).toEqual([...new Set(all)].sort());
    for (const g of groups) {
      for (const z of g.zones) expect(g.region === OTHER_REGION ? !z.value.includes('/') : z.value.startsWith(`${g.region.replace(/ /g, '_')}/`)).toBe(true);
    }
    const regions = groups.map((g) => g.region);
    expect(regions).toEqual(expect.arrayContaining(['Africa', 'America', 'Asia', 'Europe', 'Pacific']));
    expect(regions.filter((r) => r !== OTHER_REGION)).toEqual([...regions.filter((r) => r !== OTHER_REGION)].sort((a, b) => a.localeCompare(b)));
    const europe = groups.find((g) => g.region === 'Europe')!.zones.map((z) => z.place);
    expect(europe).toEqual([...europe].sort((a, b) => a.localeCompare(b)));
  });

  it('lists a zone given twice once', () => {
    expect(groupTimeZones(['Europe/Zurich', 'Europe/Zurich', 'Asia/Tokyo'], WINTER)).toEqual([
      { region: 'Asia', zones: [timeZoneOption('Asia/Tokyo', WINTER)] },
      { region: 'Europe', zones: [timeZoneOption('Europe/Zurich', WINTER)] },
    ]);
  });
});
