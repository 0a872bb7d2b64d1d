import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { CRASH_CLIENT_SEED, type CrashHistoryEntry, type CrashPlayerBet, type CrashState, type JlCrashBet, type JlCrashCashout, type JlGameConfig } from '@platform/contract';
import { ChannelListener } from '../../db/channel-listener';
import { PeriodicJob } from '../../db/periodic-job';
import { AppError } from '../../http/envelope';
import { openEventStream } from '../../http/event-stream';
import {
  CRASH_GAME_CODE as ENGINE_CRASH_GAME_CODE,
  CRASH_GROWTH_PER_MS,
  CRASH_MAX_MULTIPLIER,
  CRASH_MIN_BET,
  CRASH_MIN_CASHOUT,
  cashoutWins,
  crashPayout,
  crashPoint,
  crashSaltText,
  msUntilMultiplier,
  hmacStream,
  multiplierAt,
  walkChain,
} from './engine';
import { inTransaction, newServerSeed, nodeHmacSha256, openServerSeed, sealServerSeed, serverSeedHash } from './fairness';
import { CRASH_MAX_BET, majorToMinor, minorToMajor, type StakeRange } from './games';
import { ProviderRefusal, type ProviderMerchant } from './provider-client';
import { isAlreadyEnded, playerFailureOf } from './provider-failures';
import { assertStakeAllowed, merchantStakeRange } from './stake-range';
import type { InhouseDeps, Player } from './slots.service';

// JLC001 Rocket Crash: one round at a time per merchant, played by everyone on it.
//
// Seeds the house cannot choose (inhouse-games/src/crash-chain.ts, migration 046,
// server/README.md "In-house games"): the rounds play the seeds of a pre-committed hash chain
// (seed[n] = SHA-256(seed[n + 1]); the chain's end, seed[0], is published in the crash state
// before its first round opens), so no round's seed can be picked after the end is out. And so
// that a chain cannot have been picked among many for its low crash points, each round's client
// seed is its salt: SHA-256 of the bets taken before betting closed (crashSaltText), fixed by the
// players after the chain was published, written when the round starts running. We chose the bets
// over an outside public value (a future block hash, a randomness beacon) because the game runs
// without any outside service; rounds nobody bets on have a salt known in advance, which matters
// to nobody since nothing rides on them. Rounds played before migration 046 keep their own
// scheme ('seed': a random seed per round and the public client seed CRASH_CLIENT_SEED).
//
// A scheduler on ONE replica (the holder of a PostgreSQL session advisory lock; another replica
// takes over when its connection is gone) moves the rounds: betting (BETTING_MS; the round's seed
// hash is published when it opens) → running (the multiplier grows with the time since start,
// multiplierAt) → crashed (at the crash point the seed gives; the seed is revealed) → a short
// pause → the next round. Bets are taken during betting only, by any replica (a bet is sent to
// the provider API; refused there, it is no bet). A cash-out is decided by the server's clock: it
// wins bet × multiplierAt(now − start) when that moment is before the crash (so never after it,
// whichever replica answers and whether or not the scheduler has marked the crash yet); an
// automatic cash-out at its target. Wins (0 for a lost bet) and ends of round go to the provider
// API; a bet left unsettled is finished by the recovery job with the same transaction ids.
//
// Every change is announced with NOTIFY inhouse_crash (inside the transaction that makes it: sent
// on commit); each replica's listener passes it to its open streams (GET /jl/v1/crash/stream).
// The leader also announces the multiplier several times a second while a round runs.

export const CRASH_GAME_CODE = ENGINE_CRASH_GAME_CODE;
export const CRASH_CHANNEL = 'inhouse_crash';
/** The betting phase. */
export const BETTING_MS = 7_000;
/** Between a crash and the next round's betting. */
export const PAUSE_MS = 3_000;
/** Rounds per seed chain (about two days of rounds; a new chain is made when one is used up). */
export const CRASH_CHAIN_LENGTH = 10_000;
/** A stream ends after this long (the page reconnects; the session is checked again). */
export const CRASH_STREAM_LIFETIME_MS = 10 * 60_000;
const HISTORY = 10;

/** The game's configuration for its page. `range`: the stakes the merchant allows (stake-range.ts; default the certified ones). */
export function crashConfig(range: StakeRange = { minMinor: CRASH_MIN_BET, maxMinor: CRASH_MAX_BET }): JlGameConfig {
  return {
    gameCode: CRASH_GAME_CODE,
    name: 'Rocket Crash',
    kind: 'crash',
    minBet: minorToMajor(range.minMinor),
    maxBet: minorToMajor(range.maxMinor),
    betSteps: [],
    bettingMs: BETTING_MS,
    growthPerMs: CRASH_GROWTH_PER_MS,
    crashClientSeed: CRASH_CLIENT_SEED,
    rtp: 0.99,
  };
}

