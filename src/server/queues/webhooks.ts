import { z } from 'zod';
import { defineQueue } from './define-queue.js';

/**
 * One attempt of one webhook delivery. A failed attempt queues the next one itself, with the delay of the retry
 * schedule (shared/webhooks.ts), so the queue's own retries are only for a process that died mid-attempt.
 */
export const webhooksQueue = defineQueue('webhooks', z.object({ deliveryId: z.uuid() }));
