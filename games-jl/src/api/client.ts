// The JL game server's calls (/jl/v1/..., server/src/modules/inhouse; rows in
// contract/src/inhouse-games.ts): plain fetch, the usual envelope { success, value,
// message, errorCode }. Every call carries the game session token of the launch URL; the server
// checks it with the provider API, as an outside vendor's would.
import type { JlCrashBet, JlCrashCashout, JlRotate, JlRound, JlRounds, JlSession, JlSpin } from '@platform/contract';
import { GameApiError } from './errors';
import { normalizeFairness, normalizeRotate, normalizeRound, normalizeSession, normalizeSpin } from './normalize';
import type { CrashBetResult, CrashCashoutResult, FairnessState, RotateResult, RoundDetail, RoundPage, SessionInfo, SpinResult } from './types';

export const API_BASE = '/jl/v1';

export interface GameApi {
  session(): Promise<SessionInfo>;
  spin(bet: number): Promise<SpinResult>;
  setClientSeed(clientSeed: string): Promise<FairnessState>;
  rotateSeed(): Promise<RotateResult>;
  rounds(before?: string): Promise<RoundPage>;
  round(roundId: string): Promise<RoundDetail & { raw: JlRound }>;
  crashBet(amount: number, autoCashout: number | null): Promise<CrashBetResult>;
  crashCashout(): Promise<CrashCashoutResult>;
  /** The crash game's live stream (server-sent events). */
  crashStreamUrl(): string;
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

async function call<T>(fetchImpl: Fetch, path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetchImpl(`${API_BASE}${path}`, { credentials: 'same-origin', cache: 'no-store', ...init });
  } catch (error) {
    throw new GameApiError(0, null, (error as Error).message || 'network');
  }
  type Envelope = { success?: boolean; value?: unknown; message?: string; errorCode?: string | null };
  let body: Envelope | null;
  try {
    body = (await response.json()) as Envelope;
  } catch {
    body = null;
  }
  if (!response.ok || !body || body.success === false) {
    throw new GameApiError(response.status || 500, body?.errorCode ?? null, body?.message ?? `HTTP ${response.status}`);
  }
  return body.value as T;
}

export function createGameApi(session: string, gameCode: string, fetchImpl: Fetch = (input, init) => fetch(input, init)): GameApi {
  const query = (extra: Record<string, string> = {}) => new URLSearchParams({ session, ...extra }).toString();
  const get = <T>(path: string, extra?: Record<string, string>) => call<T>(fetchImpl, `${path}?${query(extra)}`, { method: 'GET' });
  const post = <T>(path: string, body: Record<string, unknown>) =>
    call<T>(fetchImpl, path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ session, ...body }) });
  return {
    session: async () => normalizeSession(await get<JlSession>('/session', { game: gameCode })),
    spin: async (bet) => normalizeSpin(await post<JlSpin>(`/slots/${encodeURIComponent(gameCode)}/spin`, { bet })),
    setClientSeed: async (clientSeed) => normalizeFairness(await post<FairnessState>('/fairness/client-seed', { clientSeed })),
    rotateSeed: async () => normalizeRotate(await post<JlRotate>('/fairness/rotate', {})),
    rounds: async (before) => {
      const page = await get<JlRounds>('/rounds', before ? { game: gameCode, before } : { game: gameCode });
      return { list: page.list.map(normalizeRound), hasMore: page.hasMore };
    },
    round: async (roundId) => {
      const raw = await get<JlRound>(`/rounds/${encodeURIComponent(roundId)}`);
      return { ...normalizeRound(raw), raw };
    },
    crashBet: async (amount, autoCashout) => {
      const value = await post<JlCrashBet>('/crash/bet', autoCashout ? { amount, autoCashout } : { amount });
      return { roundId: value.roundId, bet: value.bet, autoCashout: value.autoCashout ?? null, balance: value.balance };
    },
    crashCashout: async () => {
      const value = await post<JlCrashCashout>('/crash/cashout', {});
      return { roundId: value.roundId, multiplier: value.multiplier, win: value.win, balance: value.balance };
    },
    crashStreamUrl: () => `${API_BASE}/crash/stream?${query()}`,
  };
}