/**
 * The crash point (hundredths) of a round's seeds, nonce 0: a chain round's client seed is its
 * salt, an old ('seed' scheme) round's the public CRASH_CLIENT_SEED.
 */
export const crashPointOf = (serverSeed: string, clientSeed: string = CRASH_CLIENT_SEED): number =>
  crashPoint(hmacStream(nodeHmacSha256, { serverSeed, clientSeed, nonce: 0 }));

const sha256Hex = (text: string): string => serverSeedHash(text);

/** The salt of a chain round: hex SHA-256 of its bets at betting close (crashSaltText). */
export async function crashSaltOf(client: pg.ClientBase | pg.Pool, roundId: number): Promise<string> {
  const bets = await client.query<{ id: string; betMinor: string }>('SELECT id::text AS id, bet_minor::text AS "betMinor" FROM crash_bet WHERE crash_round_id = $1 ORDER BY id', [roundId]);
  return sha256Hex(crashSaltText(roundId, bets.rows.map((bet) => ({ id: bet.id, betMinor: Number(bet.betMinor) }))));
}

/** "ab***z": what others see of a player's name. */
export function maskName(name: string): string {
  const characters = [...name];
  if (characters.length <= 2) return `${characters[0] ?? '*'}***`;
  return `${characters.slice(0, 2).join('')}***${characters[characters.length - 1]}`;
}

interface RoundRow {
  id: number;
  merchantId: number;
  phase: 'betting' | 'running' | 'crashed';
  serverSeedSealed: string;
  serverSeedHash: string;
  /** A chain round's salt once betting closed (NULL while betting); an old round's public client seed. */
  clientSeed: string | null;
  bettingEndsAtMs: number;
  startedAtMs: number | null;
  crashedAtMs: number | null;
}

const ROUND_COLUMNS = `id::int AS id, merchant_id AS "merchantId", phase, server_seed_sealed AS "serverSeedSealed", server_seed_hash AS "serverSeedHash", client_seed AS "clientSeed",
  (extract(epoch FROM betting_ends_at) * 1000)::float8 AS "bettingEndsAtMs",
  (extract(epoch FROM started_at) * 1000)::float8 AS "startedAtMs",
  (extract(epoch FROM crashed_at) * 1000)::float8 AS "crashedAtMs"`;

interface BetRow {
  id: number;
  merchantId: number;
  roundId: number;
  playerId: string;
  playerName: string;
  betMinor: number;
  autoCashoutX100: number | null;
  status: 'pending' | 'open' | 'cashed' | 'lost' | 'refused';
  cashoutX100: number | null;
  winMinor: number | null;
  providerRoundId: string;
  betTxId: string;
  winTxId: string;
}

const betColumns = (t: string) => `${t}id::int AS id, ${t}merchant_id AS "merchantId", ${t}crash_round_id::int AS "roundId", ${t}player_id AS "playerId",
  ${t}player_name AS "playerName", ${t}bet_minor::float8 AS "betMinor", ${t}auto_cashout_x100 AS "autoCashoutX100", ${t}status, ${t}cashout_x100 AS "cashoutX100",
  ${t}win_minor::float8 AS "winMinor", ${t}provider_round_id AS "providerRoundId", ${t}bet_tx_id AS "betTxId", ${t}win_tx_id AS "winTxId"`;
const BET_COLUMNS = betColumns('');

/** What NOTIFY carries: the merchant, the event, its data; bets name their player (never sent on). */
interface CrashNotice {
  m: number;
  e: 'betting' | 'running' | 'tick' | 'bet' | 'cashout' | 'crashed' | 'balance';
  d: Record<string, unknown>;
  p?: string;
}

const notify = (client: pg.ClientBase | pg.Pool, notice: CrashNotice) => client.query('SELECT pg_notify($1, $2)', [CRASH_CHANNEL, JSON.stringify(notice)]);

function betOnWire(bet: BetRow): Omit<CrashPlayerBet, 'mine'> & { playerId: string } {
  return {
    roundId: String(bet.roundId),
    player: bet.playerName,
    playerId: bet.playerId,
    bet: minorToMajor(bet.betMinor),
    status: bet.status === 'cashed' ? 'cashed' : bet.status === 'lost' ? 'lost' : 'open',
    multiplier: bet.cashoutX100 === null ? null : bet.cashoutX100 / 100,
    win: bet.winMinor === null ? null : minorToMajor(bet.winMinor),
  };
}

