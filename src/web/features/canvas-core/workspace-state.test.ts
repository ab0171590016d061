import { describe, expect, it } from 'vitest';
import type { ImageDto, JobDto } from './types';
import {
  activeJobCount,
  batchDone,
  batchKeysToSubmit,
  batchProgress,
  enhanceAllCandidates,
  enhanceInput,
  initialWorkspaceState,
  versionLabelOf,
  workspaceReducer as reduce,
  type WorkspaceAction,
  type WorkspaceState,
} from './workspace-state';

const NOW = Date.parse('2026-11-22T01:00:00Z');
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const job = (over: Partial<JobDto> = {}): JobDto => ({
  id: uuid(100),
  status: 'processing',
  workflow_type: 'enhance',
  target_image_id: uuid(1),
  processed_image_url: null,
  credits_used: 4,
  scale: 2,
  mode: 'precision',
  progress: 0,
  eta_ms: null,
  error_message: null,
  created_at: new Date(NOW).toISOString(),
  result_image_id: null,
  original_image_url: null,
  credit_state: 'reserved',
  queued: true,
  started_at: null,
  updated_at: new Date(NOW).toISOString(),
  ...over,
});

const imageDto = (n: number, over: Partial<ImageDto> = {}): ImageDto => ({
  id: uuid(n),
  name: `render-${n}.png`,
  width: 1000,
  height: 500,
  url: `/api/files/user-images/u/${n}.png?exp=1&sig=x`,
  thumbnailUrl: `/api/files/user-images/u/${n}.webp?exp=1&sig=x`,
  enhanced: null,
  activeJob: null,
  ...over,
});

const run = (...actions: WorkspaceAction[]) => actions.reduce(reduce, initialWorkspaceState);

function uploaded(count: number): WorkspaceState {
  return run({ type: 'hydrate', images: Array.from({ length: count }, (_, i) => imageDto(count - i)), now: NOW });
}

