import { z } from 'zod';
import { defineQueue } from './define-queue.js';

/** Notification e-mails of the admin panel: one job sends (or resumes) one campaign. */
export const notificationsQueue = defineQueue('notifications', z.object({ campaignId: z.uuid() }));
