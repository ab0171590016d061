/** The workspace's list of uploads (`GET /api/images`), as the server sends it and the web app reads it. */
import type { JobDto } from './jobs.js';

/** One result of an upload: an enhancement, or an object removal on the upload or on an earlier result. */
export interface ImageVersion {
  jobId: string;
  /** The stored result: a removal on this version targets it. */
  imageId: string;
  workflow: 'enhance' | 'remove';
  url: string;
  /** Scaled-down result for the canvas; null for results stored before previews existed. */
  previewUrl: string | null;
  width: number;
  height: number;
  /** Size relative to the upload (a removal keeps the size of what it worked on). */
  scale: number;
  /** The enhancement mode, or 'remove'. */
  mode: string | null;
  completed_at: string;
}

export interface WorkspaceImage {
  id: string;
  name: string;
  width: number;
  height: number;
  format: string;
  bytes: number;
  created_at: string;
  url: string;
  urlExpiresAt: string;
  thumbnailUrl: string | null;
  /** The latest version, shown on the card. */
  enhanced: ImageVersion | null;
  /** Every version, oldest first (the last one is `enhanced`). */
  versions: ImageVersion[];
  activeJob: JobDto | null;
}
