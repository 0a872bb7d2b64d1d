import { randomBytes } from 'node:crypto';
import { TRIAL_PLAY_BALANCE, type LaunchSuggestion, type VendorMaintenanceValue } from '@platform/contract';
import type pg from 'pg';
import { AppError } from '../../http/envelope';
import { MINOR_PER_MAJOR, minorToMajor } from '../ledger';
import { adapterNamed, type VendorAdapter } from './adapters';
import { findLaunchableGame, recordRecentGame, type GameSelector } from '../games';
import type { ResolvedMerchant } from '../../plugins/merchant';
import { currentWindow, type ProviderConfig } from './provider-config';
import * as queries from './provider.queries';
import { playAccountOf, tokenHashOf } from './wallet-api.service';

// Launch: the game, its vendor connected (an adapter) and not under
// maintenance, the member able to afford the minimum bet; then a game session whose token the
// adapter's URL carries (the vendor authenticates the player with it through the provider API).
// A trial launch opens a session on play money (game_session.play_balance_minor), no account.

export const GAME_LANGUAGES = ['BN', 'CN', 'EN', 'ID', 'TH', 'TY', 'VI'] as const;
/** How many games a maintenance answer suggests instead. */
export const MAINTENANCE_SUGGESTIONS = 6;

export function gameLanguageOf(...candidates: (string | null | undefined)[]): string {
  for (const candidate of candidates) {
    const code = candidate?.toUpperCase();
    if (code && (GAME_LANGUAGES as readonly string[]).includes(code)) return code;
  }
  return 'EN';
}

export interface LaunchInput extends GameSelector {
  language: string;
  platform?: string;
}

/** Where a launch runs: the pool, the request's merchant, the vendors' configuration (cached per config revision). */
export interface LaunchContext {
  pool: pg.Pool;
  merchant: ResolvedMerchant;
  config: ProviderConfig;
}

/** The game, its connected adapter and provider row; refusals for a game that cannot be launched now. */
async function launchable({ pool, merchant, config }: LaunchContext, selector: GameSelector, nowMs: number, trial: boolean) {
  const merchantId = merchant.id;
  const game = await findLaunchableGame(pool, merchantId, selector);
  if (!game || (trial && !game.trialEnabled)) throw new AppError(404, 'game.not_found');
  const provider = await config.vendor(merchant, game.vassalage);
  const adapter: VendorAdapter | undefined = provider?.enabled ? adapterNamed(provider.adapter) : undefined;
  if (!provider || !adapter) throw new AppError(400, 'game.vendor.not_connected');
  const maintenance = currentWindow(provider.maintenance, nowMs);
  if (maintenance) {
    const suggestions: LaunchSuggestion[] = await queries.selectLaunchSuggestions(pool, merchantId, {
      exceptVassalage: game.vassalage,
      trialOnly: trial,
      nowMs,
      limit: MAINTENANCE_SUGGESTIONS,
    });
    const value: VendorMaintenanceValue = {
      content: { data: { maintainTime: maintenance.startsAtMs, endTime: maintenance.endsAtMs } },
      maintenanceStart: maintenance.startsAtMs,
      maintenanceEnd: maintenance.endsAtMs,
      suggestions,
    };
    throw new AppError(400, 'vendor_under_maintenance', {}, value);
  }
  return { game, provider, adapter };
}

const newToken = (): string => randomBytes(32).toString('base64url');

/**
 * A member's launch: the URL of a new game session, tied to the site session launching it (the
 * provider API refuses the game session once that one ends or the member is blocked).
 */
export async function launchGame(
  context: LaunchContext,
  member: { id: number; language: string | null; sessionId: number },
  input: LaunchInput,
  nowMs: number,
): Promise<{ game_url: string }> {
  const { pool } = context;
  const merchantId = context.merchant.id;
  const { game, provider, adapter } = await launchable(context, input, nowMs, false);
  const { single } = await context.config.walletSettings(context.merchant);
  const account = await playAccountOf(pool, merchantId, member.id, game, single, nowMs);
  const balanceMinor = await queries.selectAccountBalance(pool, account);
  if (balanceMinor < game.minBetMinor) {
    throw new AppError(400, 'launch_game_balance_not_enough', {}, { balance: minorToMajor(balanceMinor), minBet: minorToMajor(game.minBetMinor) });
  }
  const token = newToken();
  const language = gameLanguageOf(input.language, member.language);
  const expiresAtMs = nowMs + provider.sessionMinutes * 60_000;
  await queries.insertSession(pool, {
    merchantId,
    memberId: member.id,
    vassalage: game.vassalage,
    gameId: game.id,
    tokenHash: tokenHashOf(token),
    playBalanceMinor: null,
    language,
    nowMs,
    expiresAtMs,
    memberSessionId: member.sessionId,
  });
  await recordRecentGame(pool, member.id, game.id, nowMs);
  return { game_url: adapter.launchUrl({ token, trial: false, expiresAtMs }, game, { language, platform: input.platform }) };
}

/** A trial: play money only, for a game that allows it, no account. */
export async function launchTrial(context: LaunchContext, input: LaunchInput, nowMs: number): Promise<{ game_url: string }> {
  const { pool } = context;
  const merchantId = context.merchant.id;
  const { game, provider, adapter } = await launchable(context, input, nowMs, true);
  const token = newToken();
  const language = gameLanguageOf(input.language);
  const expiresAtMs = nowMs + provider.sessionMinutes * 60_000;
  await queries.insertSession(pool, {
    merchantId,
    memberId: null,
    vassalage: game.vassalage,
    gameId: game.id,
    tokenHash: tokenHashOf(token),
    playBalanceMinor: TRIAL_PLAY_BALANCE * MINOR_PER_MAJOR,
    language,
    nowMs,
    expiresAtMs,
    memberSessionId: null,
  });
  return { game_url: adapter.launchUrl({ token, trial: true, expiresAtMs }, game, { language, platform: input.platform }) };
}