interface Subscriber {
  merchantId: number;
  playerId: string;
  send: (event: string, data: unknown) => void;
  end: () => void;
}

export interface CrashGameOptions {
  deps: InhouseDeps;
  /** Where the listener connects (the pool's settings); without it no stream is served. */
  connection?: pg.ClientConfig;
  onProblem?: (message: string, error?: unknown) => void;
}

/** The crash game of one process: bets, cash-outs, streams, and (when started) the scheduler. */
export class CrashGame {
  private readonly deps: InhouseDeps;
  private readonly subscribers = new Set<Subscriber>();
  private readonly listener: ChannelListener | undefined;
  private scheduler: PeriodicJob<void> | undefined;

  constructor(private readonly options: CrashGameOptions) {
    this.deps = options.deps;
    if (options.connection) {
      this.listener = new ChannelListener({
        connection: options.connection,
        channel: CRASH_CHANNEL,
        applicationName: 'inhouse_crash_listener',
        onNotification: (payload) => this.dispatch(payload),
        // Notices may have been missed while not listening: every stream gets the state again.
        onListening: async () => {
          for (const subscriber of this.subscribers) await this.sendState(subscriber).catch((error: unknown) => options.onProblem?.('crash state read failed', error));
        },
        onProblem: options.onProblem,
      });
    }
  }

  async start(): Promise<void> {
    await this.listener?.start();
  }

  /** Starts the round scheduler on this process (it runs rounds while it holds the leader lock). */
  startScheduler(options: { tickMs?: number } = {}): PeriodicJob<void> {
    this.scheduler ??= createCrashScheduler(this, this.deps, options.tickMs ?? 100, this.options.onProblem);
    this.scheduler.start();
    return this.scheduler;
  }

  async close(): Promise<void> {
    await this.scheduler?.close();
    for (const subscriber of this.subscribers) subscriber.end();
    this.subscribers.clear();
    await this.listener?.close();
  }

  get openStreams(): number {
    return this.subscribers.size;
  }

  // ── The round ──────────────────────────────────────────────────────────────────────────────

  async currentRound(merchantId: number, client: pg.ClientBase | pg.Pool = this.deps.db, lock = ''): Promise<RoundRow | undefined> {
    const result = await client.query<RoundRow>(
      `SELECT ${ROUND_COLUMNS} FROM crash_round WHERE merchant_id = $1 AND game_code = $2 AND phase <> 'crashed' ${lock}`,
      [merchantId, CRASH_GAME_CODE],
    );
    return result.rows[0];
  }

  /** The crash point of a round that has started (its seed opened; computed, never shown before the crash). */
  crashPointOfRound(round: { merchantId: number; serverSeedSealed: string; clientSeed: string | null }): number {
    if (round.clientSeed === null) throw new Error('a round has no crash point before its betting closes');
    return crashPointOf(openServerSeed(this.deps.secretsKey, 'crash_round', round.merchantId, round.serverSeedSealed), round.clientSeed);
  }

  /** The chain in use (its published end), if any. */
  async currentChain(merchantId: number, client: pg.ClientBase | pg.Pool = this.deps.db): Promise<{ id: number; end: string; length: number; nextIndex: number } | undefined> {
    const result = await client.query<{ id: number; end: string; length: number; nextIndex: number }>(
      `SELECT id, end_hash AS "end", length, next_index AS "nextIndex" FROM crash_chain WHERE merchant_id = $1 AND game_code = $2 AND next_index <= length`,
      [merchantId, CRASH_GAME_CODE],
    );
    return result.rows[0];
  }

