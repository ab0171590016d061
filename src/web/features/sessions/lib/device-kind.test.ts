import { describe, expect, it } from 'vitest';
import { deviceKind, keepBothName } from './device-kind';

const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  pixel: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  galaxyTab: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

describe('deviceKind', () => {
  it('tells phones, tablets and desktops apart', () => {
    expect(deviceKind(UA.iphone)).toBe('phone');
    expect(deviceKind(UA.pixel)).toBe('phone');
    expect(deviceKind(UA.galaxyTab)).toBe('tablet');
    expect(deviceKind(UA.ipad)).toBe('tablet');
    // iPadOS asks for the desktop site as a Mac; only its touch screen tells
    expect(deviceKind(UA.mac, 5)).toBe('tablet');
    expect(deviceKind(UA.mac)).toBe('desktop');
    expect(deviceKind(UA.windows)).toBe('desktop');
    expect(deviceKind('')).toBe('desktop');
  });
});

describe('keepBothName', () => {
  it('names the copy after the device', () => {
    expect(keepBothName('Villa Keller – Phase 1', 'phone')).toBe('Villa Keller – Phase 1 (phone)');
    expect(keepBothName('  Lobby  ', 'desktop')).toBe('Lobby (desktop)');
  });

  it('stays within 100 characters by shortening the name, never the device', () => {
    const long = `${'Villa Keller '.repeat(8)}– Phase 1`;
    const name = keepBothName(long, 'tablet');
    expect(name.length).toBeGreaterThan(95);
    expect(name.length).toBeLessThanOrEqual(100);
    expect(name.endsWith(' (tablet)')).toBe(true);
    expect(long.startsWith(name.slice(0, -' (tablet)'.length))).toBe(true);
    expect(keepBothName(`${'x'.repeat(91)} ${'y'.repeat(8)}`, 'phone')).toBe(`${'x'.repeat(91)} (phone)`);
  });

  it('numbers a name already taken', () => {
    expect(keepBothName('Phase 1', 'phone', ['Phase 1', 'Phase 1 (phone)'])).toBe('Phase 1 (phone 2)');
    expect(keepBothName('Phase 1', 'phone', ['Phase 1 (phone)', 'Phase 1 (phone 2)'])).toBe('Phase 1 (phone 3)');
  });
});
