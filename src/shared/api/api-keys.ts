/**
 * API keys and the public API (`/api/v1`): the scopes a key may hold, the conventions every answer follows, and the
 * words a client reads. The web app's API tab, the server and the documentation import these.
 */
import { z } from 'zod';
import { IsoDateTime } from './common.js';

/** Where the public API lives; `v1` changes only with an incompatible change. */
export const PUBLIC_API_PREFIX = '/api/v1';
/** Keys start with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'rl_live_';
/** Characters of a key shown after it was created, to tell keys apart: `rl_live_AbC123`. */
export const API_KEY_VISIBLE_CHARS = API_KEY_PREFIX.length + 6;

/** What a key may do. A key acts as its owner within these. */
export const API_KEY_SCOPES = ['images:write', 'jobs:write', 'jobs:read', 'files:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'images:write': 'Upload and delete images',
  'jobs:write': 'Start and cancel jobs (spends credits)',
  'jobs:read': 'Read jobs and quotes',
  'files:read': 'Download results',
};
export const API_KEY_NAME_MAX = 60;
/** Keys one account may hold at once (revoked ones do not count). */
export const API_KEYS_PER_USER = 20;

/** An `Idempotency-Key` is remembered this long; a request repeated later runs again. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
export const IDEMPOTENCY_KEY_MAX = 255;
/** A download link handed out by the API expires after this long. */
export const API_DOWNLOAD_URL_TTL_SECONDS = 300;
export const API_JOBS_PAGE_MAX = 100;
export const API_JOBS_PAGE_DEFAULT = 20;

export const apiKeyMessages = {
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked.',
  nameRequired: 'Give the key a name.',
  nameTooLong: `Keep the name under ${API_KEY_NAME_MAX} characters.`,
  scopesRequired: 'Choose at least one scope.',
  tooMany: `An account can hold up to ${API_KEYS_PER_USER} API keys. Revoke one you no longer use.`,
  notFound: 'No active API key with this id.',
  missingKey: 'This call needs an API key: Authorization: Bearer rl_live_…',
  unknownKey: 'This API key is not known. Create one on your profile, API tab.',
  revokedKey: 'This API key was revoked. Create a new one on your profile, API tab.',
  scopeMissing: 'This API key lacks the {scope} scope.',
  rateLimited: 'Too many requests with this API key; retry in {n} seconds.',
  idempotencyMismatch: 'This Idempotency-Key was used with another request. Use a new key for a new request.',
  idempotencyInFlight: 'A request with this Idempotency-Key is still running. Retry once it has finished.',
  idempotencyKeyInvalid: `An Idempotency-Key is 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters.`,
  jobNotFound: 'No job with this id.',
  notDownloadable: 'This job has no result to download (it is {status}).',
  routeNotFound: 'No API route for {method} {path}.',
} as const;

export const ApiKeyScope = z.enum(API_KEY_SCOPES);

/** A key as its owner (and an admin) sees it: never the secret, only its first characters. */
export const ApiKeyDto = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    scopes: z.array(ApiKeyScope),
    created_at: IsoDateTime,
    last_used_at: IsoDateTime.nullable(),
    revoked_at: IsoDateTime.nullable(),
  })
  .meta({ id: 'ApiKeyDto' });
export type ApiKeyDto = z.infer<typeof ApiKeyDto>;

export const CreateApiKeyRequest = z.strictObject({
  name: z
    .string({ message: apiKeyMessages.nameRequired })
    .trim()
    .min(1, { message: apiKeyMessages.nameRequired })
    .max(API_KEY_NAME_MAX, { message: apiKeyMessages.nameTooLong }),
  scopes: z
    .array(ApiKeyScope, { message: apiKeyMessages.scopesRequired })
    .min(1, { message: apiKeyMessages.scopesRequired })
    .transform((s) => [...new Set(s)]),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequest>;

/** The key itself is in this answer only: it is stored hashed. */
export const CreateApiKeyResponse = z.strictObject({ key: z.string(), apiKey: ApiKeyDto, message: z.string() });
export type CreateApiKeyResponse = z.infer<typeof CreateApiKeyResponse>;
export const ApiKeysResponse = z.strictObject({ keys: z.array(ApiKeyDto) });
export type ApiKeysResponse = z.infer<typeof ApiKeysResponse>;
export const AdminApiKeyDto = ApiKeyDto.extend({ owner_email: z.string() }).meta({ id: 'AdminApiKeyDto' });
export type AdminApiKeyDto = z.infer<typeof AdminApiKeyDto>;
export const AdminApiKeysResponse = z.strictObject({ keys: z.array(AdminApiKeyDto) });
export type AdminApiKeysResponse = z.infer<typeof AdminApiKeysResponse>;
export const ApiKeyIdParam = z.object({ id: z.uuid({ message: apiKeyMessages.notFound }) });
