import { api, isApiError } from '@platform/shared';
import { botCheckChallengeCall, type BotCheckChallenge, type ErrorCode } from '@platform/contract';

export type { BotCheckChallenge };

/**
 * A call that must carry a solved check came without one (value { botCheck: true }). Its sibling
 * botcheck.invalid (wrong, expired, for another site or already used: 'invalid reCaptcha input')
 * needs nothing of its own: it is shown like any other refusal.
 */
export const BOT_CHECK_REQUIRED_CODE: ErrorCode = 'botcheck.required';

/**
 * `GET /wps/botcheck/challenge`: a fresh signed challenge, and whether calls from this browser must
 * carry its solution now. Quiet: a failure is the caller's to tell.
 */
export function fetchBotCheckChallenge(signal?: AbortSignal): Promise<BotCheckChallenge> {
  return api.call(botCheckChallengeCall, { signal });
}

/** The server wants a solved check with this call (`botcheck.required`). */
export function demandsBotCheck(error: unknown): boolean {
  return isApiError(error) && error.errorCode === BOT_CHECK_REQUIRED_CODE;
}
