import { demandsBotCheck, fetchBotCheckChallenge, type BotCheckChallenge } from './api/bot-check-api';

// The bot check of password logins, registrations and the SMS sends of SMS login and mobile
// registration (registration runs it after the invitation code, an SMS send before
// sending). The server's module bot-check/ decides when one is demanded: always when the merchant
// requires it, and for a while after this address, the account or the number met an abuse limit.

/** Why no answer could be made in this browser; the hook turns it into a message for the player. */
export class BotCheckUnsolvedError extends Error {
  constructor(
    /** 'unloaded': the solver's code could not be fetched; 'unsolved': the challenge was malformed or not solved in time. */
    readonly reason: 'unloaded' | 'unsolved',
    options?: { cause?: unknown },
  ) {
    super(`bot check ${reason}`, options);
    this.name = 'BotCheckUnsolvedError';
  }
}

/** The bot check was given up because its form went away (BotCheckRun.signal). */
export class BotCheckAbortedError extends Error {
  constructor() {
    super('bot check aborted');
    this.name = 'BotCheckAbortedError';
  }
}

type Solver = typeof import('./solver/altcha-solver');

let solverLoading: Promise<Solver> | null = null;

/** altcha-lib, in a chunk of its own: fetched the first time a check is demanded, not with the page. */
function loadSolver(): Promise<Solver> {
  solverLoading ??= import(/* webpackChunkName: "bot-check-solver" */ './solver/altcha-solver').catch((error: unknown) => {
    solverLoading = null; // a failed fetch is tried again next time
    throw new BotCheckUnsolvedError('unloaded', { cause: error });
  });
  return solverLoading;
}

export interface BotCheckRun {
  /** Aborting stops the challenge request and the solving (the form was closed). */
  signal?: AbortSignal;
  /** Told true when solving starts and false when it ends: the form says it is verifying. */
  onSolving?: (solving: boolean) => void;
}

async function solve(challenge: BotCheckChallenge, { signal, onSolving }: BotCheckRun): Promise<string> {
  onSolving?.(true);
  try {
    const { solveBotCheckChallenge } = await loadSolver();
    let answer: string | null;
    try {
      answer = await solveBotCheckChallenge(challenge.challenge, signal);
    } catch (error) {
      throw new BotCheckUnsolvedError('unsolved', { cause: error });
    }
    if (signal?.aborted) throw new BotCheckAbortedError();
    if (answer === null) throw new BotCheckUnsolvedError('unsolved');
    return answer;
  } finally {
    onSolving?.(false);
  }
}

/**
 * Whether the server demands a check now, with a challenge to solve; null when it could not be
 * asked (a network failure, a server without the bot check): the call then goes without one, and
 * the server answers botcheck.required if it wanted one after all (handled by the resend below).
 */
async function currentChallenge(signal: AbortSignal | undefined): Promise<BotCheckChallenge | null> {
  try {
    return await fetchBotCheckChallenge(signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}

/**
 * Sends a guarded call with the bot check it needs. `send` is given the `botCheck` field to add
 * to its body, or undefined for none:
 *   1. asks for a challenge; when the server says one is required, solves it and sends the answer;
 *      otherwise sends without one (no work for the player);
 *   2. when the server answers botcheck.required all the same (the account or the number met an
 *      abuse limit, which the challenge could not know), solves a fresh challenge and sends again,
 *      once. Any other failure, botcheck.invalid included, is the caller's, as it came.
 * Failures of its own: BotCheckUnsolvedError (no answer could be made), BotCheckAbortedError, and
 * the challenge request's ApiError on the resend.
 */
export async function sendWithBotCheck<T>(send: (botCheck: string | undefined) => Promise<T>, run: BotCheckRun = {}): Promise<T> {
  const first = await currentChallenge(run.signal);
  const answer = first?.required ? await solve(first, run) : undefined;
  try {
    return await send(answer);
  } catch (error) {
    if (!demandsBotCheck(error)) throw error;
  }
  // A solution is good for one call: the resend gets a challenge of its own.
  const fresh = await fetchBotCheckChallenge(run.signal);
  return send(await solve(fresh, run));
}
