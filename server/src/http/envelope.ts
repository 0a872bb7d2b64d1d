import type { Envelope, ServerErrorCode } from '@platform/contract';

/** A successful `/wps` answer. */
export function ok<T>(value: T): Envelope<T> {
  return { success: true, value, message: null, errorCode: null };
}

/**
 * A failure the caller can act on: thrown anywhere in a request, turned into a non-2xx
 * envelope by the error handler with `message` in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: ServerErrorCode,
    /** Placeholders of the catalogue message, e.g. `{ detail }`. */
    readonly params: Record<string, string> = {},
    /** Extra data a caller needs to handle the failure (usually none). */
    readonly value: unknown = null,
  ) {
    super(params.detail ? `${errorCode}: ${params.detail}` : errorCode);
    this.name = 'AppError';
  }
}

export const badRequest = (errorCode: ServerErrorCode, detail?: string): AppError =>
  new AppError(400, errorCode, detail ? { detail } : {});
