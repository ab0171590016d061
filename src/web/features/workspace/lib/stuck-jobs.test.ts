import { describe, expect, it } from 'vitest';
import type { JobDto } from '@web/features/canvas-core/types';
import type { WorkspaceImage } from '@web/features/canvas-core/workspace-state';
import { planStuckFix } from './stuck-jobs';

const card = (key: string, jobId: string | null, status: WorkspaceImage['status'] = 'processing'): WorkspaceImage => ({
  key,
  imageId: key,
  name: key,
  width: 10,
  height: 10,
  url: 'http://x/' + key,
  thumbnailUrl: null,
  localUrl: null,
  enhanced: null,
  status,
  job: jobId ? { id: jobId, scale: 2, mode: 'detail', progress: 0, etaMs: null, startedAt: 0, started: false, workflow: 'enhance' } : null,
  error: null,
  position: { x: 0, y: 0 },
  view: 'compare',
  zoom: 100,
});
const job = (id: string, status: JobDto['status']): JobDto => ({
  id,
  status,
  workflow_type: 'enhance',
  target_image_id: null,
  processed_image_url: status === 'completed' ? 'http://x/r.png' : null,
  credits_used: 1,
  scale: 2,
  mode: 'detail',
  progress: 0,
  eta_ms: null,
  error_message: null,
  created_at: '',
  result_image_id: null,
  original_image_url: null,
  credit_state: 'reserved',
  queued: true,
  started_at: null,
  updated_at: '',
});

describe('fix stuck jobs', () => {
  it('applies ended jobs, clears unknown ones and leaves running ones', () => {
    const plan = planStuckFix(
      [card('a', 'j1'), card('b', 'j2', 'cancelling'), card('c', 'j3'), card('d', 'j4'), card('e', null, 'idle')],
      [job('j1', 'completed'), job('j2', 'cancelled'), job('j3', 'processing')],
    );
    expect(plan.updates.map((j) => j.id)).toEqual(['j1', 'j2']);
    expect(plan.running).toEqual(['c']);
    expect(plan.clear).toEqual(['d']);
  });
});
