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
