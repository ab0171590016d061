/** The workspace's list of uploads (/api/images), as the server sends it and the web app reads it. */
import { z } from 'zod';
import { IsoDateTime } from './common.js';
import { JobDto } from './jobs.js';

/** One result of an upload: an enhancement, or an object removal on the upload or on an earlier result. */
export const ImageVersion = z
  .strictObject({
    jobId: z.string(),
    /** The stored result: a removal on this version targets it. */
    imageId: z.string(),
    workflow: z.enum(['enhance', 'remove']),
    /** The version this one was made from (its job id); null: the upload. */
    parentJobId: z.string().nullable().optional(),
    url: z.string(),
    /** Scaled-down result for the canvas; null for results stored before previews existed. */
    previewUrl: z.string().nullable(),
    width: z.number().int(),
    height: z.number().int(),
    /** An enhancement's own factor; for a removal, its size relative to the upload (it keeps the size of what it worked on). */
    scale: z.number(),
    /** The enhancement mode, or 'remove'. */
    mode: z.string().nullable(),
    completed_at: IsoDateTime,
  })
  .meta({ id: 'ImageVersion' });
export type ImageVersion = z.infer<typeof ImageVersion>;

export const WorkspaceImage = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    format: z.string(),
    bytes: z.number().int(),
    created_at: IsoDateTime,
    url: z.string(),
    urlExpiresAt: IsoDateTime,
    thumbnailUrl: z.string().nullable(),
    /** The latest version, shown on the card. */
    enhanced: ImageVersion.nullable(),
    /** Every version, oldest first (the last one is `enhanced`). */
    versions: z.array(ImageVersion),
    activeJob: JobDto.nullable(),
  })
  .meta({ id: 'WorkspaceImage' });
export type WorkspaceImage = z.infer<typeof WorkspaceImage>;

export const ImagesResponse = z.strictObject({ images: z.array(WorkspaceImage) });
export type ImagesResponse = z.infer<typeof ImagesResponse>;

export const ImageIdParam = z.object({ id: z.string().uuid({ message: 'Image not found' }) });
