import { z } from 'zod';
import { defineQueue } from './define-queue.js';

/** Enhancements: the job row holds everything; the message names it. */
export const imageEnhanceQueue = defineQueue('image-enhance', z.object({ jobId: z.uuid() }));