describe('card state machine', () => {
  it('goes uploading → idle with the server image, and uploading → upload-failed → uploading on retry', () => {
    let s = run({
      type: 'uploadStarted',
      items: [
        { key: 'a', name: 'a.png', localUrl: 'blob:a' },
        { key: 'b', name: 'b.png', localUrl: null },
      ],
    });
    expect(s.images.map((i) => i.status)).toEqual(['uploading', 'uploading']);
    s = reduce(s, {
      type: 'uploadSucceeded',
      key: 'a',
      upload: {
        status: 'accepted',
        name: 'a.png',
        id: uuid(1),
        url: '/u/a',
        thumbnailUrl: '/u/a.webp',
        width: 320,
        height: 180,
        bucket: 'user-images',
        filePath: 'u/a.png',
        expiresAt: '',
        thumbnailPath: 'u/thumbnails/a.webp',
        format: 'png',
        bytes: 1,
      },
    });
    s = reduce(s, { type: 'uploadFailed', key: 'b', error: 'Upload failed. Please try again.' });
    expect(s.images[0]).toMatchObject({ status: 'idle', imageId: uuid(1), width: 320, height: 180 });
    expect(s.images[1]).toMatchObject({ status: 'upload-failed', error: 'Upload failed. Please try again.', imageId: null });
    s = reduce(s, { type: 'uploadRetry', key: 'b' });
    expect(s.images[1]).toMatchObject({ status: 'uploading', error: null });
  });

  it('runs idle → processing → enhanced with real progress that never moves backwards', () => {
    let s = uploaded(1);
    const key = s.images[0].key;
    s = reduce(s, { type: 'jobSubmitted', key, job: job(), now: NOW });
    expect(s.images[0].status).toBe('processing');
    s = reduce(s, { type: 'jobUpdate', job: job({ progress: 0.4, eta_ms: 3000, started_at: new Date(NOW).toISOString() }), now: NOW });
    expect(s.images[0].job).toMatchObject({ progress: 0.4, etaMs: 3000, started: true });
    s = reduce(s, { type: 'jobUpdate', job: job({ progress: 0.2 }), now: NOW });
    expect(s.images[0].job?.progress).toBe(0.4);
    s = reduce(s, { type: 'jobUpdate', job: job({ status: 'completed', progress: 1, processed_image_url: '/e/1.png' }), now: NOW });
    expect(s.images[0]).toMatchObject({
      status: 'enhanced',
      job: null,
      enhanced: { url: '/e/1.png', width: 2000, height: 1000, scale: 2, mode: 'precision' },
      view: 'compare',
    });
  });

  it('keeps the original on failure and allows another try', () => {
    let s = uploaded(1);
    s = reduce(s, { type: 'jobSubmitted', key: s.images[0].key, job: job(), now: NOW });
    s = reduce(s, { type: 'jobUpdate', job: job({ status: 'failed', error_message: 'Enhancement failed' }), now: NOW });
    expect(s.images[0]).toMatchObject({ status: 'failed', error: 'Enhancement failed', enhanced: null, job: null });
    s = reduce(s, { type: 'jobSubmitted', key: s.images[0].key, job: job({ id: uuid(101) }), now: NOW });
    expect(s.images[0].status).toBe('processing');
  });

  it('cancels through cancelling, back to idle, or to the earlier result; a refused cancel resumes processing', () => {
    let s = uploaded(1);
    const key = s.images[0].key;
    s = reduce(s, { type: 'jobSubmitted', key, job: job(), now: NOW });
    s = reduce(s, { type: 'cancelRequested', key });
    expect(s.images[0].status).toBe('cancelling');
    s = reduce(s, { type: 'cancelRefused', key });
    expect(s.images[0].status).toBe('processing');
    s = reduce(s, { type: 'cancelRequested', key });
    s = reduce(s, { type: 'jobUpdate', job: job({ status: 'cancelled', error_message: 'Cancelled by user' }), now: NOW });
    expect(s.images[0]).toMatchObject({ status: 'idle', job: null });

    let e = uploaded(1);
    e = reduce(e, { type: 'jobSubmitted', key, job: job(), now: NOW });
    e = reduce(e, { type: 'jobUpdate', job: job({ status: 'completed', processed_image_url: '/e/1.png' }), now: NOW });
    e = reduce(e, { type: 'jobSubmitted', key, job: job({ id: uuid(101), scale: 4 }), now: NOW });
    e = reduce(e, { type: 'cancelRequested', key });
    e = reduce(e, { type: 'jobUpdate', job: job({ id: uuid(101), status: 'cancelled' }), now: NOW });
    expect(e.images[0]).toMatchObject({ status: 'enhanced', enhanced: { url: '/e/1.png', scale: 2 } });
  });

  it('keeps every result as a version: a new one is shown, an earlier one can be shown again', () => {
    let s = uploaded(1);
    const key = uuid(1);
    s = reduce(s, { type: 'jobSubmitted', key, job: job(), now: NOW });
    s = reduce(s, { type: 'jobUpdate', job: job({ status: 'completed', processed_image_url: '/r/2x.png', result_image_id: uuid(200) }), now: NOW });
    expect(s.images[0].enhanced).toMatchObject({ jobId: uuid(100), imageId: uuid(200), width: 2000, height: 1000, scale: 2 });
    const removal = job({ id: uuid(101), workflow_type: 'remove', target_image_id: uuid(200), scale: null, mode: null });
    s = reduce(s, { type: 'jobSubmitted', key, job: removal, now: NOW });
    s = reduce(s, {
      type: 'jobUpdate',
      job: { ...removal, status: 'completed', processed_image_url: '/r/removed.png', result_image_id: uuid(201), scale: 2, mode: 'remove' },
      now: NOW,
    });
    expect(s.images[0].enhanced).toMatchObject({ jobId: uuid(101), imageId: uuid(201), width: 2000, height: 1000, mode: 'remove' });
    expect(s.images[0].versions!.map((v) => v.jobId)).toEqual([uuid(100), uuid(101)]);

    s = reduce(s, { type: 'showVersion', key, jobId: uuid(100) });
    expect(s.images[0].enhanced).toMatchObject({ jobId: uuid(100), url: '/r/2x.png' });
    expect(s.images[0].view).toBe('preview');
    // an unknown version changes nothing
    expect(reduce(s, { type: 'showVersion', key, jobId: uuid(999) })).toBe(s);
  });

  it('drops deleted versions: a card that showed one shows the newest left, and with none left the upload', () => {
    let s = uploaded(1);
    const key = uuid(1);
    for (const [id, url] of [
      [uuid(100), '/r/a.png'],
      [uuid(101), '/r/b.png'],
    ] as const) {
      s = reduce(s, { type: 'jobSubmitted', key, job: job({ id }), now: NOW });
      s = reduce(s, { type: 'jobUpdate', job: job({ id, status: 'completed', processed_image_url: url }), now: NOW });
    }
    s = reduce(s, { type: 'showVersion', key, jobId: uuid(100) });
    // another version than the one shown goes: the card keeps showing its own
    let t = reduce(s, { type: 'versionsDeleted', jobIds: [uuid(101)] });
    expect([t.images[0].enhanced?.jobId, t.images[0].versions!.map((v) => v.jobId)]).toEqual([uuid(100), [uuid(100)]]);
    // the one shown goes: the newest left is shown
    t = reduce(s, { type: 'versionsDeleted', jobIds: [uuid(100)] });
    expect([t.images[0].enhanced?.url, t.images[0].status]).toEqual(['/r/b.png', 'enhanced']);
    // all go: the upload, at rest
    t = reduce(s, { type: 'versionsDeleted', jobIds: [uuid(100), uuid(101)] });
    expect([t.images[0].enhanced, t.images[0].versions, t.images[0].status]).toEqual([null, [], 'idle']);
    // versions no card has change nothing
    expect(reduce(s, { type: 'versionsDeleted', jobIds: [uuid(999)] })).toBe(s);
  });

  it('enhances the version the card shows: the result is that version × the scale, names its parent, and the card names the chain', () => {
    let s = uploaded(1);
    const key = uuid(1);
    const removal = job({ id: uuid(101), workflow_type: 'remove', scale: null, mode: null });
    s = reduce(s, { type: 'jobSubmitted', key, job: removal, now: NOW });
    s = reduce(s, {
      type: 'jobUpdate',
      job: { ...removal, status: 'completed', processed_image_url: '/r/removed.png', result_image_id: uuid(201), scale: 1, mode: 'remove' },
      now: NOW,
    });
    expect(versionLabelOf(s.images[0])).toBe('Removed 1 object');
    // what Enhance sends: the removal, at its size
    expect(enhanceInput(s.images[0])).toEqual({ width: 1000, height: 500, versionId: uuid(101) });

    const enhance = job({ id: uuid(102), target_image_id: uuid(201), source_job_id: uuid(101) });
    s = reduce(s, { type: 'jobSubmitted', key, job: enhance, now: NOW });
    s = reduce(s, { type: 'jobUpdate', job: { ...enhance, status: 'completed', processed_image_url: '/r/2x.png', result_image_id: uuid(202) }, now: NOW });
    expect(s.images[0].enhanced).toMatchObject({ jobId: uuid(102), parentJobId: uuid(101), width: 2000, height: 1000 });
    expect(versionLabelOf(s.images[0])).toBe('Removed 1 object · ×2 Precision');

    // ×2 of the ×2 result: 4000 × 2000, not the upload × 2
    const again = job({ id: uuid(103), target_image_id: uuid(202), source_job_id: uuid(102) });
    s = reduce(s, { type: 'jobSubmitted', key, job: again, now: NOW });
    s = reduce(s, { type: 'jobUpdate', job: { ...again, status: 'completed', processed_image_url: '/r/4x.png', result_image_id: uuid(203) }, now: NOW });
    expect(s.images[0].enhanced).toMatchObject({ width: 4000, height: 2000 });
    expect(versionLabelOf(s.images[0])).toBe('Removed 1 object · ×2 Precision · ×2 Precision');
    expect(versionLabelOf(s.images[0], null)).toBe('Original');
  });

  it('takes every version the server lists, the latest shown', () => {
    const v = (n: number, mode: string) => ({ jobId: uuid(n), imageId: uuid(n + 100), url: `/r/${n}.png`, width: 2000, height: 1000, scale: 2, mode });
    const s = run({ type: 'hydrate', images: [imageDto(1, { enhanced: v(2, 'remove'), versions: [v(1, 'detail'), v(2, 'remove')] })], now: NOW });
    expect(s.images[0].enhanced).toMatchObject({ jobId: uuid(2), imageId: uuid(102), mode: 'remove' });
    expect(s.images[0].versions!.map((x) => x.mode)).toEqual(['detail', 'remove']);
  });

  it('ignores events of jobs it does not track', () => {
    const s = uploaded(1);
    expect(reduce(s, { type: 'jobUpdate', job: job({ id: uuid(999), target_image_id: uuid(555), progress: 0.5 }), now: NOW })).toBe(s);
  });

  it('restores processing jobs after a reload and clears ones stuck over 10 minutes', () => {
    const old = new Date(NOW - 11 * 60_000).toISOString();
    const s = run({
      type: 'hydrate',
      now: NOW,
      images: [
        imageDto(3, { activeJob: job({ id: uuid(103), target_image_id: uuid(3), progress: 0.3 }) }),
        imageDto(2, { activeJob: job({ id: uuid(102), target_image_id: uuid(2), created_at: old }) }),
        imageDto(1, { enhanced: { jobId: uuid(90), url: '/e/1.png', width: 2000, height: 1000, scale: 2, mode: 'detail' } }),
      ],
    });
    expect(s.loaded).toBe(true);
    expect(s.images.map((i) => [i.name, i.status])).toEqual([
      ['render-1.png', 'enhanced'],
      ['render-2.png', 'idle'],
      ['render-3.png', 'processing'],
    ]);
    expect(s.images[2].job?.progress).toBe(0.3);
    expect(activeJobCount(s)).toBe(1);
  });

  it('counts a layout when cards arrive from saved positions, not when nothing new arrives or a card moves', () => {
    const s = uploaded(2);
    expect(s.layouts).toBe(1);
    expect(reduce(s, { type: 'hydrate', images: [imageDto(1), imageDto(2)], now: NOW }).layouts).toBe(1);
    expect(reduce(s, { type: 'move', key: uuid(1), position: { x: 5, y: 5 } }).layouts).toBe(1);
    expect(reduce(s, { type: 'hydrate', images: [imageDto(3)], now: NOW }).layouts).toBe(2);
  });

  it('does not select or move a processing card, and removing the selected card clears the selection', () => {
    let s = uploaded(2);
    const [a, b] = s.images.map((i) => i.key);
    s = reduce(s, { type: 'jobSubmitted', key: a, job: job(), now: NOW });
    expect(reduce(s, { type: 'select', key: a }).selectedKey).toBeNull();
    const before = s.images[0].position;
    expect(reduce(s, { type: 'move', key: a, position: { x: 5, y: 5 } }).images[0].position).toEqual(before);
    s = reduce(s, { type: 'select', key: b });
    expect(s.selectedKey).toBe(b);
    s = reduce(s, { type: 'remove', key: b });
    expect(s.selectedKey).toBeNull();
    expect(s.images).toHaveLength(1);
  });

  it('Select all selects every card that is not processing, keeping the selected one as the main one', () => {
    let s = uploaded(4);
    const [a, b, c, d] = s.images.map((i) => i.key);
    s = reduce(s, { type: 'jobSubmitted', key: d, job: job(), now: NOW });
    s = reduce(s, { type: 'select', key: b });
    s = reduce(s, { type: 'selectAll' });
    expect(s.selectedKey).toBe(b);
    expect([...s.multiSelected].sort()).toEqual([a, b, c].sort());
    expect(enhanceAllCandidates(s).sort()).toEqual([a, b, c].sort());
    expect(reduce(reduce(s, { type: 'select', key: null }), { type: 'selectAll' }).selectedKey).toBe(a);
    expect(reduce(initialWorkspaceState, { type: 'selectAll' })).toBe(initialWorkspaceState);
  });

  it('places new cards on the 900-unit grid with ceil(sqrt(n)) columns', () => {
    const s = run({ type: 'uploadStarted', items: ['a', 'b', 'c', 'd', 'e'].map((k) => ({ key: k, name: k, localUrl: null })) });
    expect(s.images.map((i) => i.position)).toEqual([
      { x: 0, y: 0 },
      { x: 900, y: 0 },
      { x: 1800, y: 0 },
      { x: 0, y: 900 },
      { x: 900, y: 900 },
    ]);
  });

  it('sets the chosen mode’s preset', () => {
    const s = run({ type: 'setMode', mode: 'detail' });
    expect(s.settings.mode).toBe('detail');
    expect(s.settings.params.detail).toBe(80);
  });

  it('swaps refreshed signed URLs everywhere they appear', () => {
    let s = uploaded(1);
    const old = s.images[0].url!;
    s = reduce(s, { type: 'replaceUrls', urls: { [old]: '/fresh' } });
    expect(s.images[0].url).toBe('/fresh');
  });
});

