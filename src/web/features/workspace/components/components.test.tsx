/**
 * Component tests without a DOM: the components render to markup on the server, and the tests read what a user
 * would see. Behaviour that needs events is covered by the state machine's tests and the browser journey.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { NodeProps } from '@xyflow/react';
import { initialWorkspaceState, type WorkspaceImage, type WorkspaceState } from '@web/features/canvas-core/workspace-state';
import { ControlPanel } from './ControlPanel';
import { ImageCardNode, type ImageNode } from './ImageCardNode';
import { WorkspaceContext, type WorkspaceContextValue } from './workspace-context';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { EstimateLine } from './EstimateLine';
import type { EstimateJobsResponse } from '@shared/api/estimates';

const image = (over: Partial<WorkspaceImage> = {}): WorkspaceImage => ({
  key: 'k1',
  imageId: '00000000-0000-4000-8000-000000000001',
  name: 'atrium-final.png',
  width: 1920,
  height: 1080,
  url: '/api/files/user-images/u/a.png?exp=1&sig=x',
  thumbnailUrl: '/api/files/user-images/u/a.webp?exp=1&sig=x',
  localUrl: null,
  enhanced: null,
  status: 'idle',
  job: null,
  error: null,
  position: { x: 0, y: 0 },
  view: 'compare',
  zoom: 100,
  ...over,
});

function ctx(state: Partial<WorkspaceState>, credits = 100): WorkspaceContextValue {
  const full: WorkspaceState = { ...initialWorkspaceState, loaded: true, ...state };
  const selected = full.images.find((i) => i.key === full.selectedKey) ?? null;
  const noop = () => {};
  return {
    state: full,
    selected,
    profile: { credits_remaining: credits, subscription_status: 'business', beta_access: false, first_name: 'Mara', last_name: 'Lindqvist' },
    user: { id: 'u', email: 'mara@example.com' },
    dispatch: noop,
    enhanceSelected: noop,
    enhanceAll: noop,
    cancel: noop,
    remove: noop,
    retryUpload: noop,
    imageFailed: noop,
    resultReloads: {},
    resultFailed: noop,
    resultLoaded: noop,
    getCanvasZoom: () => 0.8,
    queue: { workers: 2, spots: new Map([['waiting-job', { position: 3, expectedStartMs: 60_000 }]]) },
  } as unknown as WorkspaceContextValue;
}

const panel = (value: WorkspaceContextValue) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <WorkspaceContext.Provider value={value}>
        <ControlPanel collapsed={false} onToggle={() => {}} onOpenProfile={() => {}} />
      </WorkspaceContext.Provider>
    </QueryClientProvider>,
  );

const card = (img: WorkspaceImage, selected = false) =>
  renderToStaticMarkup(
    <WorkspaceContext.Provider value={ctx({ images: [img] })}>
      <ImageCardNode {...({ id: img.key, data: { image: img, multiSelected: false }, selected } as unknown as NodeProps<ImageNode>)} />
    </WorkspaceContext.Provider>,
  );

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the estimate before pressing', () => {
  const item = (over: Partial<Extract<EstimateJobsResponse['items'][number], { ok: true }>> = {}) => ({
    ok: true as const,
    image_id: 'i1',
    credits: 4,
    scale: 2,
    mode: 'precision',
    output: { width: 1600, height: 1200 },
    run_seconds: { low: 34, high: 46, basis: 'measured' as const },
    wait_seconds: 0,
    same_as_before: null,
    ...over,
  });
  const line = (e: EstimateJobsResponse) => text(renderToStaticMarkup(<EstimateLine estimate={e} loading={false} />)).trim();

  it('says the cost and the measured time, and warns when the same settings ran before', () => {
    const e = { items: [item()], credits: 4, total_seconds: { low: 34, high: 46, basis: 'measured' as const } };
    expect(line(e)).toBe('4 credits · about 40 s');
    const again = item({
      same_as_before: { job_id: 'j', scale: 2, mode: 'precision', message: 'Already enhanced at ×2 Precision — running again charges again' },
    });
    expect(line({ ...e, items: [again] })).toBe('4 credits · about 40 s Already enhanced at ×2 Precision — running again charges again');
  });

  it('gives a wide range, said to be one, before this server has run the mode', () => {
    const e = { items: [item()], credits: 4, total_seconds: { low: 31, high: 303, basis: 'unmeasured' as const } };
    expect(line(e)).toBe('4 credits · about 1–6 min, not measured here yet');
  });
});

describe('ControlPanel readout', () => {
  it('shows current → output size, megapixels and the cost of the chosen scale before enhancing', () => {
    const html = text(panel(ctx({ images: [image()], selectedKey: 'k1' })));
    expect(html).toContain('Current 1920 × 1080 2.1 MP');
    expect(html).toContain('Output 3840 × 2160 8.3 MP');
    expect(html).toContain('Cost 8 credits');
    expect(html).toContain('Enhance Image');
    // how many run at once on this server (WORKERS)
    expect(html).toContain('This server enhances 2 images at a time');
    expect(html).toContain('Business');
  });

  it('follows the scale setting', () => {
    const html = text(panel(ctx({ images: [image()], selectedKey: 'k1', settings: { ...initialWorkspaceState.settings, scale: 4 } })));
    expect(html).toContain('Output 7680 × 4320 33.2 MP');
    expect(html).toContain('Cost 16 credits');
  });

  it('carries the seed message when the output is over 64 megapixels', () => {
    const html = text(
      panel(ctx({ images: [image({ width: 4000, height: 3000 })], selectedKey: 'k1', settings: { ...initialWorkspaceState.settings, scale: 6 } })),
    );
    expect(html).toContain('Enhanced resolution (24000x18000) exceeds 64 megapixel limit. Please reduce scale.');
  });

  it('asks for a selection when nothing is selected, and offers Enhance all for unenhanced images', () => {
    const html = text(panel(ctx({ images: [image(), image({ key: 'k2', imageId: '00000000-0000-4000-8000-000000000002' })] })));
    expect(html).toContain('Select an image on the canvas');
    expect(html).toMatch(/Enhance all 2/);
  });

  it('Enhance all in progress counts results, and offers to stop the queue while images wait', () => {
    const imgs = [
      image(),
      image({ key: 'k2', imageId: '00000000-0000-4000-8000-000000000002' }),
      image({ key: 'k3', imageId: '00000000-0000-4000-8000-000000000003' }),
    ];
    const batch = { keys: ['k1', 'k2', 'k3'], waiting: ['k2', 'k3'], finished: [], scale: 2 as const, mode: 'precision' as const, heldUntil: null };
    const running = panel(ctx({ images: imgs, batch }));
    expect(text(running)).toContain('0 of 3 enhanced');
    expect(text(running)).toContain('Stop queue');
    const done = panel(
      ctx({
        images: [{ ...imgs[0], status: 'enhanced' }, { ...imgs[1], status: 'failed' }, imgs[2]],
        batch: { ...batch, waiting: [], finished: ['k1', 'k2'] },
      }),
    );
    expect(text(done)).toContain('1 of 3 enhanced');
    expect(text(done)).not.toContain('Stop queue');
  });

  it('reads Enhancing... while the selected image runs, with exactly one mode checked', () => {
    const busy = image({
      status: 'processing',
      job: { id: 'j', scale: 2, mode: 'precision', progress: 0.3, etaMs: null, startedAt: Date.now(), started: true, workflow: 'enhance' },
    });
    const html = panel(ctx({ images: [busy], selectedKey: 'k1' }));
    expect(text(html)).toContain('Enhancing...');
    expect(html.match(/aria-checked="true"/g)).toHaveLength(2); // one scale, one mode
  });
});

describe('image card by state', () => {
  it('idle: the thumbnail, name and size, no progress', () => {
    const html = card(image());
    expect(html).toContain('a.webp');
    expect(text(html)).toContain('atrium-final.png 1920 × 1080');
    expect(html).not.toContain('progress-overlay');
  });

  it('uploading and upload-failed (with a retry)', () => {
    expect(text(card(image({ status: 'uploading', imageId: null, width: 0, height: 0, localUrl: 'blob:x' })))).toContain('Uploading');
    const failed = text(card(image({ status: 'upload-failed', imageId: null, error: 'Upload failed. Please try again.' })));
    expect(failed).toContain('Upload failed. Please try again.');
    expect(failed).toContain('Retry upload');
  });

  it('a job waiting for a worker says where it stands in the server’s queue and when it should start', () => {
    const job = {
      id: 'waiting-job',
      scale: 2,
      mode: 'precision',
      progress: 0,
      etaMs: null,
      startedAt: Date.now(),
      started: false,
      workflow: 'enhance' as const,
    };
    expect(text(card(image({ status: 'processing', job })))).toContain('Waiting for a free worker · #3 in line · starts in about 1m');
  });

  it('processing shows real progress and Cancel; cancelling shows a full bar without it', () => {
    const job = { id: 'j', scale: 2, mode: 'precision', progress: 0.42, etaMs: 30_000, startedAt: Date.now(), started: true, workflow: 'enhance' as const };
    const processing = text(card(image({ status: 'processing', job })));
    expect(processing).toContain('Enhancing...');
    expect(processing).toContain('42%');
    expect(processing).toContain('2× Precision · 30s left');
    expect(processing).toContain('Cancel');
    const cancelling = card(image({ status: 'cancelling', job }));
    expect(text(cancelling)).toContain('Cancelling...');
    expect(cancelling).toContain('aria-valuenow="100"');
    expect(text(cancelling)).not.toMatch(/\bCancel\b(?!ling)/);
  });

  it('enhanced: badge, before/after slider at 50 % with both labels, output size', () => {
    const enhanced = image({ status: 'enhanced', enhanced: { jobId: 'j', url: '/e.png', width: 3840, height: 2160, scale: 2, mode: 'precision' } });
    const html = card(enhanced);
    expect(text(html)).toContain('Enhanced');
    expect(html).toContain('data-testid="compare-slider"');
    expect(html).toContain('aria-valuenow="50"');
    expect(text(html)).toContain('BEFORE');
    expect(text(html)).toContain('ENHANCED');
    expect(text(html)).toContain('1920 × 1080 → 3840 × 2160');
    const preview = card({ ...enhanced, view: 'preview' });
    expect(preview).not.toContain('compare-slider');
    expect(preview).toContain('/e.png');
  });

  it('a card whose only version is an object removal is badged for it and shows its unchanged size once', () => {
    const removed = image({
      width: 800,
      height: 600,
      status: 'enhanced',
      view: 'preview',
      enhanced: { jobId: 'r', url: '/r.png', width: 800, height: 600, scale: 1, mode: 'remove' },
    });
    const html = text(card(removed));
    expect(html).toContain('Object removed');
    expect(html).not.toMatch(/\bEnhanced\b/);
    expect(html).toContain('800 × 600');
    expect(html).not.toContain('→');
  });

  it("enhanced: the canvas shows the result's preview, the full file only when zoomed in to inspect detail", () => {
    const result = { jobId: 'j', url: '/full-8k.png', previewUrl: '/preview.webp', width: 7680, height: 4320, scale: 4, mode: 'detail' };
    for (const view of ['compare', 'preview'] as const) {
      const fit = card(image({ status: 'enhanced', view, enhanced: result }));
      expect(fit).toContain('/preview.webp');
      expect(fit).not.toContain('/full-8k.png');
      // no 'Loading high-resolution images' for a preview
      expect(text(fit)).not.toContain('Loading high-resolution images');
      const zoomed = card(image({ status: 'enhanced', view, zoom: 300, enhanced: result }));
      expect(zoomed).toContain('/full-8k.png');
      expect(zoomed).not.toContain('/preview.webp');
      expect(text(zoomed)).toContain('Loading high-resolution images');
    }
  });

  it('offers a share link of the version the card shows, from the card menu, when nothing runs on it', () => {
    const withResult = image({
      status: 'enhanced',
      enhanced: { jobId: 'j', imageId: 'r1', url: '/e.png', width: 3840, height: 2160, scale: 2, mode: 'precision' },
    });
    expect(card(withResult)).toContain('aria-label="Card actions"');
    expect(card(image({ imageId: 'u1' }))).toContain('aria-label="Card actions"');
    // a result known only by its URL, or a card still uploading, has nothing stored to share yet
    expect(card(image({ status: 'enhanced', enhanced: { ...withResult.enhanced!, imageId: null } }))).not.toContain('Card actions');
    expect(card(image({ imageId: null }))).not.toContain('Card actions');
  });

  it('a card waiting in an Enhance-all run says Queued', () => {
    const html = renderToStaticMarkup(
      <WorkspaceContext.Provider value={ctx({ images: [image()] })}>
        <ImageCardNode {...({ id: 'k1', data: { image: image(), multiSelected: false, queued: true }, selected: false } as unknown as NodeProps<ImageNode>)} />
      </WorkspaceContext.Provider>,
    );
    expect(text(html)).toContain('Queued');
    expect(text(card(image()))).not.toContain('Queued');
  });

  it('failed: the original stays with the reason, but a cancellation is not an error', () => {
    expect(text(card(image({ status: 'failed', error: 'Enhancement failed' })))).toContain('Enhancement failed');
    expect(text(card(image({ status: 'failed', error: 'Cancelled by user' })))).not.toContain('Cancelled by user');
  });
});
