/** Saved viewports (/api/viewports): the requests that save and load them and the sessions they answer. */
import { z } from 'zod';
import { msg } from '../messages.js';
import { SessionName, ViewportData } from '../viewports.js';
import { IsoDateTime } from './common.js';

export const ViewportIdParam = z.object({ id: z.string().uuid({ message: msg('sessionNotFound') }) });
// viewport_data is checked by the shared sanitiser (seed wording), not by a generic schema here
export const SaveViewportRequest = z.object({ name: SessionName, viewport_data: z.unknown() });
/**
 * An update names the version it is based on: the one the client loaded or last saved. A save based on any other
 * version is refused (409, see ViewportConflictResponse) and changes nothing.
 */
export const UpdateViewportRequest = z.object({
  name: SessionName.optional(),
  viewport_data: z.unknown(),
  base_version: z
    .number({ message: msg('sessionVersionMissing') })
    .int({ message: msg('sessionVersionMissing') })
    .min(0, msg('sessionVersionMissing')),
});
export const NewViewportRequest = z.object({ name: SessionName });

/** A saved viewport as the sessions API lists it. */
export const ViewportSessionSummary = z
  .strictObject({
    id: z.string(),
    session_name: z.string(),
    is_active: z.boolean(),
    /** Raised by one with every save of the layout or the name; loading or the active flag leave it as it is. */
    version: z.number().int(),
    image_count: z.number().int(),
    updated_at: IsoDateTime,
    created_at: IsoDateTime,
  })
  .meta({ id: 'ViewportSessionSummary' });
export type ViewportSessionSummary = z.infer<typeof ViewportSessionSummary>;

/** A viewport with its data, as saving and loading answer. */
export const ViewportSessionDto = ViewportSessionSummary.extend({ viewport_data: ViewportData }).meta({ id: 'ViewportSessionDto' });
export type ViewportSessionDto = z.infer<typeof ViewportSessionDto>;

export const ViewportSessionsResponse = z.strictObject({ sessions: z.array(ViewportSessionSummary) });
export type ViewportSessionsResponse = z.infer<typeof ViewportSessionsResponse>;
export const ViewportSessionResponse = z.strictObject({ session: ViewportSessionDto });
export type ViewportSessionResponse = z.infer<typeof ViewportSessionResponse>;
export const ActiveViewportResponse = z.strictObject({ session: ViewportSessionDto.nullable() });
export type ActiveViewportResponse = z.infer<typeof ActiveViewportResponse>;
export const DeleteViewportResponse = z.strictObject({ wasActive: z.boolean() });
export type DeleteViewportResponse = z.infer<typeof DeleteViewportResponse>;

/** A save refused because the session was saved elsewhere since the version it was based on. */
export const ViewportConflictDetails = z.strictObject({ current_version: z.number().int(), updated_at: IsoDateTime, session_name: z.string() });
export type ViewportConflictDetails = z.infer<typeof ViewportConflictDetails>;
export const ViewportConflictResponse = z
  .strictObject({ error: z.strictObject({ code: z.literal('SESSION_CONFLICT'), message: z.string(), details: ViewportConflictDetails }) })
  .meta({ id: 'ViewportConflictResponse' });
