import { describe, expect, it } from 'vitest';
import { needsRefresh, refreshRequests } from './signed-urls';

const NOW = 1_800_000_000_000;

describe('bare addresses of results saved while results were public', () => {
  const bare = '/api/files/enhanced-images/u1/job-render-x2-precision.png';

  it('count as expired, so the sweep signs them before they fail', () => {
    expect(needsRefresh(bare, NOW)).toBe(true);
    expect(needsRefresh(`http://localhost:3000${bare}`, NOW)).toBe(true);
    // addresses that are not ours are left alone
    expect(needsRefresh('https://cdn.example.com/enhanced/a.png', NOW)).toBe(false);
    expect(needsRefresh('blob:http://localhost/1234', NOW)).toBe(false);
  });

  it('are signed like every other file of ours', () => {
    expect(refreshRequests([bare, bare, 'https://cdn.example.com/enhanced/a.png'], 28_800)).toEqual([
      { url: bare, request: { bucket: 'enhanced-images', filePath: 'u1/job-render-x2-precision.png', expiresIn: 28_800 } },
    ]);
  });
});
