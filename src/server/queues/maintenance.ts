import { z } from 'zod';
import { defineQueue } from './define-queue.js';

/** The job supervision schedule (stale, lost and unqueued jobs), every minute; its runs carry no data. */
export const maintenanceQueue = defineQueue('maintenance', z.object({}));
