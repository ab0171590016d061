import { describe, expect, it } from 'vitest';
import { totp } from './totp.js';

describe('totp', () => {
  it('matches the RFC 6238 SHA-1 test vectors', () => {
    // secret "12345678901234567890" in base32
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totp(secret, 59_000, { digits: 8 })).toBe('94287082');
    expect(totp(secret, 1_111_111_109_000, { digits: 8 })).toBe('07081804');
    expect(totp(secret, 20_000_000_000_000, { digits: 8 })).toBe('65353130');
  });
});
