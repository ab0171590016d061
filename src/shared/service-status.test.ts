import { describe, expect, it } from 'vitest';
import { bannerDismissKey } from './service-status';

const info = (message: string) => ({ enabled: true, type: 'info' as const, message });

describe('the dismissed banner key', () => {
  it('is the same for the same banner, so a dismissal holds across pages', () => {
    expect(bannerDismissKey(info('New: Creativity mode is faster.'))).toBe(bannerDismissKey(info('New: Creativity mode is faster.')));
  });

  it('changes with any change to the message, the first 20 characters alike included', () => {
    const before = bannerDismissKey(info('New: Creativity mode is faster.'));
    expect(bannerDismissKey(info('New: Creativity mode is faster and sharper.'))).not.toBe(before);
    expect(bannerDismissKey(info('New: Creativity mode is faster!'))).not.toBe(before);
    expect(bannerDismissKey({ ...info('New: Creativity mode is faster.'), type: 'warning' })).not.toBe(before);
  });
});
