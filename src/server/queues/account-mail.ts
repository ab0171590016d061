import { z } from 'zod';
import { defineQueue } from './define-queue.js';

/**
 * Account e-mails a public form asks for, sent after the answer: a request for a known address and for an unknown one
 * then take the same time and get the same answer, so neither reveals whether an account exists. `baseUrl` is the
 * address the request came in on, for the links in the mail.
 */
export const accountMailQueue = defineQueue(
  'account-mail',
  z.object({ kind: z.literal('password-reset'), email: z.string().min(1).max(320), baseUrl: z.url() }),
);
