export type EngineErrorCode =
  'TOO_LARGE' | 'MASK_EMPTY' | 'MASK_TOO_LARGE' | 'MASK_SIZE_MISMATCH' | 'CANCELLED' | 'UNSUPPORTED_INPUT' | 'MODEL_NOT_FOUND' | 'MODEL_CORRUPT';

export class EngineError extends Error {
  readonly code: string;
  constructor(code: EngineErrorCode, message: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new EngineError('CANCELLED', 'Processing cancelled');
}
