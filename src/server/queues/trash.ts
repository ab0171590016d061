import { z } from 'zod';
import { defineQueue } from './define-queue.js';

/** The trash purge (uploads deleted TRASH_RETENTION_DAYS ago, with their files), every hour; its runs carry no data. */
export const trashQueue = defineQueue('trash', z.object({}));
