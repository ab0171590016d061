import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { resolver, uniqueSymbol } from 'hono-openapi';
import type { z } from 'zod';
import { AppError } from '../errors.js';

/**
 * zod validation whose failure is an AppError carrying the first issue's message (the spec's wording lives in the
 * schema). The schema is also the request's part of the route's OpenAPI description.
 */
export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  Object.assign(
    zValidator(target, schema, (result) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        throw new AppError('VALIDATION_FAILED', 400, issue?.message ?? 'Invalid request', {
          issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        });
      }
    }),
    { [uniqueSymbol]: { target, ...resolver(schema) } },
  );
