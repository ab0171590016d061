/** The error shape every API answer uses: { error: { code, message } }. The message is the spec's wording. */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown };
}

