/** Request schemas of the jobs API, shared by the web app's client and the server's validation. */
import { z } from 'zod';
import { msg } from './messages.js';
import { ENHANCEMENT_MODES, UPSCALE_FACTORS } from './enhancement.js';

export const EnhanceJobRequest = z.object({
  imageId: z.string().uuid({ message: msg('enhanceNoImage') }),
  scale: z.number({ message: msg('enhanceNoScale') }).refine((v) => (UPSCALE_FACTORS as readonly number[]).includes(v), { message: msg('enhanceNoScale') }),
  mode: z.string({ message: msg('enhanceNoMode') }).refine((v) => (ENHANCEMENT_MODES as readonly string[]).includes(v), { message: msg('enhanceNoMode') }),
  params: z
    .object({ creativity: z.number().min(0).max(100), detail: z.number().min(0).max(100), precision: z.number().min(0).max(100) })
    .partial()
    .optional(),
});
export type EnhanceJobRequest = z.infer<typeof EnhanceJobRequest>;

export const JobIdsQuery = z.object({
  ids: z
    .string()
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.string().uuid()).max(100)),
});
