// What the betting screen says of each refusal of the lottery's calls (the contract's error codes,
// contract/src/lottery.ts), in the player's language, and what it does next: a closed
// round brings the next one, a short balance offers the deposit page. The bet and cancel calls
// are quiet (lottery-api.ts), so this is the only message the player sees.
import { bus, isApiError, outcomeUnknown, SESSION_ENDED_CODES } from '@platform/shared';
import { CLIENT_ERROR_CODES } from '@platform/contract';

/** What the page does besides showing the message. */
export type FailureAction = 'refresh_round' | 'deposit' | 'refresh_chase' | 'refresh_orders' | null;

export interface Failure {
  /** Translation key of the message (namespace lotteryBetting). */
  key: string;
  /** The server's own words, for a refusal this page has no message of its own for. */
  serverMessage: string | null;
  action: FailureAction;
}

/** Each error code of the lottery's bet and cancel calls: its message and what follows. */
export const LOTTERY_FAILURES: Readonly<Record<string, { key: string; action: FailureAction }>> = {
  'lottery.game.unknown': { key: 'error_game_unknown', action: null },
  'lottery.round.unknown': { key: 'error_round_unknown', action: 'refresh_round' },
  'lottery.round.closed': { key: 'error_round_closed', action: 'refresh_round' },
  'lottery.slip.invalid': { key: 'error_slip_invalid', action: null },
  'lottery.series.invalid': { key: 'error_series_invalid', action: null },
  'lottery.amount.mismatch': { key: 'error_amount_mismatch', action: null },
  'lottery.chase.invalid': { key: 'error_chase_invalid', action: 'refresh_chase' },
  'lottery.insufficient.funds': { key: 'error_insufficient_funds', action: 'deposit' },
  'lottery.bet.not_found': { key: 'error_bet_not_found', action: 'refresh_orders' },
  'lottery.bet.not_cancellable': { key: 'error_bet_not_cancellable', action: 'refresh_orders' },
  'lottery.prize.over_cap': { key: 'error_prize_over_cap', action: null },
  'lottery.limit.round': { key: 'error_limit_round', action: null },
  'lottery.limit.number': { key: 'error_limit_number', action: null },
  'lottery.limit.stake': { key: 'error_limit_stake', action: null },
  'wallet.idempotency.key.conflict': { key: 'error_idempotency_conflict', action: null },
};

/** Refusals whose detail (which line, what is left under a limit) only the server's message has. */
const SERVER_WORDS = new Set(['lottery.slip.invalid', 'lottery.prize.over_cap', 'lottery.limit.round', 'lottery.limit.number', 'lottery.limit.stake']);

/** Keys of the failures that no code names. */
export const OTHER_FAILURE_KEYS = ['error_outcome_unknown', 'error_network', 'error_unknown', 'error_session_ended', 'error_login_required'] as const;

/**
 * The failure of a bet or a cancel. A session that ended is logged out here (these calls are
 * quiet, so the API client leaves that to the caller).
 */
export function failureOf(error: unknown): Failure {
  if (!isApiError(error)) return { key: 'error_unknown', serverMessage: null, action: null };
  const known = LOTTERY_FAILURES[error.errorCode];
  if (known) return { ...known, serverMessage: SERVER_WORDS.has(error.errorCode) ? error.message : null };
  // No session on this page: the client has opened the login popup.
  if (error.errorCode === CLIENT_ERROR_CODES.notLoggedIn && error.status === 0) return { key: 'error_login_required', serverMessage: null, action: null };
  if (error.status === 401 || SESSION_ENDED_CODES.has(error.errorCode)) {
    bus.dispatch({ type: 'logout' });
    return { key: 'error_session_ended', serverMessage: null, action: null };
  }
  if (outcomeUnknown(error)) return { key: 'error_outcome_unknown', serverMessage: null, action: 'refresh_orders' };
  if (error.status === 0 && error.errorCode !== CLIENT_ERROR_CODES.client) return { key: 'error_network', serverMessage: null, action: null };
  return { key: 'error_unknown', serverMessage: error.message || null, action: null };
}

/** A failure in words: the page's own message, or the server's for a refusal the page has none for. */
export function failureText(t: (key: string, options?: Record<string, unknown>) => string, failure: Failure): string {
  if (failure.key === 'error_unknown' && failure.serverMessage) return failure.serverMessage;
  return t(failure.key, { detail: failure.serverMessage ?? '' });
}
