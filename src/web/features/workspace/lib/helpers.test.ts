import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { progressView, formatDuration } from './progress';
import { applyZoom, zoomKeyAction, zoomIn, zoomOut } from '@web/features/canvas-core/zoom';
import { archiveDownloadUrl, fileNameFromDisposition, imageDownloadUrl, loadDownloadPrefs, saveDownloadPrefs } from './download';
import { downloadFileName } from '@shared/download-names';
import { enhanceRefusal, failureToast, noSelectionMessage, planConcurrency, type EnhanceCheckInput } from './enhance-checks';

/** The toast text of the first rule a request breaks, or null. */
const enhanceCheck = (input: EnhanceCheckInput) => enhanceRefusal(input)?.text ?? null;
import { selectionKeyAction } from './shortcut-keys';
import { workspaceShortcuts } from '@shared/shortcuts';
import { needsRefresh, refreshRequests, urlExpiry } from './signed-urls';
import { runInBatches, selectUploadable } from './upload-batches';
import { fitCard, frameCards, gridColumns, positionsForNew } from '@web/features/canvas-core/layout';

const NOW = 1_800_000_000_000;

describe('progress display', () => {
  it('shows the real progress and ETA, never 100 before completion', () => {
    expect(progressView({ progress: 0.42, etaMs: 65_000, startedAt: NOW, started: true }, NOW + 1000)).toEqual({
      percent: 42,
      detail: '1m 5s left',
      almostDone: false,
    });
    expect(progressView({ progress: 1, etaMs: null, startedAt: NOW, started: true }, NOW).percent).toBe(99);
  });
  it('says the job waits for a worker before one takes it', () => {
    expect(progressView({ progress: 0, etaMs: null, startedAt: NOW, started: false }, NOW).detail).toBe('Waiting for a free worker');
  });
  it('says the worker’s phase instead of a silent 0 %: loading the model, the tiles with their ETA, saving', () => {
    const job = { progress: 0, etaMs: null, startedAt: NOW, started: true };
    expect(progressView({ ...job, phase: { kind: 'loading' } }, NOW).detail).toBe('Loading model');
    expect(progressView({ ...job, progress: 0.25, etaMs: 9000, phase: { kind: 'tiles', done: 3, total: 12 } }, NOW).detail).toBe('Tile 3 of 12 · 9s left');
    expect(progressView({ ...job, progress: 1, etaMs: 0, phase: { kind: 'saving' } }, NOW).detail).toBe('Saving');
  });
  it('holds at 95 with Almost done... after 15 minutes (seed 001 §9)', () => {
    expect(progressView({ progress: 0.5, etaMs: 1000, startedAt: NOW, started: true }, NOW + 900_001)).toEqual({
      percent: 95,
      detail: 'Almost done...',
      almostDone: true,
    });
  });
  it('formats durations', () => {
    expect(formatDuration(400)).toBe('1s');
    expect(formatDuration(120_000)).toBe('2m');
  });
});

describe('zoom', () => {
  const el = (tagName: string, type?: string) => ({ tagName, type }) as unknown as EventTarget;
  it('steps by 50 within 10..1200', () => {
    expect(zoomIn(100)).toBe(150);
    expect(zoomIn(1200)).toBe(1200);
    expect(zoomOut(50)).toBe(10);
    expect(zoomOut(10)).toBe(10);
    expect(applyZoom(550, 'reset')).toBe(100);
  });
  it('maps = + - 0 and ignores them while typing or with modifiers', () => {
    expect(zoomKeyAction({ key: '=', target: el('DIV') })).toBe('in');
    expect(zoomKeyAction({ key: '+', target: el('DIV') })).toBe('in');
    expect(zoomKeyAction({ key: '-', target: el('BUTTON') })).toBe('out');
    expect(zoomKeyAction({ key: '0', target: null })).toBe('reset');
    expect(zoomKeyAction({ key: '0', target: el('INPUT', 'text') })).toBeNull();
    expect(zoomKeyAction({ key: '-', target: el('TEXTAREA') })).toBeNull();
    expect(zoomKeyAction({ key: '=', target: el('INPUT', 'radio') })).toBe('in');
    expect(zoomKeyAction({ key: '=', target: null, ctrlKey: true })).toBeNull();
  });
});