  async state(merchantId: number, playerId: string): Promise<CrashState> {
    const nowMs = this.deps.clock();
    const round = await this.currentRound(merchantId);
    const bets = round
      ? (await this.deps.db.query<BetRow>(`SELECT ${BET_COLUMNS} FROM crash_bet WHERE crash_round_id = $1 AND status <> 'refused' AND status <> 'pending' ORDER BY id`, [round.id])).rows
      : [];
    const history = await this.deps.db.query<{
      id: number;
      crashPointX100: number;
      serverSeed: string;
      serverSeedHash: string;
      clientSeed: string;
      nonce: number;
      scheme: 'seed' | 'chain';
      chainEnd: string | null;
      chainIndex: number | null;
    }>(
      `SELECT r.id::int AS id, r.crash_point_x100 AS "crashPointX100", r.server_seed AS "serverSeed", r.server_seed_hash AS "serverSeedHash",
              r.client_seed AS "clientSeed", r.nonce::int AS nonce, r.scheme, c.end_hash AS "chainEnd", r.chain_index AS "chainIndex"
         FROM crash_round r LEFT JOIN crash_chain c ON c.id = r.crash_chain_id
        WHERE r.merchant_id = $1 AND r.game_code = $2 AND r.phase = 'crashed' ORDER BY r.id DESC LIMIT ${HISTORY}`,
      [merchantId, CRASH_GAME_CODE],
    );
    const chain = await this.currentChain(merchantId);
    return {
      serverTime: nowMs,
      round: round
        ? {
            roundId: String(round.id),
            phase: round.phase,
            serverSeedHash: round.serverSeedHash,
            bettingEndsAt: Math.round(round.bettingEndsAtMs),
            startedAt: round.startedAtMs === null ? null : Math.round(round.startedAtMs),
            multiplier: round.phase === 'running' && round.startedAtMs !== null ? multiplierAt(nowMs - round.startedAtMs) / 100 : null,
          }
        : null,
      chain: chain ? { chainEnd: chain.end, length: chain.length } : null,
      bets: bets.map((bet) => {
        const { playerId: owner, ...wire } = betOnWire(bet);
        return { ...wire, mine: owner === playerId };
      }),
      history: history.rows.map(
        (row): CrashHistoryEntry => ({
          roundId: String(row.id),
          crashPoint: row.crashPointX100 / 100,
          serverSeed: row.serverSeed,
          serverSeedHash: row.serverSeedHash,
          clientSeed: row.clientSeed,
          nonce: row.nonce,
          scheme: row.scheme,
          chainEnd: row.chainEnd,
          chainIndex: row.chainIndex,
        }),
      ),
      config: crashConfig(await merchantStakeRange(this.deps.db, merchantId, CRASH_GAME_CODE)),
    };
  }

  // ── Bets and cash-outs (any replica) ────────────────────────────────────────────────────────

  private async playerName(player: Player): Promise<string> {
    if (player.trial) return `Guest***${player.playerId.slice(-2)}`;
    const member = await this.deps.db.query<{ username: string }>('SELECT username FROM member WHERE id = $1 AND merchant_id = $2', [player.playerId, player.merchantId]);
    return maskName(member.rows[0]?.username ?? player.playerId);
  }

  async bet(player: Player, sessionToken: string, amount: number, autoCashout?: number): Promise<JlCrashBet> {
    if (player.gameCode !== CRASH_GAME_CODE) throw new AppError(404, 'inhouse.game.unknown', { detail: 'the session was launched for another game' });
    const betMinor = majorToMinor(amount);
    // The certified bounds and the merchant's range, checked here whatever the page offered.
    await assertStakeAllowed(this.deps.db, player.merchantId, CRASH_GAME_CODE, betMinor);
    if (betMinor === undefined) throw new AppError(400, 'inhouse.bet.invalid');
    let autoX100: number | null = null;
    if (autoCashout !== undefined) {
      const minor = majorToMinor(autoCashout);
      if (minor === undefined || minor < CRASH_MIN_CASHOUT || minor > CRASH_MAX_MULTIPLIER) throw new AppError(400, 'inhouse.bet.invalid', { detail: 'autoCashout' });
      autoX100 = minor;
    }
    const name = await this.playerName(player);
    const nowMs = this.deps.clock();
    const bet = await inTransaction(this.deps.db, async (client) => {
      // FOR SHARE: the scheduler cannot start the round while a bet is being placed on it.
      const round = await this.currentRound(player.merchantId, client, 'FOR SHARE');
      if (!round || round.phase !== 'betting' || nowMs >= round.bettingEndsAtMs) throw new AppError(409, 'inhouse.crash.betting_closed');
      const inserted = await client.query<BetRow>(
        `INSERT INTO crash_bet (merchant_id, crash_round_id, player_id, player_name, trial, bet_minor, auto_cashout_x100, provider_round_id, bet_tx_id, win_tx_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8 || '-bet', $8 || '-win', to_timestamp($9 / 1000.0))
         ON CONFLICT (crash_round_id, player_id) DO NOTHING
         RETURNING ${BET_COLUMNS}`,
        [player.merchantId, round.id, player.playerId, name, player.trial, betMinor, autoX100, `C${round.id}-${player.playerId}`, nowMs],
      );
      if (!inserted.rows[0]) throw new AppError(409, 'inhouse.crash.bet_exists');
      return inserted.rows[0];
    });
    let balance: number;
    try {
      ({ balance } = await this.deps.provider.bet(player.merchant, { sessionToken, transactionId: bet.betTxId, roundId: bet.providerRoundId, gameCode: CRASH_GAME_CODE, amount: betMinor }));
    } catch (error) {
      if (error instanceof ProviderRefusal && error.errorCode !== 'provider.transaction.mismatch') {
        await this.deps.db.query(`UPDATE crash_bet SET status = 'refused', settled = true WHERE id = $1 AND status = 'pending'`, [bet.id]);
      }
      throw playerFailureOf(error);
    }
    // Riding from now on; should the round have crashed meanwhile (the provider was slow), lost.
    const lostMeanwhile = await inTransaction(this.deps.db, async (client) => {
      const round = await client.query<{ phase: string }>('SELECT phase FROM crash_round WHERE id = $1 FOR SHARE', [bet.roundId]);
      const crashed = round.rows[0]?.phase === 'crashed';
      const updated = await client.query<BetRow>(
        crashed
          ? `UPDATE crash_bet SET status = 'lost', win_minor = 0 WHERE id = $1 AND status = 'pending' RETURNING ${BET_COLUMNS}`
          : `UPDATE crash_bet SET status = 'open' WHERE id = $1 AND status = 'pending' RETURNING ${BET_COLUMNS}`,
        [bet.id],
      );
      if (updated.rows[0] && !crashed) await notify(client, { m: player.merchantId, e: 'bet', d: betOnWire(updated.rows[0]), p: player.playerId });
      return crashed ? updated.rows[0] : undefined;
    });
    if (lostMeanwhile) void this.settleBet(lostMeanwhile, player.merchant).catch((error: unknown) => this.options.onProblem?.('crash bet settlement failed; the recovery job retries', error));
    return { roundId: String(bet.roundId), bet: minorToMajor(betMinor), autoCashout: autoX100 === null ? null : autoX100 / 100, balance: minorToMajor(balance) };
  }

