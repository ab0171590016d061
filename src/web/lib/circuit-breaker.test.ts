import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BREAKER_OPEN_MS, CircuitBreakers } from './circuit-breaker';

describe('circuit breaker', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('opens after 3 failures in a row for 30 s, then lets one trial call through', () => {
    const b = new CircuitBreakers();
    for (let i = 0; i < 2; i++) {
      expect(b.tryAcquire('/api/jobs')).toBe(true);
      b.failure('/api/jobs');
    }
    expect(b.state('/api/jobs')).toBe('closed');
    expect(b.tryAcquire('/api/jobs')).toBe(true);
    b.failure('/api/jobs');
    expect(b.state('/api/jobs')).toBe('open');
    expect(b.tryAcquire('/api/jobs')).toBe(false);
    // other areas are not affected
    expect(b.tryAcquire('/api/images')).toBe(true);

    vi.advanceTimersByTime(BREAKER_OPEN_MS - 1);
    expect(b.tryAcquire('/api/jobs')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(b.state('/api/jobs')).toBe('half-open');
    expect(b.tryAcquire('/api/jobs')).toBe(true);
    // one trial at a time
    expect(b.tryAcquire('/api/jobs')).toBe(false);
    b.success('/api/jobs');
    expect(b.state('/api/jobs')).toBe('closed');
    expect(b.tryAcquire('/api/jobs')).toBe(true);
  });

  it('a failed trial opens it for another 30 s', () => {
    const b = new CircuitBreakers();
    for (let i = 0; i < 3; i++) b.failure('/api/jobs');
    vi.advanceTimersByTime(BREAKER_OPEN_MS);
    expect(b.tryAcquire('/api/jobs')).toBe(true);
    b.failure('/api/jobs');
    expect(b.state('/api/jobs')).toBe('open');
    vi.advanceTimersByTime(BREAKER_OPEN_MS - 1);
    expect(b.tryAcquire('/api/jobs')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(b.tryAcquire('/api/jobs')).toBe(true);
  });

  it('a success in between starts the count again; a released trial frees the slot', () => {
    const b = new CircuitBreakers();
    b.failure('/api/profile');
    b.failure('/api/profile');
    b.success('/api/profile');
    b.failure('/api/profile');
    b.failure('/api/profile');
    expect(b.state('/api/profile')).toBe('closed');
    b.failure('/api/profile');
    vi.advanceTimersByTime(BREAKER_OPEN_MS);
    expect(b.tryAcquire('/api/profile')).toBe(true);
    b.release('/api/profile');
    expect(b.state('/api/profile')).toBe('half-open');
    expect(b.tryAcquire('/api/profile')).toBe(true);
  });

  it('reset closes every open breaker at once', () => {
    const b = new CircuitBreakers();
    for (let i = 0; i < 3; i++) b.failure('/api/jobs');
    expect(b.tryAcquire('/api/jobs')).toBe(false);
    b.reset();
    expect(b.state('/api/jobs')).toBe('closed');
    expect(b.tryAcquire('/api/jobs')).toBe(true);
  });
});
