import { z } from 'zod';
import { defineQueue } from './define-queue.js';

/** Object removals, a queue of their own so a quick fix is not stuck behind a long upscale. */
export const imageRemoveQueue = defineQueue('image-remove', z.object({ jobId: z.uuid() }));
