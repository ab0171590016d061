import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sanitiseForSave } from '@shared/viewports';
import type { ImageDto } from '@web/features/canvas-core/types';
import { initialWorkspaceState, workspaceReducer, type WorkspaceState } from '@web/features/canvas-core/workspace-state';
import { clearedWorkspace, fingerprint, restoreWorkspace, stripQuery, toViewportData, UNLISTED_FETCH_MAX, unlistedImageIds } from './viewport-snapshot';

const dto = (id: string, extra: Partial<ImageDto> = {}): ImageDto => ({
  id,
  name: `${id}.png`,
  width: 1000,
  height: 800,
  url: `http://localhost/api/files/user-images/u/${id}.png?sig=${Math.random()}`,
  enhanced: null,
  activeJob: null,
  ...extra,
});

const NOW = Date.parse('2026-11-22T01:00:00Z');
const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];

function workspace(images: ImageDto[]): WorkspaceState {
  return workspaceReducer(initialWorkspaceState, { type: 'hydrate', images, now: NOW });
}

describe('snapshot of the workspace', () => {
  it('keeps ids, URLs, results, positions, zoom, settings, tool and brush', () => {
    let s = workspace([
      dto(ids[0], { enhanced: { jobId: 'j', url: 'http://localhost/e/a.png', width: 2000, height: 1600, scale: 2, mode: 'detail' } }),
      dto(ids[1]),
    ]);
    s = workspaceReducer(s, { type: 'move', key: ids[1], position: { x: 42, y: -7 } });
    s = workspaceReducer(s, { type: 'setZoom', key: ids[1], zoom: 250 });
    s = workspaceReducer(s, { type: 'setScale', scale: 4 });
    const data = toViewportData(s, { currentMode: 'remove', brushSize: 33, camera: { x: 1, y: 2, zoom: 0.8 } }, new Date(NOW));
    const b = data.images.find((i) => i.imageId === ids[1])!;
    expect(b.position).toEqual({ x: 42, y: -7 });
    expect(b.scale).toBe(2.5);
    expect(data.images.find((i) => i.imageId === ids[0])!.enhancedUrl).toBe('http://localhost/e/a.png');
    expect(data.enhancementParams.resolutionScale).toBe(4);
    expect(data.currentMode).toBe('remove');
    expect(data.brushSize).toBe(33);
    expect(data.camera).toEqual({ x: 1, y: 2, zoom: 0.8 });
    expect(sanitiseForSave(data).ok).toBe(true);
  });

  it('leaves out cards still uploading', () => {
    let s = workspace([dto(ids[0])]);
    s = workspaceReducer(s, { type: 'uploadStarted', items: [{ key: 'local-1', name: 'x.png', localUrl: 'blob:http://localhost/abc' }] });
    expect(toViewportData(s, { currentMode: 'enhance', brushSize: 20 }).images).toHaveLength(1);
  });
});

describe('restoring a saved viewport', () => {
  it('shows only the viewport images, in its layout, with fresh URLs', () => {
    let s = workspace([dto(ids[0]), dto(ids[1])]);
    s = workspaceReducer(s, { type: 'move', key: ids[0], position: { x: 500, y: 600 } });
    s = workspaceReducer(s, { type: 'setMode', mode: 'creativity' });
    const saved = toViewportData({ ...s, images: s.images.filter((i) => i.imageId === ids[0]) }, { currentMode: 'enhance', brushSize: 40 });

    const server = [dto(ids[0]), dto(ids[1]), dto(ids[2])];
    const restored = restoreWorkspace(workspace(server), saved, server, NOW);
    expect(restored.state.images.map((i) => i.imageId)).toEqual([ids[0]]);
    expect(restored.state.images[0].position).toEqual({ x: 500, y: 600 });
    // a new layout: the canvas frames the restored cards
    expect(restored.state.layouts).toBeGreaterThan(workspace(server).layouts);
    expect(restored.state.images[0].url).toBe(server[0].url);
    expect(restored.state.settings.mode).toBe('creativity');
    expect(restored.brushSize).toBe(40);
    expect(restored.missing).toBe(0);
    expect(fingerprint(toViewportData(restored.state, { currentMode: 'enhance', brushSize: 40 }))).toBe(fingerprint(saved));
  });

  it('keeps a saved removal result and counts images deleted since', () => {
    const saved = {
      images: [
        {
          id: 'a',
          imageId: ids[0],
          originalUrl: 'http://localhost/old/a.png?sig=1',
          enhancedUrl: 'http://localhost/api/files/user-images/u/processed/r.png?sig=2',
          position: { x: 1, y: 2 },
          scale: 1,
        },
        { id: 'b', imageId: ids[2], originalUrl: 'http://localhost/old/b.png', position: { x: 0, y: 0 }, scale: 1 },
      ],
      currentMode: 'enhance',
      enhancementParams: {},
      brushSize: 20,
    };
    const restored = restoreWorkspace(initialWorkspaceState, saved, [dto(ids[0])], NOW);
    expect(restored.missing).toBe(1);
    const card = restored.state.images[0];
    expect(card.status).toBe('enhanced');
    expect(card.enhanced).toMatchObject({ url: saved.images[0].enhancedUrl, width: 1000, height: 800, scale: 1 });
  });

  it('keeps running jobs from the server', () => {
    const job = {
      id: 'job1',
      status: 'processing',
      workflow_type: 'enhance',
      target_image_id: ids[0],
      processed_image_url: null,
      credits_used: 1,
      scale: 2,
      mode: 'detail',
      progress: 0.2,
      eta_ms: null,
      error_message: null,
      created_at: new Date(NOW - 1000).toISOString(),
      result_image_id: null,
      original_image_url: null,
      credit_state: 'reserved',
      queued: true,
      started_at: null,
      updated_at: '',
    } as const;
    const saved = {
      images: [{ id: ids[0], imageId: ids[0], originalUrl: 'http://x/a.png', position: { x: 0, y: 0 }, scale: 1 }],
      currentMode: 'enhance',
      enhancementParams: {},
      brushSize: 20,
    };
    const restored = restoreWorkspace(initialWorkspaceState, saved, [dto(ids[0], { activeJob: { ...job } })], NOW);
    expect(restored.state.images[0].status).toBe('processing');
    expect(restored.state.images[0].job?.id).toBe('job1');
  });

  it('clears to an empty workspace', () => {
    expect(clearedWorkspace(workspace([dto(ids[0])])).images).toEqual([]);
  });
});