  async cashout(player: Player): Promise<JlCrashCashout> {
    if (player.gameCode !== CRASH_GAME_CODE) throw new AppError(404, 'inhouse.game.unknown', { detail: 'the session was launched for another game' });
    const nowMs = this.deps.clock();
    const cashed = await inTransaction(this.deps.db, async (client) => {
      const found = await client.query<BetRow & { phase: string; startedAtMs: number | null; serverSeedSealed: string; clientSeed: string | null }>(
        `SELECT ${betColumns('b.')}, r.phase, r.server_seed_sealed AS "serverSeedSealed", r.client_seed AS "clientSeed",
                (extract(epoch FROM r.started_at) * 1000)::float8 AS "startedAtMs"
           FROM crash_bet b JOIN crash_round r ON r.id = b.crash_round_id
          WHERE b.merchant_id = $1 AND b.player_id = $2 AND r.game_code = $3
          ORDER BY b.id DESC LIMIT 1
          FOR UPDATE OF b`,
        [player.merchantId, player.playerId, CRASH_GAME_CODE],
      );
      const bet = found.rows[0];
      if (!bet || bet.status !== 'open') {
        if (bet?.status === 'lost') throw new AppError(409, 'inhouse.crash.crashed');
        throw new AppError(409, 'inhouse.crash.no_bet');
      }
      if (bet.phase === 'crashed') throw new AppError(409, 'inhouse.crash.crashed');
      if (bet.phase !== 'running' || bet.startedAtMs === null) throw new AppError(409, 'inhouse.crash.too_early');
      const crash = this.crashPointOfRound({ merchantId: player.merchantId, serverSeedSealed: bet.serverSeedSealed, clientSeed: bet.clientSeed });
      const elapsed = nowMs - bet.startedAtMs;
      // The moment the multiplier reaches the crash point, the round is over.
      if (elapsed >= msUntilMultiplier(crash)) throw new AppError(409, 'inhouse.crash.crashed');
      let multiplier = multiplierAt(elapsed);
      // An automatic target already passed cashed out there.
      if (bet.autoCashoutX100 !== null && bet.autoCashoutX100 <= multiplier) multiplier = bet.autoCashoutX100;
      if (!cashoutWins(multiplier, crash)) throw new AppError(409, multiplier < CRASH_MIN_CASHOUT ? 'inhouse.crash.too_early' : 'inhouse.crash.crashed');
      const updated = await client.query<BetRow>(
        `UPDATE crash_bet SET status = 'cashed', cashout_x100 = $2, win_minor = $3, cashed_out_at = to_timestamp($4 / 1000.0) WHERE id = $1 RETURNING ${BET_COLUMNS}`,
        [bet.id, multiplier, crashPayout(bet.betMinor, multiplier), nowMs],
      );
      await notify(client, { m: player.merchantId, e: 'cashout', d: betOnWire(updated.rows[0]), p: player.playerId });
      return updated.rows[0];
    });
    let balance: number;
    try {
      balance = await this.settleBet(cashed, player.merchant);
    } catch (error) {
      throw playerFailureOf(error);
    }
    return { roundId: String(cashed.roundId), multiplier: (cashed.cashoutX100 ?? 0) / 100, win: minorToMajor(cashed.winMinor ?? 0), balance: minorToMajor(balance) };
  }

