import { describe, expect, it } from 'vitest';
import { fill, messages, msg } from './messages.js';

describe('message catalogue', () => {
  it('fills every occurrence of a placeholder', () => {
    expect(msg('enhanceConcurrency', { n: 1, limit: 1, plan: 'Basic' })).toBe(
      'Maximum concurrent jobs reached (1/1). Your Basic plan allows 1 image(s) at a time. Please wait for a job to complete.',
    );
  });

  it('leaves unknown placeholders visible rather than blank', () => {
    expect(fill('Wait {n}s', {})).toBe('Wait {n}s');
  });

  it('keeps the seed wording of the two resolution limits', () => {
    expect(msg('enhanceAboveMaximum', { w: 9000, h: 8000, max: 64 })).toBe('Enhanced resolution (9000x8000) exceeds 64 megapixel limit. Please reduce scale.');
    expect(msg('enhanceBelowMinimum', { w: 40, h: 30, min: 64 })).toBe('Enhanced resolution (40x30) is below minimum. Each dimension must be at least 64px.');
  });

  it('has no empty message', () => {
    for (const [key, value] of Object.entries(messages)) expect(value.trim(), key).not.toBe('');
  });
});
