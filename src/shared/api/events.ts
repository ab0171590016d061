/** The live channel (/api/events): Server-Sent Events for the signed-in user and broadcasts. */
import { z } from 'zod';

/**
 * Each event's `data` line: the event's payload and when it happened (ms since the epoch). The event name is its
 * type (`job`, `credits`, `viewports`, `service_status`, ...); `ready` opens the stream and `resync` asks the client
 * to refetch what it missed.
 */
export const LiveEventData = z.strictObject({ data: z.unknown(), at: z.number() });
export type LiveEventData = z.infer<typeof LiveEventData>;

/** A reconnect's replay point when the browser cannot send Last-Event-ID. */
export const LiveEventsQuery = z.object({ lastEventId: z.string().optional() });