  /** Win (even 0) and end of round at the provider, then settled; the player's streams get the balance. */
  async settleBet(bet: BetRow, merchant: ProviderMerchant): Promise<number> {
    const { balance } = await this.deps.provider.win(merchant, {
      playerId: bet.playerId,
      transactionId: bet.winTxId,
      roundId: bet.providerRoundId,
      gameCode: CRASH_GAME_CODE,
      amount: bet.winMinor ?? 0,
    });
    try {
      await this.deps.provider.endRound(merchant, { playerId: bet.playerId, roundId: bet.providerRoundId });
    } catch (error) {
      if (!isAlreadyEnded(error)) throw error;
    }
    await this.deps.db.query('UPDATE crash_bet SET settled = true, settled_at = to_timestamp($2 / 1000.0) WHERE id = $1', [bet.id, this.deps.clock()]);
    await notify(this.deps.db, { m: bet.merchantId, e: 'balance', d: { balance: minorToMajor(balance) }, p: bet.playerId });
    return balance;
  }

  /**
   * Finishes crash bets left unsettled for at least `olderThanMs`: cashed or lost ones get their
   * win (even 0) again; ones the provider never confirmed are rolled back by id and refused.
   */
  async recover(merchantCodeOf: (merchantId: number) => Promise<string | undefined>, olderThanMs = 30_000): Promise<number> {
    const due = await this.deps.db.query<BetRow>(
      `SELECT ${BET_COLUMNS} FROM crash_bet WHERE NOT settled AND status IN ('pending', 'cashed', 'lost') AND created_at <= to_timestamp($1 / 1000.0) ORDER BY id LIMIT 500`,
      [this.deps.clock() - olderThanMs],
    );
    let finished = 0;
    for (const bet of due.rows) {
      const code = await merchantCodeOf(bet.merchantId);
      if (!code) continue;
      const merchant = { id: bet.merchantId, code };
      try {
        if (bet.status === 'pending') {
          // Its round is over (bets are placed in seconds): whether or not the bet landed, undo it.
          const round = await this.deps.db.query<{ phase: string }>('SELECT phase FROM crash_round WHERE id = $1', [bet.roundId]);
          if (round.rows[0]?.phase !== 'crashed') continue;
          await this.deps.provider.rollback(merchant, { transactionId: `${bet.betTxId}-rollback`, referenceTransactionId: bet.betTxId });
          await this.deps.db.query(`UPDATE crash_bet SET status = 'refused', settled = true WHERE id = $1 AND status = 'pending'`, [bet.id]);
        } else {
          await this.settleBet(bet, merchant);
        }
        finished += 1;
      } catch (error) {
        this.options.onProblem?.(`crash bet ${bet.id}: not settled yet; tried again later`, error);
      }
    }
    return finished;
  }

  // ── Streams ────────────────────────────────────────────────────────────────────────────────

  async openStream(request: FastifyRequest, reply: FastifyReply, player: Player): Promise<void> {
    const stream = openEventStream(request, reply, { retryMs: 2000, lifetimeMs: CRASH_STREAM_LIFETIME_MS });
    const subscriber: Subscriber = {
      merchantId: player.merchantId,
      playerId: player.playerId,
      send: (event, data) => stream.send(event, data),
      end: () => stream.end(),
    };
    this.subscribers.add(subscriber);
    stream.onClose(() => this.subscribers.delete(subscriber));
    await this.sendState(subscriber).catch((error: unknown) => {
      this.options.onProblem?.('crash state read failed', error);
      stream.end();
    });
  }

  private async sendState(subscriber: Subscriber): Promise<void> {
    subscriber.send('state', await this.state(subscriber.merchantId, subscriber.playerId));
  }

  private dispatch(payload: string): void {
    let notice: CrashNotice;
    try {
      notice = JSON.parse(payload) as CrashNotice;
    } catch {
      return;
    }
    for (const subscriber of this.subscribers) {
      if (subscriber.merchantId !== notice.m) continue;
      if (notice.e === 'balance') {
        if (notice.p === subscriber.playerId) subscriber.send('balance', notice.d);
        continue;
      }
      if (notice.e === 'bet' || notice.e === 'cashout') {
        const { playerId, ...wire } = notice.d;
        subscriber.send(notice.e, { ...wire, mine: playerId === subscriber.playerId });
        continue;
      }
      subscriber.send(notice.e, notice.d);
    }
  }
}

