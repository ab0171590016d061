import { describe, expect, it } from 'vitest';
import type { WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import { shownVersionIndex, sourceFor, viewerVersions } from './viewer-versions';

const base: WorkspaceImage = {
  key: 'k1',
  imageId: 'img-1',
  name: 'hall.png',
  width: 1000,
  height: 500,
  url: '/files/hall.png',
  thumbnailUrl: '/files/hall.thumb.webp',
  localUrl: null,
  enhanced: null,
  status: 'idle',
  job: null,
  error: null,
  position: { x: 0, y: 0 },
  view: 'preview',
  zoom: 100,
};

const x2 = {
  jobId: 'j1',
  url: '/files/x2.png',
  previewUrl: '/files/x2.preview.webp',
  width: 2000,
  height: 1000,
  scale: 2,
  mode: 'precision',
  parentJobId: null,
};
const removal = {
  jobId: 'j2',
  url: '/files/rm.png',
  previewUrl: '/files/rm.preview.webp',
  width: 2000,
  height: 1000,
  scale: 1,
  mode: 'remove',
  parentJobId: 'j1',
};

describe('viewerVersions', () => {
  it('lists the upload, then each result oldest first, named by the steps that made it', () => {
    const image = { ...base, enhanced: removal, versions: [x2, removal], status: 'enhanced' as const };
    const versions = viewerVersions(image);
    expect(versions.map((v) => v.id)).toEqual(['original', 'j1', 'j2']);
    expect(versions[0]).toMatchObject({ label: 'Original', url: '/files/hall.png', previewUrl: null, width: 1000, height: 500 });
    expect(versions[1].label).toBe('×2 Precision');
    expect(versions[2].label).toContain('Removed');
    expect(shownVersionIndex(image, versions)).toBe(2);
  });

  it('opens on the upload when the card has no result', () => {
    expect(viewerVersions(base)).toHaveLength(1);
    expect(shownVersionIndex(base, viewerVersions(base))).toBe(0);
  });
});

describe('sourceFor', () => {
  const [, result] = viewerVersions({ ...base, enhanced: x2, versions: [x2] });
  it('draws the preview below 100 % and the full file from 100 %', () => {
    expect(sourceFor(result, 0.4)).toBe('/files/x2.preview.webp');
    expect(sourceFor(result, 0.999)).toBe('/files/x2.preview.webp');
    expect(sourceFor(result, 1)).toBe('/files/x2.png');
    expect(sourceFor(result, 2)).toBe('/files/x2.png');
  });

  it('draws the full file when there is no preview, or the preview would be enlarged', () => {
    expect(sourceFor({ ...result, previewUrl: null }, 0.2)).toBe('/files/x2.png');
    expect(sourceFor(result, 0.9, 1024)).toBe('/files/x2.png');
    expect(sourceFor(result, 0.5, 1024)).toBe('/files/x2.preview.webp');
  });
});
