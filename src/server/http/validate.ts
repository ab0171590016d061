import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { resolver, uniqueSymbol } from 'hono-openapi';
import { z } from 'zod';
import { AppError } from '../errors.js';

// zod's own wording (a schema without a message of its own) does not say which field it is about; a schema's own
// message (the spec's wording, e.g. 'Invalid Email Addresses') is never changed
const zodEnglish = z.locales.en();
const withoutReceived = (m: string) => m.replace(/, received .*$/, '');
function isZodDefault(issue: z.core.$ZodIssue): boolean {
  const d = zodEnglish.localeError(issue as unknown as Parameters<typeof zodEnglish.localeError>[0]);
  const text = typeof d === 'string' ? d : d?.message;
  return !!text && withoutReceived(text) === withoutReceived(issue.message);
}
const WHERE: Partial<Record<keyof ValidationTargets, string>> = { json: 'The request body', query: 'The query', param: 'The path' };

/**
 * The first issue as a person reads it: the schema's own message (the spec's wording) as it is, zod's default wording
 * with the field it is about ("imageId is required", "scale: Invalid input: expected number, received string").
 */
export function issueMessage(issue: z.core.$ZodIssue | undefined, target: keyof ValidationTargets): string {
  if (!issue) return 'Invalid request';
  if (!isZodDefault(issue)) return issue.message;
  const field = issue.path.map(String).join('.');
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message))
    return field ? `${field} is required` : `${WHERE[target] ?? 'The request'} is required`;
  return `${field || (WHERE[target] ?? 'The request')}: ${issue.message}`;
}

/**
 * zod validation whose failure is an AppError carrying the first issue's message (the spec's wording lives in the
 * schema). The schema is also the request's part of the route's OpenAPI description.
 */
export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  Object.assign(
    zValidator(target, schema, (result) => {
      if (!result.success) {
        throw new AppError('VALIDATION_FAILED', 400, issueMessage(result.error.issues[0], target), {
          issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        });
      }
    }),
    { [uniqueSymbol]: { target, ...resolver(schema) } },
  );