/**
 * Runs the crash rounds of every merchant with the JL vendor, every tickMs, while it holds the
 * leader lock (kept on a connection of its own: when that process or connection dies, the lock is
 * released and another replica's scheduler takes over; db/periodic-job.ts).
 */
export function createCrashScheduler(game: CrashGame, deps: InhouseDeps, tickMs: number, onProblem?: (message: string, error?: unknown) => void): PeriodicJob<void> {
  const rounds = new CrashRounds(game, deps, onProblem);
  return new PeriodicJob({
    name: 'inhouse_crash_scheduler',
    intervalMs: tickMs,
    leaderLock: { pool: deps.db, hold: 'kept' },
    failureMessage: 'crash scheduler step failed; tried again next tick',
    onProblem,
    run: () => rounds.step(),
  });
}

/** What the leader does each tick: one step of every merchant's round. */
class CrashRounds {
  private merchants: { at: number; list: ProviderMerchant[] } | undefined;

  constructor(
    private readonly game: CrashGame,
    private readonly deps: InhouseDeps,
    private readonly onProblem?: (message: string, error?: unknown) => void,
  ) {}

  async step(): Promise<void> {
    for (const merchant of await this.merchantList()) await this.stepMerchant(merchant);
  }

  private async merchantList(): Promise<ProviderMerchant[]> {
    const nowMs = Date.now();
    if (this.merchants && nowMs - this.merchants.at < 10_000) return this.merchants.list;
    const result = await this.deps.db.query<ProviderMerchant>(
      `SELECT m.id, m.code FROM game_provider p JOIN merchant m ON m.id = p.merchant_id
        WHERE p.vassalage = 'JL' AND p.adapter = 'inhouse' AND p.enabled ORDER BY m.id`,
    );
    this.merchants = { at: nowMs, list: result.rows };
    return result.rows;
  }

