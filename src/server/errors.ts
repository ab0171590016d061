import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error type that crosses layers; the HTTP error handler turns it into { error: { code, message } }. */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly status: ContentfulStatusCode,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', 404, message);
export const unauthorized = (message = 'Authentication required') => new AppError('UNAUTHORIZED', 401, message);
