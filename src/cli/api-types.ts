/**
 * The public API's types (/api/v1/openapi.json), made by `npm run cli:types` with openapi-typescript: do not edit.
 * scripts/cli-types.test.ts fails when this file differs from what the server's document makes.
 */
export interface paths {
    "/api/v1/images/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Move an upload and its results to the trash */
        delete: operations["deleteApiV1ImagesById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The key owner’s jobs, newest first, a page at a time (next_cursor), optionally of some statuses */
        get: operations["getApiV1Jobs"];
        put?: never;
        /** Start an enhancement (scale or exact target size, mode, strengths); spends credits */
        post: operations["postApiV1Jobs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One job: status, progress, ETA (eta_ms), cost, result */
        get: operations["getApiV1JobsById"];
        put?: never;
        post?: never;
        /** Delete a completed job’s result for good, with every version made from it (the job stays in lists as history; credits are not refunded) */
        delete: operations["deleteApiV1JobsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a job (its reservation is released: nothing is charged) */
        post: operations["postApiV1JobsByIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A completed job’s result: by default a redirect to a short-lived signed URL (JSON { url, expires_at } with Accept: application/json); the bytes with redirect=false, Accept: image/*, or any format option */
        get: operations["getApiV1JobsByIdDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What a job would cost and make, without running it */
        post: operations["postApiV1Quote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/removals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start an object removal: the image and a PNG mask at its resolution; spends credits */
        post: operations["postApiV1Removals"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload images (multipart, streamed): checked by content as in the web app */
        post: operations["postApiV1Uploads"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The key’s webhook endpoints (never their secrets) */
        get: operations["getApiV1Webhooks"];
        put?: never;
        /** Add a webhook endpoint for this key: its signing secret is in this answer only */
        post: operations["postApiV1Webhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an endpoint and its delivery log */
        delete: operations["deleteApiV1WebhooksById"];
        options?: never;
        head?: never;
        /** Change an endpoint’s URL, events or whether it is on */
        patch: operations["patchApiV1WebhooksById"];
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An endpoint’s delivery log, newest first, with each attempt */
        get: operations["getApiV1WebhooksByIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a logged delivery’s payload again, as a new delivery */
        post: operations["postApiV1WebhooksByIdDeliveriesByDeliveryIdRedeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new signing secret (in this answer only); the previous one signs too for 24 hours */
        post: operations["postApiV1WebhooksByIdRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "job.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The job was canceled (its credits were returned) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The message id (msg_…): the same for every attempt and redelivery of one event */
                    "webhook-id": string;
                    /** @description Space-separated v1,<base64 HMAC-SHA256> signatures: two while a rotated secret’s grace lasts */
                    "webhook-signature": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEventPayload"];
                };
            };
            responses: {
                /** @description Received. Any other answer, or none in time, is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The job finished with a result */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The message id (msg_…): the same for every attempt and redelivery of one event */
                    "webhook-id": string;
                    /** @description Space-separated v1,<base64 HMAC-SHA256> signatures: two while a rotated secret’s grace lasts */
                    "webhook-signature": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEventPayload"];
                };
            };
            responses: {
                /** @description Received. Any other answer, or none in time, is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The job failed (its credits were returned) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The message id (msg_…): the same for every attempt and redelivery of one event */
                    "webhook-id": string;
                    /** @description Space-separated v1,<base64 HMAC-SHA256> signatures: two while a rotated secret’s grace lasts */
                    "webhook-signature": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEventPayload"];
                };
            };
            responses: {
                /** @description Received. Any other answer, or none in time, is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The job made progress (at most one every 2 s per job) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The message id (msg_…): the same for every attempt and redelivery of one event */
                    "webhook-id": string;
                    /** @description Space-separated v1,<base64 HMAC-SHA256> signatures: two while a rotated secret’s grace lasts */
                    "webhook-signature": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEventPayload"];
                };
            };
            responses: {
                /** @description Received. Any other answer, or none in time, is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A worker started the job */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The message id (msg_…): the same for every attempt and redelivery of one event */
                    "webhook-id": string;
                    /** @description Space-separated v1,<base64 HMAC-SHA256> signatures: two while a rotated secret’s grace lasts */
                    "webhook-signature": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEventPayload"];
                };
            };
            responses: {
                /** @description Received. Any other answer, or none in time, is retried. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        AcceptedUpload: {
            /** @constant */
            bucket: "user-images";
            bytes: number;
            expiresAt: string;
            filePath: string;
            format: string;
            height: number;
            id: string;
            name: string;
            /** @constant */
            status: "accepted";
            thumbnailPath: string;
            thumbnailUrl: string;
            url: string;
            width: number;
        };
        DeleteVersionResponse: {
            deleted_job_ids: string[];
        };
        IgnoredUpload: {
            name: string;
            /** @constant */
            status: "ignored";
        };
        JobDto: {
            created_at: string;
            /** @enum {string} */
            credit_state: "reserved" | "charged" | "released";
            credits_used: number;
            error_message: string | null;
            eta_ms: number | null;
            id: string;
            mode: string | null;
            original_image_url: string | null;
            phase?: {
                done?: number;
                /** @enum {string} */
                kind: "loading" | "tiles" | "saving";
                total?: number;
            } | null;
            preview_url?: string | null;
            processed_image_url: string | null;
            progress: number;
            queued: boolean;
            result_image_id: string | null;
            scale: number | null;
            source_job_id?: string | null;
            started_at: string | null;
            /** @enum {string} */
            status: "pending" | "processing" | "completed" | "failed" | "cancelled";
            target_image_id: string | null;
            updated_at: string;
            /** @enum {string} */
            workflow_type: "enhance" | "remove";
        };
        ProblemDetails: {
            code: string;
            detail: string;
            details?: unknown;
            instance?: string;
            request_id?: string;
            status: number;
            title: string;
            type: string;
        };
        RejectedUpload: {
            error: {
                code: string;
                message: string;
            };
            name: string;
            /** @constant */
            status: "rejected";
        };
        V1DownloadLink: {
            expires_at: string;
            url: string;
        };
        V1JobEstimate: {
            eta_ms: number;
            run_seconds: {
                /** @enum {string} */
                basis: "measured" | "unmeasured";
                high: number;
                low: number;
            };
            wait_seconds: number;
        };
        V1JobResponse: {
            estimate: components["schemas"]["V1JobEstimate"] | null;
            job: components["schemas"]["JobDto"];
        };
        V1JobsPage: {
            jobs: components["schemas"]["JobDto"][];
            next_cursor: string | null;
        };
        V1Quote: {
            affordable: boolean;
            credits: number;
            credits_remaining: number;
            eta_ms: number;
            output: {
                height: number;
                width: number;
            };
            run_seconds: {
                /** @enum {string} */
                basis: "measured" | "unmeasured";
                high: number;
                low: number;
            };
            scale: number | null;
            wait_seconds: number;
            /** @enum {string} */
            workflow: "enhance" | "remove";
        };
        WebhookDeliveryDto: {
            attempt_log: {
                at: string;
                attempt: number;
                duration_ms: number;
                error: string | null;
                response_status: number | null;
            }[];
            attempts: number;
            created_at: string;
            error: string | null;
            /** @enum {string} */
            event: "job.started" | "job.progress" | "job.completed" | "job.failed" | "job.canceled";
            id: string;
            job_id: string | null;
            last_attempt_at: string | null;
            message_id: string;
            next_attempt_at: string | null;
            redelivery_of: string | null;
            response_status: number | null;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
        };
        WebhookEndpointDto: {
            api_key_id: string | null;
            api_key_prefix: string | null;
            created_at: string;
            enabled: boolean;
            events: ("job.started" | "job.progress" | "job.completed" | "job.failed" | "job.canceled")[];
            id: string;
            previous_secret_expires_at: string | null;
            updated_at: string;
            url: string;
        };
        WebhookEventPayload: {
            data: components["schemas"]["JobDto"];
            timestamp: string;
            /** @enum {string} */
            type: "job.started" | "job.progress" | "job.completed" | "job.failed" | "job.canceled";
        };
        WebhookSecretResponse: {
            endpoint: components["schemas"]["WebhookEndpointDto"];
            message: string;
            secret: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description What is left, e.g. "key";r=299;t=60 (299 requests, the window restarts in 60 s) */
        RateLimit: string;
        /** @description The key’s limit, e.g. "key";q=300;w=60 (300 requests per 60 s) */
        "RateLimit-Policy": string;
        /** @description Seconds to wait before the next request */
        "Retry-After": number;
        /** @description The request’s id: the X-Request-Id it sent, or one made for it */
        "X-Request-Id": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    deleteApiV1ImagesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request does not match its schema */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No key, an unknown key or a revoked key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The key lacks the scope this call needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Over the key’s rate limit */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Error: RFC 9457 problem details; detail is the message the web app shows, code its stable name */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    getApiV1Jobs: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                status?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description What is left of it: "key";r=<remaining>;t=<seconds until the window restarts> */
                    RateLimit?: string;
                    /** @description The key’s limit: "key";q=<requests>;w=<seconds> */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1JobsPage"];
                };
            };
            /** @description The request does not match its schema */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No key, an unknown key or a revoked key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The key lacks the scope this call needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Over the key’s rate limit */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Error: RFC 9457 problem details; detail is the message the web app shows, code its stable name */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    postApiV1Jobs: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): the same key with the same request replays the first answer (Idempotent-Replayed: true) instead of running and charging again; with another request 422; while the first still runs 409. Kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    imageId: string;
                    mode: string;
                    params?: {
                        creativity?: number;
                        detail?: number;
                        precision?: number;
                    };
                    scale?: number;
                    /** Format: uuid */
                    sourceVersionId?: string;
                    targetSize?: {
                        /** @constant */
                        kind: "width";
                        width: number;
                    } | {
                        height: number;
                        /** @constant */
                        kind: "height";
                    } | {
                        /** @constant */
                        kind: "screen";
                        /** @enum {string} */
                        preset: "4k" | "5k" | "8k";
                    } | {
                        dpi: 150 | 300;
                        /** @constant */
                        kind: "print";
                        /** @enum {string} */
                        paper: "a3" | "a2" | "a1";
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description The new job’s address (GET it to follow the job) */
                    Location?: string;
                    /** @description What is left of it: "key";r=<remaining>;t=<seconds until the window restarts> */
                    RateLimit?: string;
                    /** @description The key’s limit: "key";q=<requests>;w=<seconds> */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        credits_remaining: number;
                        estimate: components["schemas"]["V1JobEstimate"];
                        job: components["schemas"]["JobDto"];
                    };
                };
            };
            /** @description The request does not match its schema */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No key, an unknown key or a revoked key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The key lacks the scope this call needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Over the key’s rate limit */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Error: RFC 9457 problem details; detail is the message the web app shows, code its stable name */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    getApiV1JobsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description What is left of it: "key";r=<remaining>;t=<seconds until the window restarts> */
                    RateLimit?: string;
                    /** @description The key’s limit: "key";q=<requests>;w=<seconds> */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1JobResponse"];
                };
            };
            /** @description The request does not match its schema */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No key, an unknown key or a revoked key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The key lacks the scope this call needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Over the key’s rate limit */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Error: RFC 9457 problem details; detail is the message the web app shows, code its stable name */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    deleteApiV1JobsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description What is left of it: "key";r=<remaining>;t=<seconds until the window restarts> */
                    RateLimit?: string;
                    /** @description The key’s limit: "key";q=<requests>;w=<seconds> */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteVersionResponse"];
                };
            };
            /** @description The request does not match its schema */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No key, an unknown key or a revoked key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The key lacks the scope this call needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Over the key’s rate limit */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Error: RFC 9457 problem details; detail is the message the web app shows, code its stable name */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    postApiV1JobsByIdCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description What is left of it: "key";r=<remaining>;t=<seconds until the window restarts> */
                    RateLimit?: string;
                    /** @description The key’s limit: "key";q=<requests>;w=<seconds> */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cancelled_early: boolean;
                        credits_remaining: number;
                        job: components["schemas"]["JobDto"];
                        message: string;
                        success: boolean;
                    };
                };
            };
            /** @description The request does not match its schema */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No key, an unknown key or a revoked key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The key lacks the scope this call needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Over the key’s rate limit */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Error: RFC 9457 problem details; detail is the message the web app shows, code its stable name */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    getApiV1JobsByIdDownload: {
        parameters: {
            query?: {
                chroma?: "420" | "444";
                compression?: "lzw" | "deflate";
                depth?: "8" | "16";
                dpi?: number;
                format?: "png" | "jpeg" | "webp" | "tiff";
                lossless?: "true" | "false";
                metadata?: "keep" | "strip-location" | "strip-all";
                quality?: number;
                redirect?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link as JSON (Accept: application/json), or the image as an attachment */
            200: {
                headers: {
                    /** @description What is left of it: "key";r=<remaining>;t=<seconds until the window restarts> */
                    RateLimit?: string;
                    /** @description The key’s limit: "key";q=<requests>;w=<seconds> */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": components["schemas"]["V1DownloadLink"] | string;
                };
            };
            /** @description Found: Location is the signed URL (valid 5 minutes) */
            302: {
                headers: {
                    /** @description The signed URL of the stored result */
                    Location?: string;
                    /** @description What is left of it: "key";r=<remaining>;t=<seconds until the window restarts> */
                    RateLimit?: string;
                    /** @description The key’s limit: "key";q=<requests>;w=<seconds> */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1DownloadLink"];
                };
            };
            /** @description The request does not match its schema */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No key, an unknown key or a revoked key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The key lacks the scope this call needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Over the key’s rate limit */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Error: RFC 9457 problem details; detail is the message the web app shows, code its stable name */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    postApiV1Quote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    imageId: string;
                    mode: string;
                    scale?: number;
                    /** Format: uuid */
                    sourceVersionId?: string;
                    targetSize?: {
                        /** @constant */
                        kind: "width";
                        width: number;
                    } | {
                        height: number;
                        /** @constant */
                        kind: "height";
                    } | {
                        /** @constant */
                        kind: "screen";
                        /** @enum {string} */
                        preset: "4k" | "5k" | "8k";
                    } | {
                        dpi: 150 | 300;
                        /** @constant */
                        kind: "print";
                        /** @enum {string} */
                        paper: "a3" | "a2" | "a1";
                    };
                    /** @constant */
                    workflow: "enhance";
                } | {
                    /** Format: uuid */
                    imageId: string;
                    /** @constant */
                    workflow: "remove";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description What is left of it: "key";r=<remaining>;t=<seconds until the window restarts> */
                    RateLimit?: string;
                    /** @description The key’s limit: "key";q=<requests>;w=<seconds> */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1Quote"];
                };
            };
            /** @description The request does not match its schema */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No key, an unknown key or a revoked key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The key lacks the scope this call needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Over the key’s rate limit */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Error: RFC 9457 problem details; detail is the message the web app shows, code its stable name */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    postApiV1Removals: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): the same key with the same request replays the first answer (Idempotent-Replayed: true) instead of running and charging again; with another request 422; while the first still runs 409. Kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    maskImage: string;
                    seed?: number;
                    /** Format: uuid */
                    sourceVersionId?: string;
                    /** Format: uuid */
                    targetImageId: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: string;
                    /** @description The new job’s address (GET it to follow the job) */
                    Location?: string;
                    /** @description What is left of it: "key";r=<remaining>;t=<seconds until the window restarts> */
                    RateLimit?: string;
                    /** @description The key’s limit: "key";q=<requests>;w=<seconds> */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        credits_remaining: number;
                        estimate: components["schemas"]["V1JobEstimate"];
                        job: components["schemas"]["JobDto"];
                        jobId: string;
                    };
                };
            };
            /** @description No key, an unknown key or a revoked key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The key lacks the scope this call needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Over the key’s rate limit */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Error: RFC 9457 problem details; detail is the message the web app shows, code its stable name */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    postApiV1Uploads: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    files: string[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description What is left of it: "key";r=<remaining>;t=<seconds until the window restarts> */
                    RateLimit?: string;
                    /** @description The key’s limit: "key";q=<requests>;w=<seconds> */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accepted: number;
                        ignored: number;
                        rejected: number;
                        results: (components["schemas"]["AcceptedUpload"] | components["schemas"]["RejectedUpload"] | components["schemas"]["IgnoredUpload"])[];
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    /** @description What is left of it: "key";r=<remaining>;t=<seconds until the window restarts> */
                    RateLimit?: string;
                    /** @description The key’s limit: "key";q=<requests>;w=<seconds> */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accepted: number;
                        ignored: number;
                        rejected: number;
                        results: (components["schemas"]["AcceptedUpload"] | components["schemas"]["RejectedUpload"] | components["schemas"]["IgnoredUpload"])[];
                    };
                };
            };
            /** @description No key, an unknown key or a revoked key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The key lacks the scope this call needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Over the key’s rate limit */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Error: RFC 9457 problem details; detail is the message the web app shows, code its stable name */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    getApiV1Webhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description What is left of it: "key";r=<remaining>;t=<seconds until the window restarts> */
                    RateLimit?: string;
                    /** @description The key’s limit: "key";q=<requests>;w=<seconds> */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoints: components["schemas"]["WebhookEndpointDto"][];
                    };
                };
            };
            /** @description No key, an unknown key or a revoked key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The key lacks the scope this call needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Over the key’s rate limit */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Error: RFC 9457 problem details; detail is the message the web app shows, code its stable name */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    postApiV1Webhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled?: boolean;
                    events: ("job.started" | "job.progress" | "job.completed" | "job.failed" | "job.canceled")[];
                    url: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description What is left of it: "key";r=<remaining>;t=<seconds until the window restarts> */
                    RateLimit?: string;
                    /** @description The key’s limit: "key";q=<requests>;w=<seconds> */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSecretResponse"];
                };
            };
            /** @description The request does not match its schema */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No key, an unknown key or a revoked key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The key lacks the scope this call needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Over the key’s rate limit */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Error: RFC 9457 problem details; detail is the message the web app shows, code its stable name */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    deleteApiV1WebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description What is left of it: "key";r=<remaining>;t=<seconds until the window restarts> */
                    RateLimit?: string;
                    /** @description The key’s limit: "key";q=<requests>;w=<seconds> */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        success: boolean;
                    };
                };
            };
            /** @description The request does not match its schema */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No key, an unknown key or a revoked key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The key lacks the scope this call needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Over the key’s rate limit */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Error: RFC 9457 problem details; detail is the message the web app shows, code its stable name */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    patchApiV1WebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled?: boolean;
                    events?: ("job.started" | "job.progress" | "job.completed" | "job.failed" | "job.canceled")[];
                    url?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description What is left of it: "key";r=<remaining>;t=<seconds until the window restarts> */
                    RateLimit?: string;
                    /** @description The key’s limit: "key";q=<requests>;w=<seconds> */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoint: components["schemas"]["WebhookEndpointDto"];
                        message: string;
                    };
                };
            };
            /** @description The request does not match its schema */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No key, an unknown key or a revoked key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The key lacks the scope this call needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Over the key’s rate limit */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Error: RFC 9457 problem details; detail is the message the web app shows, code its stable name */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    getApiV1WebhooksByIdDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description What is left of it: "key";r=<remaining>;t=<seconds until the window restarts> */
                    RateLimit?: string;
                    /** @description The key’s limit: "key";q=<requests>;w=<seconds> */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: components["schemas"]["WebhookDeliveryDto"][];
                    };
                };
            };
            /** @description The request does not match its schema */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No key, an unknown key or a revoked key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The key lacks the scope this call needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Over the key’s rate limit */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Error: RFC 9457 problem details; detail is the message the web app shows, code its stable name */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    postApiV1WebhooksByIdDeliveriesByDeliveryIdRedeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    /** @description What is left of it: "key";r=<remaining>;t=<seconds until the window restarts> */
                    RateLimit?: string;
                    /** @description The key’s limit: "key";q=<requests>;w=<seconds> */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["WebhookDeliveryDto"];
                        message: string;
                    };
                };
            };
            /** @description The request does not match its schema */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No key, an unknown key or a revoked key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The key lacks the scope this call needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Over the key’s rate limit */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Error: RFC 9457 problem details; detail is the message the web app shows, code its stable name */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    postApiV1WebhooksByIdRotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description What is left of it: "key";r=<remaining>;t=<seconds until the window restarts> */
                    RateLimit?: string;
                    /** @description The key’s limit: "key";q=<requests>;w=<seconds> */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSecretResponse"];
                };
            };
            /** @description The request does not match its schema */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No key, an unknown key or a revoked key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The key lacks the scope this call needs */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Over the key’s rate limit */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Error: RFC 9457 problem details; detail is the message the web app shows, code its stable name */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
}