describe('framing the cards', () => {
  // eight cards on the 900-unit grid, three columns: 2600 × 2444 canvas units
  const grid = { x: 0, y: 0, width: 2600, height: 2444 };
  const opts = { minZoom: 0.05, maxZoom: 0.8 };
  it('fits the whole grid, centred, on a wide screen', () => {
    const v = frameCards(grid, { width: 1440, height: 836 }, { top: 80, left: 320, right: 56, bottom: 140 }, { ...opts, minCardWidth: undefined });
    expect(v.zoom).toBeCloseTo(616 / 2444, 5);
    expect(v.x).toBeCloseTo(320 + (1064 - 2600 * v.zoom) / 2, 5);
  });
  it('on a phone keeps a card across the free width, from the top left card, so captions stay readable', () => {
    const v = frameCards(grid, { width: 390, height: 780 }, { top: 72, left: 16, right: 16, bottom: 96 }, { ...opts, minCardWidth: 800 });
    expect(v.zoom).toBeCloseTo(358 / 800, 5);
    expect(v).toMatchObject({ x: 16, y: 72 });
    // a 12 px caption drawn at 1 / zoom canvas units stays 12 px on screen (the card chrome's --u clamps at 3.2)
    expect(12 * Math.min(3.2, 1 / v.zoom) * v.zoom).toBeGreaterThanOrEqual(11);
    // one card fits: centred as before
    const one = frameCards(
      { x: 0, y: 0, width: 800, height: 644 },
      { width: 390, height: 780 },
      { top: 72, left: 16, right: 16, bottom: 96 },
      { ...opts, minCardWidth: 800 },
    );
    expect(one.zoom).toBeCloseTo(358 / 800, 5);
    expect(one.y).toBeCloseTo(72 + (612 - 644 * one.zoom) / 2, 5);
  });
});

describe('selection and help keys', () => {
  const el = (tagName: string, type?: string) => ({ tagName, type, closest: () => null }) as unknown as EventTarget;
  it('Ctrl or Cmd+A selects all and ? opens the shortcuts, never while typing or inside a dialog', () => {
    expect(selectionKeyAction({ key: 'a', ctrlKey: true, target: el('DIV') })).toBe('selectAll');
    expect(selectionKeyAction({ key: 'A', metaKey: true, target: null })).toBe('selectAll');
    expect(selectionKeyAction({ key: 'a', target: el('DIV') })).toBeNull();
    expect(selectionKeyAction({ key: 'a', ctrlKey: true, target: el('INPUT', 'text') })).toBeNull();
    expect(selectionKeyAction({ key: 'a', ctrlKey: true, target: el('TEXTAREA') })).toBeNull();
    expect(selectionKeyAction({ key: '?', target: el('BUTTON') })).toBe('shortcuts');
    expect(selectionKeyAction({ key: '?', target: el('INPUT', 'search') })).toBeNull();
    const inDialog = { tagName: 'BUTTON', closest: () => ({}) } as unknown as EventTarget;
    expect(selectionKeyAction({ key: '?', target: inDialog })).toBeNull();
  });
  it('the shortcuts sheet lists every key the handlers answer, with the platform’s modifier', () => {
    const keys = workspaceShortcuts(false).flatMap((g) => g.shortcuts.flatMap((s) => s.keys));
    for (const k of ['U', 'Shift+U', 'E', 'D', 'Shift+D', 'F', 'C', 'P', 'V', ',', 'S', 'O', 'B', 'M', 'X', '?', 'Escape', 'Delete', '0', '+', '-', 'Ctrl+A'])
      expect(keys).toContain(k);
    expect(workspaceShortcuts(true).flatMap((g) => g.shortcuts.flatMap((s) => s.keys))).toContain('⌘+A');
    // every single key the handlers compare against is in the sheet
    const handlers = ['../hooks/useWorkspaceKeys.ts', '../hooks/useAddonKeys.ts'].map((f) => readFileSync(new URL(f, import.meta.url), 'utf8')).join('\n');
    const answered = [...handlers.matchAll(/key === '(.+?)'/g)].map((m) => (m[1].length === 1 ? m[1].toUpperCase() : m[1]));
    expect(answered.length).toBeGreaterThan(10);
    const named = keys.map((x) => ({ Space: ' ', Escape: 'escape' })[x] ?? x);
    for (const k of answered) expect(named, k).toContain(k);
  });
});

describe('download name', () => {
  it('is the original name with each step of its chain, in the chosen format', () => {
    const x2 = { workflow: 'enhance', scale: 2, mode: 'precision' } as const;
    expect(downloadFileName('01-winter-architecture.png', [x2], 'png')).toBe('01-winter-architecture_x2_precision.png');
    expect(downloadFileName('Kitchen Final.v3.JPG', [{ workflow: 'enhance', scale: 4, mode: 'Detail' }], 'jpeg')).toBe('Kitchen Final.v3_x4_detail.jpg');
    expect(downloadFileName('a/b/c?.webp', [x2, { workflow: 'remove' }], 'tiff')).toBe('c__x2_precision_removed.tif');
    expect(downloadFileName('Küche.png', [], 'webp')).toBe('Küche.webp');
  });
});

