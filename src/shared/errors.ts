/** The error shape every API answer uses: { error: { code, message } }. The message is the spec's wording. */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ApiErrorBody).error?.message === 'string'
  );
}
