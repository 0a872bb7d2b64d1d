import type { CallDefinition } from '@platform/contract';

/** Codes the client itself gives failures that never got an envelope (the contract's list). */
export { CLIENT_ERROR_CODES } from '@platform/contract';

/**
 * A failed call: a non-2xx answer, a 2xx envelope with `success: false`, or no answer at all
 * (status 0). `errorCode` is machine-readable and doubles as an i18n key; `message` is ready to
 * show (the server localises it by the `Language` header).
 */
export class ApiError<V = unknown> extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly value: V | null;
  /** The call that failed (its row's name), null for failures made outside a call. */
  readonly callName: string | null;
  /** The call's row marks it quiet: its caller tells the player, not the client (isHandledByClient). */
  readonly quiet: boolean;

  constructor(init: {
    status: number;
    errorCode: string;
    message: string;
    value?: V | null;
    /** What the failure needs of the row; carried here so no table of calls is looked up. */
    call?: Pick<CallDefinition, 'name' | 'quiet'> | null;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.errorCode = init.errorCode;
    this.value = init.value ?? null;
    this.callName = init.call?.name ?? null;
    this.quiet = init.call?.quiet ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