describe('download URLs and the remembered choice', () => {
  it('asks the server for the file with only the options that differ from the defaults', () => {
    expect(imageDownloadUrl('abc', { format: 'png' })).toBe('/api/images/abc/download?format=png');
    expect(imageDownloadUrl('abc', { format: 'jpeg', quality: 92, chroma: '420' })).toBe('/api/images/abc/download?format=jpeg&chroma=420');
    expect(archiveDownloadUrl(['a', 'b'], { format: 'tiff', depth: '16' })).toBe('/api/images/archive?ids=a,b&format=tiff&depth=16');
  });
  it('remembers the last format and options, and falls back to the defaults on a bad value', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(loadDownloadPrefs(storage)).toMatchObject({ format: 'png', quality: 92, chroma: '444', metadata: 'keep' });
    saveDownloadPrefs({ ...loadDownloadPrefs(storage), format: 'webp', lossless: false, quality: 80, dpi: 300 }, storage);
    expect(loadDownloadPrefs(storage)).toMatchObject({ format: 'webp', lossless: false, quality: 80, dpi: 300 });
    store.set('renderlift.download-prefs', '{"format":"gif"');
    expect(loadDownloadPrefs(storage).format).toBe('png');
  });
  it('reads the exact name from Content-Disposition', () => {
    expect(fileNameFromDisposition(`attachment; filename="K_che.zip"; filename*=UTF-8''K%C3%BCche.zip`, 'x.zip')).toBe('Küche.zip');
    expect(fileNameFromDisposition(null, 'x.zip')).toBe('x.zip');
  });
});

describe('enhance checks before calling the server', () => {
  const base: EnhanceCheckInput = {
    image: { width: 1000, height: 800, processing: false, processingSince: null, uploaded: true },
    scale: 2,
    mode: 'precision',
    signedIn: true,
    credits: 50,
    activeJobs: 0,
    subscriptionStatus: 'basic',
    betaAccess: false,
    now: NOW,
  };
  it('passes a valid request', () => expect(enhanceCheck(base)).toBeNull());
  it('follows the seed order and wording', () => {
    expect(enhanceCheck({ ...base, image: null })).toBe('No Image Selected - Please upload an image first before enhancing.');
    expect(enhanceCheck({ ...base, scale: 5 })).toBe('Please select an upscale option (2×, 3×, 4×, or 6×) before enhancing.');
    expect(enhanceCheck({ ...base, mode: null })).toBe('Please select an enhancement mode (Precision, Detail, or Creativity) before enhancing.');
    expect(enhanceCheck({ ...base, signedIn: false })).toBe('Authentication Required - Please log in to enhance images.');
    expect(enhanceCheck({ ...base, credits: 0 })).toBe('Insufficient Credits - You need at least 1 credit to enhance an image. Please upgrade your plan.');
    expect(enhanceCheck({ ...base, image: { ...base.image!, processing: true, processingSince: NOW - 1000 } })).toBe('Image Already Processing…');
    expect(enhanceCheck({ ...base, activeJobs: 1 })).toBe(
      'Maximum concurrent jobs reached (1/1). Your Basic plan allows 1 image(s) at a time. Please wait for a job to complete.',
    );
    expect(enhanceCheck({ ...base, image: { ...base.image!, width: 6000, height: 6000 }, scale: 2 })).toContain('exceeds 64 megapixel limit');
  });
  it('with nothing selected, asks for an upload on an empty canvas and for a selection when cards are there', () => {
    expect(noSelectionMessage(0)).toBe('No Image Selected - Please upload an image first before enhancing.');
    expect(noSelectionMessage(8)).toBe('No Image Selected - Select an image on the canvas first, or use Enhance all.');
  });
  it('lets an image stuck over 10 minutes be enhanced again', () => {
    expect(enhanceCheck({ ...base, image: { ...base.image!, processing: true, processingSince: NOW - 11 * 60_000 } })).toBeNull();
  });
  it('gives beta accounts the business concurrency', () => {
    expect(planConcurrency('basic', true)).toBe(4);
    expect(planConcurrency('professional', false)).toBe(4);
    expect(planConcurrency(null, false)).toBe(0);
  });
});

describe('failure toasts', () => {
  it('maps messages as the seed says', () => {
    expect(failureToast('Cancelled by user')).toBeNull();
    expect(failureToast('Your session expired')).toEqual({
      title: 'Session Expired',
      description: 'Your session has expired. Please refresh the page and log in again.',
    });
    expect(failureToast('')).toEqual({ title: 'Enhancement Failed', description: 'There was an error enhancing your image. Please try again.' });
    expect(failureToast('The model ran out of memory')).toEqual({ title: 'The model ran out of memory' });
  });
});

