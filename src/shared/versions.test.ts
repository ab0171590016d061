import { describe, expect, it } from 'vitest';
import { sameEnhancement, versionChain, versionChainLabel, type VersionStep } from './versions.js';

const step = (
  jobId: string,
  parentJobId: string | null,
  workflow: 'enhance' | 'remove',
  scale: number | null = null,
  mode: string | null = null,
): VersionStep => ({
  jobId,
  parentJobId,
  workflow,
  scale,
  mode,
});

describe('a version named by the steps that made it', () => {
  const versions = [
    step('a', null, 'remove'),
    step('b', 'a', 'remove'),
    step('c', 'b', 'enhance', 2, 'precision'),
    step('d', null, 'enhance', 4, 'detail'),
    step('e', 'c', 'remove'),
  ];

  it('walks from the upload to the version, removals in a row counted together', () => {
    expect(versionChain(versions, 'c').map((v) => v.jobId)).toEqual(['a', 'b', 'c']);
    expect(versionChainLabel(versionChain(versions, 'c'))).toBe('Removed 2 objects · ×2 Precision');
    expect(versionChainLabel(versionChain(versions, 'e'))).toBe('Removed 2 objects · ×2 Precision · Removed 1 object');
    expect(versionChainLabel(versionChain(versions, 'd'))).toBe('×4 Detail');
    expect(versionChainLabel([])).toBe('Original');
  });

  it('stops at a parent it does not know, and at a loop', () => {
    expect(versionChain([step('x', 'gone', 'enhance', 2, 'precision')], 'x').map((v) => v.jobId)).toEqual(['x']);
    expect(versionChain([step('p', 'q', 'remove'), step('q', 'p', 'remove')], 'p').map((v) => v.jobId)).toEqual(['q', 'p']);
  });

  it('finds an enhancement of the same version at the same scale and mode, and only that', () => {
    expect(sameEnhancement(versions, 'b', 2, 'precision')?.jobId).toBe('c');
    expect(sameEnhancement(versions, null, 2, 'precision')).toBeNull();
    expect(sameEnhancement(versions, 'b', 2, 'detail')).toBeNull();
    expect(sameEnhancement(versions, null, 4, 'detail')?.jobId).toBe('d');
  });
});