  private async stepMerchant(merchant: ProviderMerchant): Promise<void> {
    const nowMs = this.deps.clock();
    const settle: BetRow[] = [];
    await inTransaction(this.deps.db, async (client) => {
      const round = await this.game.currentRound(merchant.id, client, 'FOR UPDATE');
      if (!round) {
        const last = await client.query<{ crashedAtMs: number }>(
          `SELECT (extract(epoch FROM crashed_at) * 1000)::float8 AS "crashedAtMs" FROM crash_round WHERE merchant_id = $1 AND game_code = $2 ORDER BY id DESC LIMIT 1`,
          [merchant.id, CRASH_GAME_CODE],
        );
        if (last.rows[0] && nowMs < last.rows[0].crashedAtMs + PAUSE_MS) return;
        const chain = await client.query<{ id: number; length: number; nextIndex: number; seedSealed: string }>(
          `SELECT id, length, next_index AS "nextIndex", seed_sealed AS "seedSealed" FROM crash_chain
            WHERE merchant_id = $1 AND game_code = $2 AND next_index <= length FOR UPDATE`,
          [merchant.id, CRASH_GAME_CODE],
        );
        if (!chain.rows[0]) {
          // A new chain: its end is published (the crash state) before its first round opens, next tick.
          await this.newChain(client, merchant.id, nowMs);
          return;
        }
        const { id: chainId, length, nextIndex, seedSealed } = chain.rows[0];
        const serverSeed = walkChain(sha256Hex, openServerSeed(this.deps.secretsKey, 'crash_round', merchant.id, seedSealed), length - nextIndex);
        const opened = await client.query<{ id: number }>(
          `INSERT INTO crash_round (merchant_id, game_code, server_seed_sealed, server_seed_hash, client_seed, phase, betting_ends_at, created_at, scheme, crash_chain_id, chain_index)
           VALUES ($1, $2, $3, $4, NULL, 'betting', to_timestamp($5 / 1000.0), to_timestamp($6 / 1000.0), 'chain', $7, $8)
           ON CONFLICT DO NOTHING RETURNING id::int AS id`,
          [merchant.id, CRASH_GAME_CODE, sealServerSeed(this.deps.secretsKey, 'crash_round', merchant.id, serverSeed), serverSeedHash(serverSeed), nowMs + BETTING_MS, nowMs, chainId, nextIndex],
        );
        if (opened.rows[0]) await client.query('UPDATE crash_chain SET next_index = next_index + 1 WHERE id = $1', [chainId]);
        if (opened.rows[0]) {
          await notify(client, {
            m: merchant.id,
            e: 'betting',
            d: { roundId: String(opened.rows[0].id), serverSeedHash: serverSeedHash(serverSeed), bettingEndsAt: nowMs + BETTING_MS, serverTime: nowMs },
          });
        }
        return;
      }
      if (round.phase === 'betting') {
        if (nowMs < round.bettingEndsAtMs) return;
        // Betting is closed under this lock (a bet takes the round FOR SHARE): the salt of a chain
        // round is fixed by the bets it took.
        await client.query(
          `UPDATE crash_round SET phase = 'running', started_at = to_timestamp($2 / 1000.0), client_seed = coalesce(client_seed, $3) WHERE id = $1`,
          [round.id, nowMs, round.clientSeed ?? (await crashSaltOf(client, round.id))],
        );
        await notify(client, { m: merchant.id, e: 'running', d: { roundId: String(round.id), startedAt: nowMs, serverTime: nowMs } });
        return;
      }
      // Running.
      const crash = this.game.crashPointOfRound(round);
      const elapsed = nowMs - (round.startedAtMs ?? nowMs);
      const crashed = elapsed >= msUntilMultiplier(crash);
      const reached = crashed ? crash : multiplierAt(elapsed);
      // Automatic cash-outs whose target the multiplier has reached (and the crash has not beaten).
      const autos = await client.query<BetRow>(
        `UPDATE crash_bet SET status = 'cashed', cashout_x100 = auto_cashout_x100, win_minor = floor(bet_minor * auto_cashout_x100 / 100),
                cashed_out_at = to_timestamp($4 / 1000.0)
          WHERE crash_round_id = $1 AND status = 'open' AND auto_cashout_x100 <= $2 AND auto_cashout_x100 <= $3
          RETURNING ${BET_COLUMNS}`,
        [round.id, reached, crash, nowMs],
      );
      for (const bet of autos.rows) {
        await notify(client, { m: merchant.id, e: 'cashout', d: betOnWire(bet), p: bet.playerId });
        settle.push(bet);
      }
      if (!crashed) {
        await notify(client, { m: merchant.id, e: 'tick', d: { roundId: String(round.id), multiplier: reached / 100, elapsedMs: elapsed } });
        return;
      }
      const serverSeed = openServerSeed(this.deps.secretsKey, 'crash_round', merchant.id, round.serverSeedSealed);
      const chain = await client.query<{ chainEnd: string | null; chainIndex: number | null; scheme: 'seed' | 'chain' }>(
        `SELECT r.scheme, c.end_hash AS "chainEnd", r.chain_index AS "chainIndex" FROM crash_round r LEFT JOIN crash_chain c ON c.id = r.crash_chain_id WHERE r.id = $1`,
        [round.id],
      );
      await client.query(
        `UPDATE crash_round SET phase = 'crashed', crashed_at = to_timestamp($2 / 1000.0), crash_point_x100 = $3, server_seed = $4 WHERE id = $1`,
        [round.id, nowMs, crash, serverSeed],
      );
      const lost = await client.query<BetRow>(`UPDATE crash_bet SET status = 'lost', win_minor = 0 WHERE crash_round_id = $1 AND status = 'open' RETURNING ${BET_COLUMNS}`, [round.id]);
      settle.push(...lost.rows);
      await notify(client, {
        m: merchant.id,
        e: 'crashed',
        d: { roundId: String(round.id), crashPoint: crash / 100, serverSeed, serverSeedHash: round.serverSeedHash, clientSeed: round.clientSeed, nonce: 0, ...chain.rows[0] },
      });
    });
    // Wins and ends of round after the commit (the provider API is another transaction); a
    // failure leaves the bet unsettled for the recovery job.
    for (const bet of settle) {
      void this.game.settleBet(bet, merchant).catch((error: unknown) => this.onProblem?.(`crash bet ${bet.id}: settlement failed; the recovery job retries`, error));
    }
  }

  /** A new chain of CRASH_CHAIN_LENGTH seeds: its last seed random and kept sealed, its end published. */
  private async newChain(client: pg.ClientBase, merchantId: number, nowMs: number): Promise<void> {
    const last = newServerSeed();
    const end = walkChain(sha256Hex, last, CRASH_CHAIN_LENGTH);
    await client.query(
      `INSERT INTO crash_chain (merchant_id, game_code, length, seed_sealed, end_hash, created_at) VALUES ($1, $2, $3, $4, $5, to_timestamp($6 / 1000.0))
       ON CONFLICT DO NOTHING`,
      [merchantId, CRASH_GAME_CODE, CRASH_CHAIN_LENGTH, sealServerSeed(this.deps.secretsKey, 'crash_round', merchantId, last), end, nowMs],
    );
  }
}
