import { describe, expect, it } from 'vitest';
import type { ViewportData } from '@shared/viewports';
import { backupAddsSomething, mergeBackup } from './backup-merge';

const img = (n: number, x = (n - 1) * 900, y = 0, extra: Record<string, unknown> = {}) => ({
  id: `k${n}`,
  imageId: `i${n}`,
  originalUrl: `/api/files/user-images/u/${n}.png?exp=${n}&sig=a`,
  position: { x, y },
  scale: 1,
  ...extra,
});
const data = (images: ViewportData['images']): ViewportData => ({ images, currentMode: 'enhance', enhancementParams: {}, brushSize: 20 });
const server = (...n: number[]) => new Set(n.map((i) => `i${i}`));

describe('local backup against the workspace shown', () => {
  it('is not offered when the workspace already shows the same cards, in any order and with fresh URLs', () => {
    const shown = data([img(2), img(1), img(3)]);
    const backup = data([img(1), img(2), img(3, 1800, 0, { originalUrl: '/api/files/user-images/u/3.png?exp=9&sig=b' })]);
    expect(backupAddsSomething(backup, shown, server(1, 2, 3))).toBe(false);
    // uploads placed batch by batch land on other grid cells when the list is laid out again in one go
    expect(backupAddsSomething(data([img(1, 0, 900), img(2, 1800, 0), img(3)]), shown, server(1, 2, 3))).toBe(false);
  });

  it('is offered for a moved or zoomed card, another version, or an upload the layout leaves out', () => {
    const shown = data([img(1), img(2)]);
    expect(backupAddsSomething(data([img(1, 300, 40), img(2)]), shown, server(1, 2))).toBe(true);
    expect(backupAddsSomething(data([img(1, 0, 0, { scale: 2 }), img(2)]), shown, server(1, 2))).toBe(true);
    expect(backupAddsSomething(data([img(1, 0, 0, { enhancedUrl: '/r/1.png?sig=x' }), img(2)]), shown, server(1, 2))).toBe(true);
    expect(backupAddsSomething(data([img(1), img(2), img(3)]), shown, server(1, 2, 3))).toBe(true);
  });

  it('ignores images deleted on the server since the backup', () => {
    expect(backupAddsSomething(data([img(1), img(9, 5000, 5000)]), data([img(1)]), server(1))).toBe(false);
  });

  it('restores by merging: an older backup of 3 images never hides 3 newer uploads', () => {
    const backup = data([img(1, 60, 40), img(2), img(3)]);
    const shown = data([img(1), img(2), img(3), img(4, 0, 900), img(5, 900, 900), img(6, 1800, 900)]);
    const merged = mergeBackup(backup, shown);
    expect(merged.images.map((i) => i.imageId)).toEqual(['i1', 'i2', 'i3', 'i4', 'i5', 'i6']);
    expect(merged.images[0].position).toEqual({ x: 60, y: 40 });
    const boxes = merged.images.map((i) => i.position);
    for (const a of boxes) for (const b of boxes) if (a !== b) expect(Math.abs(a.x - b.x) >= 800 || Math.abs(a.y - b.y) >= 744).toBe(true);
  });
});