describe('Enhance all', () => {
  it('queues every uploaded image without a result, or the multi-selection', () => {
    let s = uploaded(3);
    const [a, b, c] = s.images.map((i) => i.key);
    s = reduce(s, { type: 'jobSubmitted', key: a, job: job({ target_image_id: s.images[0].imageId }), now: NOW });
    s = reduce(s, { type: 'jobUpdate', job: job({ status: 'completed', processed_image_url: '/e.png' }), now: NOW });
    expect(enhanceAllCandidates(s)).toEqual([b, c]);
    s = reduce(s, { type: 'select', key: a });
    s = reduce(s, { type: 'select', key: c, additive: true });
    expect(enhanceAllCandidates(s).sort()).toEqual([a, c].sort());
  });

  it('submits only as many as the plan has free slots, then the next when one finishes', () => {
    let s = uploaded(3);
    const keys = s.images.map((i) => i.key);
    s = reduce(s, { type: 'batchStarted', keys, scale: 2, mode: 'precision' });
    expect(batchKeysToSubmit(s, 1)).toEqual([keys[0]]);
    s = reduce(s, { type: 'jobSubmitted', key: keys[0], job: job({ id: uuid(200) }), now: NOW });
    s = reduce(s, { type: 'batchSubmitted', key: keys[0] });
    expect(batchKeysToSubmit(s, 1)).toEqual([]);
    expect(batchKeysToSubmit(s, 4)).toEqual([keys[1], keys[2]]);
    s = reduce(s, { type: 'jobUpdate', job: job({ id: uuid(200), status: 'processing', progress: 0.5 }), now: NOW });
    expect(batchProgress(s)).toEqual({ total: 3, finished: 0, enhanced: 0, waiting: 2, fraction: 0.5 / 3 });
    s = reduce(s, { type: 'jobUpdate', job: job({ id: uuid(200), status: 'completed', processed_image_url: '/e.png' }), now: NOW });
    expect(batchKeysToSubmit(s, 1)).toEqual([keys[1]]);
    expect(batchProgress(s)).toMatchObject({ finished: 1, enhanced: 1 });
  });

  it('a slot the server refused puts the image back first in line and holds until a job ends or the hold is over', () => {
    let s = uploaded(3);
    const keys = s.images.map((i) => i.key);
    s = reduce(s, { type: 'batchStarted', keys, scale: 2, mode: 'precision' });
    s = reduce(s, { type: 'batchSubmitted', key: keys[0] });
    s = reduce(s, { type: 'jobSubmitted', key: keys[0], job: job({ id: uuid(300) }), now: NOW });
    s = reduce(s, { type: 'batchSubmitted', key: keys[1] });
    s = reduce(s, { type: 'jobSubmitFailed', key: keys[1], error: 'Maximum concurrent jobs reached' });
    s = reduce(s, { type: 'batchRequeued', key: keys[1], until: NOW + 5_000 });
    expect(s.batch?.waiting).toEqual([keys[1], keys[2]]);
    expect(s.batch?.finished).toEqual([]);
    // held: nothing is submitted, however many slots the plan says are free
    expect(batchKeysToSubmit(s, 4, NOW + 1_000)).toEqual([]);
    expect(batchKeysToSubmit(s, 4, NOW + 5_000)).toEqual([keys[1], keys[2]]);
    // a job of the run ending frees a slot at once
    s = reduce(s, { type: 'jobUpdate', job: job({ id: uuid(300), status: 'completed', processed_image_url: '/e.png' }), now: NOW });
    expect(s.batch?.heldUntil).toBeNull();
    expect(batchKeysToSubmit(s, 4, NOW + 1_000)).toEqual([keys[1], keys[2]]);
  });

  it('stop drops the images still waiting; the running one finishes the run', () => {
    let s = uploaded(3);
    const keys = s.images.map((i) => i.key);
    s = reduce(s, { type: 'batchStarted', keys, scale: 2, mode: 'precision' });
    s = reduce(s, { type: 'batchSubmitted', key: keys[0] });
    s = reduce(s, { type: 'jobSubmitted', key: keys[0], job: job({ id: uuid(400) }), now: NOW });
    s = reduce(s, { type: 'batchStopped' });
    expect(s.batch).toMatchObject({ keys: [keys[0]], waiting: [] });
    expect(batchKeysToSubmit(s, 4)).toEqual([]);
    expect(batchDone(s)).toBe(false);
    s = reduce(s, { type: 'jobUpdate', job: job({ id: uuid(400), status: 'completed', processed_image_url: '/e.png' }), now: NOW });
    expect(batchDone(s)).toBe(true);
    expect(batchProgress(s)).toMatchObject({ total: 1, finished: 1, enhanced: 1, waiting: 0 });
  });

  it('a refused second submission leaves the running job of the card alone', () => {
    let s = uploaded(1);
    const key = s.images[0].key;
    s = reduce(s, { type: 'jobSubmitted', key, job: job({ id: uuid(500) }), now: NOW });
    s = reduce(s, { type: 'jobSubmitFailed', key, error: 'Image Already Processing…' });
    expect(s.images[0]).toMatchObject({ status: 'processing', job: { id: uuid(500) } });
  });
});

