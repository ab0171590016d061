/** Pieces every area's API schemas share: the error body, timestamps, pages and plain acknowledgements. */
import { z } from 'zod';

/** Every API error: { error: { code, message, details? } }; the message is the spec's wording. */
export const ErrorResponse = z.strictObject({
  error: z.strictObject({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** A point in time as JSON carries it (ISO 8601). */
export const IsoDateTime = z.string();

/** One page of a list the server pages (see shared/pagination.ts). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({ items: z.array(item), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });

/** `{ success: true, message }`: an action done, in the spec's words. */
export const SuccessMessage = z.strictObject({ success: z.boolean(), message: z.string() });
export type SuccessMessage = z.infer<typeof SuccessMessage>;

/**
 * An error of the public API (/api/v1) as RFC 9457 problem details (`application/problem+json`): `detail` is the same
 * message the web app shows, `code` the stable machine-readable name of the error.
 */
export const ProblemDetails = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int().min(400).max(599),
    detail: z.string(),
    code: z.string(),
    instance: z.string().optional(),
    request_id: z.string().optional(),
    details: z.unknown().optional(),
  })
  .meta({ id: 'ProblemDetails' });
export type ProblemDetails = z.infer<typeof ProblemDetails>;