describe('fingerprint', () => {
  it('ignores signed-URL queries, sub-unit moves and the camera', () => {
    const base = {
      images: [{ id: 'a', originalUrl: 'http://x/a.png', enhancedUrl: 'http://x/e.png?sig=1', position: { x: 10.2, y: 5 }, scale: 1 }],
      currentMode: 'enhance',
      enhancementParams: { b: 1, a: 2 },
      brushSize: 20,
    };
    const same = {
      ...base,
      images: [{ ...base.images[0], enhancedUrl: 'http://x/e.png?sig=2', position: { x: 10.4, y: 5 } }],
      enhancementParams: { a: 2, b: 1 },
    };
    expect(fingerprint(same)).toBe(fingerprint(base));
    expect(fingerprint({ ...base, brushSize: 21 })).not.toBe(fingerprint(base));
    expect(fingerprint({ ...base, images: [{ ...base.images[0], position: { x: 40, y: 5 } }] })).not.toBe(fingerprint(base));
  });

  it('strips queries', () => {
    expect(stripQuery('http://a/b?c=d')).toBe('http://a/b');
    expect(stripQuery('http://a/b')).toBe('http://a/b');
  });

  it('every snapshot of uploaded images passes the shared save check', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ x: fc.integer({ min: -1e6, max: 1e6 }), y: fc.integer({ min: -1e6, max: 1e6 }), zoom: fc.integer({ min: 10, max: 1200 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        (cards) => {
          let s = workspace(cards.map((_, n) => dto(`00000000-0000-4000-8000-${String(n).padStart(12, '0')}`)));
          s.images.forEach((img, n) => {
            s = workspaceReducer(s, { type: 'move', key: img.key, position: { x: cards[n].x, y: cards[n].y } });
            s = workspaceReducer(s, { type: 'setZoom', key: img.key, zoom: cards[n].zoom });
          });
          const result = sanitiseForSave(toViewportData(s, { currentMode: 'enhance', brushSize: 20 }));
          return result.ok && result.data.images.length === cards.length;
        },
      ),
    );
  });
});

describe('uploads a viewport shows beyond the workspace list', () => {
  const saved = (imageId: string | undefined, n = 0) => ({
    id: `card-${n}`,
    imageId,
    originalUrl: `https://example.com/${n}.png`,
    position: { x: 0, y: 0 },
    scale: 1,
  });

  it('are the saved upload ids the list lacks, once each, never a card id or a malformed one', () => {
    const data = { images: [saved(ids[0]), saved(ids[1], 1), saved(ids[1], 2), saved(undefined, 3), saved('not-a-uuid', 4), saved(ids[2], 5)] };
    expect(unlistedImageIds(data, [dto(ids[0])])).toEqual([ids[1], ids[2]]);
    expect(
      unlistedImageIds(
        data,
        ids.map((id) => dto(id)),
      ),
    ).toEqual([]);
  });

  it('are asked for up to a limit, so a viewport of deleted uploads does not send hundreds of requests', () => {
    const many = Array.from({ length: UNLISTED_FETCH_MAX + 10 }, (_, n) => saved(`00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, n));
    expect(unlistedImageIds({ images: many }, [])).toHaveLength(UNLISTED_FETCH_MAX);
  });

  it('once fetched, come back on the canvas like any listed upload', () => {
    const data = { images: [saved(ids[0]), saved(ids[1], 1)], currentMode: 'enhance', enhancementParams: {}, brushSize: 20 };
    const listed = [dto(ids[0])];
    const withoutOlder = restoreWorkspace(workspace([]), data, listed, NOW);
    expect([withoutOlder.state.images.length, withoutOlder.missing]).toEqual([1, 1]);
    const withOlder = restoreWorkspace(workspace([]), data, [...listed, dto(ids[1])], NOW);
    expect([withOlder.state.images.map((i) => i.imageId), withOlder.missing]).toEqual([[ids[0], ids[1]], 0]);
  });
});