describe('a card from the library', () => {
  const version = (n: number, jobId: string) => ({ jobId, url: `/e/${n}.png`, previewUrl: null, width: 2000, height: 1000, scale: 2, mode: 'precision' });

  it('comes with its versions, where it was dropped, selected; the layout is not redone', () => {
    const s0 = uploaded(2);
    const dto = imageDto(7, { enhanced: version(7, uuid(71)), versions: [version(6, uuid(70)), version(7, uuid(71))] });
    const s = reduce(s0, { type: 'addFromLibrary', image: dto, position: { x: 1234, y: -50 }, now: NOW });
    const card = s.images.at(-1)!;
    expect(s.images).toHaveLength(3);
    expect([card.key, card.imageId, card.status, card.position]).toEqual([uuid(7), uuid(7), 'enhanced', { x: 1234, y: -50 }]);
    expect(card.versions?.map((v) => v.jobId)).toEqual([uuid(70), uuid(71)]);
    expect(s.selectedKey).toBe(uuid(7));
    expect(s.layouts).toBe(s0.layouts);
  });

  it('takes the next free grid slot without a drop point, and is never added twice', () => {
    const s0 = uploaded(2);
    const s = reduce(s0, { type: 'addFromLibrary', image: imageDto(9), now: NOW });
    expect(s.images.at(-1)!.position).not.toEqual(s0.images[0].position);
    expect(s.images.at(-1)!.position).not.toEqual(s0.images[1].position);
    expect(reduce(s, { type: 'addFromLibrary', image: imageDto(9), now: NOW })).toBe(s);
    expect(reduce(s0, { type: 'addFromLibrary', image: imageDto(1), now: NOW })).toBe(s0);
  });

  it('keeps a running job running, and does not select it', () => {
    const s = reduce(uploaded(1), { type: 'addFromLibrary', image: imageDto(5, { activeJob: job({ target_image_id: uuid(5) }) }), now: NOW });
    expect(s.images.at(-1)!.status).toBe('processing');
    expect(s.selectedKey).toBeNull();
  });
});
