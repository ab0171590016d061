import { z } from 'zod';
import { defineQueue } from './define-queue.js';

/** Monthly credit resets, plan expiries and test-mode renewals, every five minutes; its runs carry no data. */
export const billingQueue = defineQueue('billing', z.object({}));
