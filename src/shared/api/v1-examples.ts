/**
 * The public API's reference material beside its schemas: one curl example per endpoint and the problem codes a
 * client may branch on. The reference page (/api/v1/reference) shows them; docs/api.md follows them.
 */

/** `{base}` is the server's address, `{key}` the reader's API key. */
export const V1_CURL_EXAMPLES: Record<string, string> = {
  'POST /api/v1/uploads': `curl -X POST {base}/api/v1/uploads \\
  -H "Authorization: Bearer {key}" \\
  -F "files=@render_0001.png"`,
  'POST /api/v1/quote': `curl -X POST {base}/api/v1/quote \\
  -H "Authorization: Bearer {key}" -H "Content-Type: application/json" \\
  -d '{"workflow":"enhance","imageId":"IMAGE_ID","scale":2,"mode":"precision"}'`,
  'POST /api/v1/jobs': `curl -i -X POST {base}/api/v1/jobs \\
  -H "Authorization: Bearer {key}" -H "Content-Type: application/json" \\
  -H "Idempotency-Key: render_0001-x2-precision" \\
  -d '{"imageId":"IMAGE_ID","scale":2,"mode":"precision"}'`,
  'POST /api/v1/removals': `curl -i -X POST {base}/api/v1/removals \\
  -H "Authorization: Bearer {key}" \\
  -H "Idempotency-Key: render_0001-remove-1" \\
  -F "targetImageId=IMAGE_ID" -F "maskImage=@mask.png"`,
  'GET /api/v1/jobs': `curl "{base}/api/v1/jobs?status=processing,completed&limit=20" \\
  -H "Authorization: Bearer {key}"`,
  'GET /api/v1/jobs/{id}': `curl {base}/api/v1/jobs/JOB_ID \\
  -H "Authorization: Bearer {key}"`,
  'POST /api/v1/jobs/{id}/cancel': `curl -X POST {base}/api/v1/jobs/JOB_ID/cancel \\
  -H "Authorization: Bearer {key}"`,
  'DELETE /api/v1/jobs/{id}': `curl -X DELETE {base}/api/v1/jobs/JOB_ID \\
  -H "Authorization: Bearer {key}"`,
  'GET /api/v1/jobs/{id}/download': `curl -L -o render_0001_x2.png {base}/api/v1/jobs/JOB_ID/download \\
  -H "Authorization: Bearer {key}"`,
  'DELETE /api/v1/images/{id}': `curl -X DELETE {base}/api/v1/images/IMAGE_ID \\
  -H "Authorization: Bearer {key}"`,
  'GET /api/v1/webhooks': `curl {base}/api/v1/webhooks \\
  -H "Authorization: Bearer {key}"`,
  'POST /api/v1/webhooks': `curl -X POST {base}/api/v1/webhooks \\
  -H "Authorization: Bearer {key}" -H "Content-Type: application/json" \\
  -d '{"url":"https://farm.example.com/renderlift","events":["job.completed","job.failed"]}'`,
  'PATCH /api/v1/webhooks/{id}': `curl -X PATCH {base}/api/v1/webhooks/ENDPOINT_ID \\
  -H "Authorization: Bearer {key}" -H "Content-Type: application/json" \\
  -d '{"events":["job.started","job.progress","job.completed"],"enabled":true}'`,
  'DELETE /api/v1/webhooks/{id}': `curl -X DELETE {base}/api/v1/webhooks/ENDPOINT_ID \\
  -H "Authorization: Bearer {key}"`,
  'POST /api/v1/webhooks/{id}/rotate-secret': `curl -X POST {base}/api/v1/webhooks/ENDPOINT_ID/rotate-secret \\
  -H "Authorization: Bearer {key}"`,
  'GET /api/v1/webhooks/{id}/deliveries': `curl {base}/api/v1/webhooks/ENDPOINT_ID/deliveries \\
  -H "Authorization: Bearer {key}"`,
  'POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver': `curl -X POST {base}/api/v1/webhooks/ENDPOINT_ID/deliveries/DELIVERY_ID/redeliver \\
  -H "Authorization: Bearer {key}"`,
};

/** Codes of the public API's problem details (`code`), and when they come. */
export const V1_PROBLEM_CODES: Record<string, string> = {
  UNAUTHORIZED: '401: no key, or a key the server does not know.',
  API_KEY_REVOKED: '401: the key was revoked by its owner or an admin.',
  SCOPE_MISSING: '403: the key lacks the scope the call needs (details.scope).',
  RATE_LIMITED: '429: over the key’s rate limit; wait Retry-After seconds.',
  VALIDATION_FAILED: '400: the request does not match its schema; details.issues says where.',
  IDEMPOTENCY_KEY_INVALID: '400: the Idempotency-Key is empty, too long or not visible ASCII.',
  IDEMPOTENCY_KEY_REUSED: '422: the Idempotency-Key was used with another request.',
  IDEMPOTENCY_IN_FLIGHT: '409: a request with this Idempotency-Key is still running; retry once it has finished.',
  IMAGE_NOT_FOUND: '404: no such image of this account (or it is in the trash).',
  JOB_NOT_FOUND: '404: no such job of this account.',
  NOT_DOWNLOADABLE: '409: the job has no result (yet).',
  INSUFFICIENT_CREDITS: '402: the account has too few credits for this job.',
  CONCURRENCY_LIMIT: '429: the plan’s jobs at once are running; start the next when one ends.',
  IMAGE_BUSY: '409: the image is already being processed.',
  NO_RESULT: '409: the job has no result to delete (it has not completed).',
  VERSION_BUSY: '409: a job is working on this result or one made from it; cancel it first.',
  RESOLUTION_OUT_OF_RANGE: '400: the output would be too large or too small.',
  UPLOAD_REJECTED: '422: no file of the upload was stored; details.results says why for each.',
  WEBHOOK_URL_REFUSED: '400: the webhook URL is not http(s), carries credentials, or its host resolves to a private or local address.',
  WEBHOOK_NOT_FOUND: '404: no such webhook endpoint of this key.',
  DELIVERY_NOT_FOUND: '404: no such delivery of this endpoint.',
  TOO_MANY_WEBHOOKS: '409: the account holds its most webhook endpoints; delete one first.',
  NOT_FOUND: '404: no such route, or no such resource of this account.',
  INTERNAL: '500: something went wrong on the server; the request id helps the operator find it.',
};