describe('signed URLs', () => {
  const url = (exp: number) => `/api/files/user-images/u1/a.png?exp=${exp}&sig=abc`;
  it('reads the expiry of our URLs and of S3 presigned ones', () => {
    expect(urlExpiry(url(1_800_000_000))).toBe(1_800_000_000_000);
    expect(urlExpiry('https://s3.example.com/b/k.png?X-Amz-Date=20261122T010000Z&X-Amz-Expires=3600&X-Amz-Signature=x')).toBe(Date.UTC(2026, 10, 22, 2, 0, 0));
    expect(urlExpiry('https://cdn.example.com/enhanced/a.png')).toBeNull();
  });
  it('treats entries as expired 30 minutes early', () => {
    const exp = (NOW + 31 * 60_000) / 1000;
    expect(needsRefresh(url(exp), NOW)).toBe(false);
    expect(needsRefresh(url(exp), NOW + 2 * 60_000)).toBe(true);
    expect(needsRefresh('https://cdn.example.com/x.png', NOW)).toBe(false);
  });
  it('builds one sign request per distinct refreshable URL', () => {
    const reqs = refreshRequests([url(1), url(1), 'https://cdn.example.com/x.png'], 28_800);
    expect(reqs).toEqual([{ url: url(1), request: { bucket: 'user-images', filePath: 'u1/a.png', expiresIn: 28_800 } }]);
  });
});

describe('uploads', () => {
  it('leaves out junk and non-images from a folder', () => {
    const files = ['a.png', '.DS_Store', 'Thumbs.db', 'notes.txt', 'b.JPG', '._c.png', 'd.webp'].map((name) => ({ name, type: '' }));
    expect(selectUploadable(files).map((f) => f.name)).toEqual(['a.png', 'b.JPG', 'd.webp']);
  });
  it('runs three at a time with a 100 ms pause between batches and reports every file', async () => {
    const log: string[] = [];
    let running = 0;
    let peak = 0;
    const progress: number[] = [];
    await runInBatches(
      [1, 2, 3, 4, 5, 6, 7],
      async (n) => {
        running++;
        peak = Math.max(peak, running);
        await Promise.resolve();
        log.push(`f${n}`);
        running--;
      },
      { sleep: async (ms) => void log.push(`sleep${ms}`), onProgress: (p) => progress.push(p.done) },
    );
    expect(peak).toBe(3);
    expect(log).toEqual(['f1', 'f2', 'f3', 'sleep100', 'f4', 'f5', 'f6', 'sleep100', 'f7']);
    expect(progress).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
  it('counts a failed file as done and keeps going', async () => {
    const done = vi.fn();
    await runInBatches(
      [1, 2],
      async (n) => {
        if (n === 1) throw new Error('x');
      },
      { sleep: async () => {}, onProgress: done },
    ).catch(() => {});
    expect(done).toHaveBeenLastCalledWith({ done: 2, total: 2 });
  });
});

describe('layout', () => {
  it('fits cards into 800 × 700', () => {
    expect(fitCard(1920, 1080)).toEqual({ width: 800, height: 450 });
    expect(fitCard(320, 640)).toEqual({ width: 350, height: 700 });
  });
  it('fills free grid slots', () => {
    expect(gridColumns(4)).toBe(2);
    expect(positionsForNew([{ x: 0, y: 0 }], 2)).toEqual([
      { x: 900, y: 0 },
      { x: 0, y: 900 },
    ]);
  });
  it('never places a new card over a moved one', () => {
    // a card moved off the grid covers the slots it overlaps
    const moved = { x: 1000, y: 150 };
    const placed = positionsForNew([{ x: 0, y: 0 }, moved], 3);
    expect(placed).toEqual([
      { x: 1800, y: 0 },
      { x: 0, y: 900 },
      { x: 900, y: 900 },
    ]);
    const all = [{ x: 0, y: 0 }, moved, ...placed];
    for (const a of all) for (const b of all) if (a !== b) expect(Math.abs(a.x - b.x) >= 800 || Math.abs(a.y - b.y) >= 744).toBe(true);
  });
});

describe('waiting for a worker', () => {
  it('says where the job stands in the server’s queue and when it should start', async () => {
    const { waitingDetail } = await import('./progress');
    expect(waitingDetail(undefined)).toBe('Waiting for a free worker');
    expect(waitingDetail({ position: 3, expectedStartMs: 90_000 })).toBe('Waiting for a free worker · #3 in line · starts in about 1m 30s');
    expect(waitingDetail({ position: 1, expectedStartMs: 0 })).toBe('Waiting for a free worker · #1 in line · starts next');
    expect(waitingDetail({ position: 2, expectedStartMs: null })).toBe('Waiting for a free worker · #2 in line');
  });
});
