import type pg from 'pg';
import { CLIENT_SEED_PATTERN, type PrizeWheelHistory, type PrizeWheelRotation, type PrizeWheelSpinInfo, type PrizeWheelSpun, type PrizeWheelTickets } from '@platform/contract';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import type { SecretsKey } from '../../secrets-key';
import { ensureHouseAccount, ensureMemberAccount, memberBalanceMinor, minorToMajor, postTransactionIn } from '../ledger';
import * as queries from './prize-wheel.queries';
import { verifySpin } from './prize-wheel.rules';
import { ensureSeed, lockActiveSeed, lockSeed, nodeHmacSha256, openServerSeed, revealSeed, selectActiveSeed, serverSeedHash, takeNonce } from './prize-wheel.seeds';

// Tickets and spins of the prize wheel (server/README.md, "Promotions"). A ticket is granted inside
// the granting module's transaction (a promotion's, an operator's), idempotent by its source per
// member. A spin runs in one transaction: it locks the ticket (two spins of one ticket wait for
// each other; the second finds it used), then the member's seed (the nonce is taken under that
// lock), draws the segment with the fairness byte stream (prize-wheel.rules.ts), pays a cash prize
// through the ledger (kind prize_wheel, key prize_wheel:<ticket id>: at most once whatever
// happens, with 1× the prize to wager), records the spin (one per ticket) and marks the ticket
// used. Nothing of it stays when any step fails.

export const PRIZE_WHEEL_KIND = 'prize_wheel';
export const PRIZE_WHEEL_HOUSE_ACCOUNT = 'house_prize_wheel';
/** The most tickets one grant gives (the operator's, a promotion's). */
export const MAX_TICKETS_PER_GRANT = 100;
/** What the tickets call lists at most. */
const LISTED_TICKETS = 100;

const SOURCE = /^[a-z][a-z_]{0,31}(:[A-Za-z0-9_.:-]{1,128})?$/;
const CLIENT_SEED = new RegExp(CLIENT_SEED_PATTERN);
/** The largest id a PostgreSQL bigint holds, as text (longer or larger ids name nothing). */
const MAX_BIGINT = 9_223_372_036_854_775_807n;

const majorOrNull = (minor: number | null): number | null => (minor === null ? null : minorToMajor(minor));

export interface GrantInput {
  merchantId: number;
  memberId: number;
  /** The merchant's enabled wheel when absent. */
  wheelId?: number;
  count: number;
  /** What gives the tickets: promotion:<id>, operator:<operator id>:<key>, …; the same source again grants nothing. */
  source: string;
  nowMs: number;
}

export interface Granted {
  /** Tickets this call added (0 when the source had granted them already). */
  granted: number;
  replayed: boolean;
  ticketIds: number[];
}

/**
 * Grants tickets inside the caller's transaction (`client`): for other modules, with their own
 * writes. Idempotent by source per member: the grant's tickets are numbered 1…count, so a repeat
 * adds none (a larger count tops it up to that count). The member's server seed is made with the
 * first ticket, so its hash is shown before any spin (it needs the secrets key to seal it).
 */
export async function grantTickets(client: pg.PoolClient, secretsKey: SecretsKey, input: GrantInput): Promise<Granted> {
  if (!Number.isSafeInteger(input.count) || input.count < 1 || input.count > MAX_TICKETS_PER_GRANT) throw new AppError(400, 'prize_wheel.grant.invalid');
  if (!SOURCE.test(input.source)) throw new Error(`A prize ticket's source is <kind>[:<reference>], not ${JSON.stringify(input.source)}`);
  if (!(await queries.selectRealMember(client, input.merchantId, { id: input.memberId }))) {
    throw new Error(`Member ${input.memberId} is no real member of merchant ${input.merchantId}: tickets are for real accounts`);
  }
  const wheel = await queries.selectWheel(client, input.merchantId, input.wheelId);
  if (!wheel || !wheel.enabled) throw new AppError(409, 'prize_wheel.unavailable');
  const added = await queries.insertTickets(client, { ...input, wheelId: wheel.id });
  await ensureSeed(client, secretsKey, input.merchantId, input.memberId, input.nowMs);
  const ticketIds = await queries.selectGrantTicketIds(client, input.merchantId, input.memberId, input.source);
  return { granted: added.length, replayed: added.length === 0, ticketIds };
}

/** Grants tickets to a member by name, in a transaction of its own (the operator's way). */
export async function grantTicketsTo(
  pool: pg.Pool,
  secretsKey: SecretsKey,
  input: Omit<GrantInput, 'memberId'> & { username: string },
): Promise<Granted & { memberId: number; username: string; available: number }> {
  return withTransaction(pool, async (client) => {
    const member = await queries.selectRealMember(client, input.merchantId, { username: input.username });
    if (!member) throw new AppError(404, 'operator.member.not.found');
    const granted = await grantTickets(client, secretsKey, { ...input, memberId: member.id });
    return { ...granted, memberId: member.id, username: member.username, available: await queries.countAvailableTickets(client, input.merchantId, member.id) };
  });
}

function wheelOf(wheel: queries.WheelRow): NonNullable<PrizeWheelTickets['wheel']> {
  const total = wheel.segments.reduce((sum, segment) => sum + segment.weight, 0);
  return {
    wheelId: wheel.id,
    name: wheel.name,
    segments: wheel.segments.map((segment, index) => ({
      index,
      label: segment.label,
      kind: segment.kind,
      amount: majorOrNull(segment.amountMinor),
      weight: segment.weight,
      percent: Math.round((segment.weight * 10_000) / total) / 100,
    })),
  };
}

/** The wheel, the member's tickets for it and the seed hash committed for the next spin. Writes nothing. */
export async function ticketsOf(pool: pg.Pool, merchantId: number, memberId: number): Promise<PrizeWheelTickets> {
  const [wheel, seed] = await Promise.all([queries.selectWheel(pool, merchantId), selectActiveSeed(pool, merchantId, memberId)]);
  const usable = wheel && wheel.segments.length > 0 ? wheel : undefined;
  const available = usable ? await queries.selectAvailableTickets(pool, merchantId, memberId, usable.id, LISTED_TICKETS) : { tickets: [], count: 0 };
  return {
    wheel: usable ? wheelOf(usable) : null,
    tickets: available.tickets.map((ticket) => ({ ticketId: ticket.id, source: ticket.source, createdAt: ticket.createdAtMs })),
    available: available.count,
    serverSeedHash: seed?.serverSeedHash ?? null,
    nonce: seed?.nextNonce ?? 0,
  };
}

export interface SpinInput {
  merchantId: number;
  memberId: number;
  ticketId: number;
  clientSeed: string;
  nowMs: number;
}

/** Spins one ticket: one outcome and one payment however many requests ask at once. */
export async function spin(pool: pg.Pool, secretsKey: SecretsKey, input: SpinInput): Promise<PrizeWheelSpun> {
  // The client seed goes into the HMAC message before ':' and the nonce: no ':' or spaces.
  if (!CLIENT_SEED.test(input.clientSeed)) throw new AppError(400, 'prize_wheel.client_seed.invalid');
  if (!Number.isSafeInteger(input.ticketId) || input.ticketId < 1) throw new AppError(404, 'prize_wheel.ticket.not_found');
  const spun = await withTransaction(pool, async (client) => {
    const ticket = await queries.lockTicket(client, input.merchantId, input.ticketId);
    // Another member's ticket is not found, as one that does not exist.
    if (!ticket || ticket.memberId !== input.memberId) throw new AppError(404, 'prize_wheel.ticket.not_found');
    if (ticket.state === 'used') throw new AppError(409, 'prize_wheel.ticket.used');
    if (ticket.state === 'cancelled') throw new AppError(409, 'prize_wheel.ticket.cancelled');
    const wheel = await queries.selectWheel(client, input.merchantId, ticket.wheelId);
    if (!wheel || !wheel.enabled || wheel.segments.length === 0) throw new AppError(409, 'prize_wheel.unavailable');

    const seed = await lockActiveSeed(client, secretsKey, input.merchantId, input.memberId, input.nowMs);
    const nonce = seed.nextNonce;
    const serverSeed = openServerSeed(secretsKey, input.merchantId, seed.serverSeedSealed);
    const segmentIndex = verifySpin(serverSeed, input.clientSeed, nonce, wheel.segments, nodeHmacSha256);
    const segment = wheel.segments[segmentIndex];
    await takeNonce(client, seed.id);

    let ledgerTransactionId: number | null = null;
    if (segment.kind === 'cash' && segment.amountMinor !== null) {
      const house = await ensureHouseAccount(client, input.merchantId, PRIZE_WHEEL_HOUSE_ACCOUNT, input.nowMs);
      const wallet = await ensureMemberAccount(client, input.merchantId, input.memberId, 'REAL', input.nowMs);
      const posted = await postTransactionIn(client, {
        merchantId: input.merchantId,
        idempotencyKey: `${PRIZE_WHEEL_KIND}:${ticket.id}`,
        kind: PRIZE_WHEEL_KIND,
        unit: 'REAL',
        postings: [
          { accountId: house, amountMinor: -segment.amountMinor },
          { accountId: wallet, amountMinor: segment.amountMinor },
        ],
        nowMs: input.nowMs,
        orderNo: `PW${ticket.id}`,
        remark: `${wheel.name}: ${segment.label}`.slice(0, 200),
        // A prize is a bonus: staked once before it can be withdrawn.
        wageringRequirementMinor: segment.amountMinor,
      });
      ledgerTransactionId = posted.transactionId;
    }
    const spinId = await queries.insertSpin(client, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      ticketId: ticket.id,
      wheelId: wheel.id,
      seedId: seed.id,
      serverSeedHash: seed.serverSeedHash,
      clientSeed: input.clientSeed,
      nonce,
      weights: wheel.segments.map((one) => one.weight),
      segmentIndex,
      segment,
      ledgerTransactionId,
      nowMs: input.nowMs,
    });
    await queries.markTicketUsed(client, ticket.id, input.nowMs);
    return {
      transactionId: String(spinId),
      ticketId: ticket.id,
      segmentIndex,
      prize: { label: segment.label, kind: segment.kind, amount: majorOrNull(segment.amountMinor) },
      serverSeedHash: seed.serverSeedHash,
      clientSeed: input.clientSeed,
      nonce,
      deliveryStatus: segment.kind === 'physical' ? ('pending' as const) : null,
    };
  });
  return { ...spun, balance: minorToMajor(await memberBalanceMinor(pool, input.merchantId, input.memberId)) };
}

/** A past spin of the member's, with what it takes to verify it (the server seed once rotated). */
export async function spinInfo(pool: pg.Pool, merchantId: number, memberId: number, transactionId: string): Promise<PrizeWheelSpinInfo> {
  // The query's pattern lets 18 digits through; beyond a bigint it names no spin.
  if (!/^[1-9][0-9]{0,18}$/.test(transactionId) || BigInt(transactionId) > MAX_BIGINT) throw new AppError(404, 'prize_wheel.spin.not_found');
  const found = await queries.selectSpin(pool, merchantId, memberId, transactionId);
  if (!found) throw new AppError(404, 'prize_wheel.spin.not_found');
  return {
    transactionId: String(found.id),
    ticketId: found.ticketId,
    wheelName: found.wheelName,
    spunAt: found.spunAtMs,
    segmentIndex: found.segmentIndex,
    prize: { label: found.label, kind: found.kind, amount: majorOrNull(found.amountMinor) },
    weights: found.weights,
    serverSeedHash: found.serverSeedHash,
    serverSeed: found.serverSeed,
    clientSeed: found.clientSeed,
    nonce: found.nonce,
    deliveryStatus: found.deliveryStatus,
  };
}

/** Reveals the member's seed and commits a new one (nonce 0); waits for spins under way. */
export async function rotateSeed(pool: pg.Pool, secretsKey: SecretsKey, merchantId: number, memberId: number, nowMs: number): Promise<PrizeWheelRotation> {
  return withTransaction(pool, async (client) => {
    const seed = await lockSeed(client, merchantId, memberId);
    if (!seed) {
      const made = await lockActiveSeed(client, secretsKey, merchantId, memberId, nowMs);
      return { revealed: null, serverSeedHash: made.serverSeedHash, nonce: made.nextNonce };
    }
    const serverSeed = openServerSeed(secretsKey, merchantId, seed.serverSeedSealed);
    // What the member was shown: the seed must hash to it, or nothing is revealed.
    if (serverSeedHash(serverSeed) !== seed.serverSeedHash) throw new Error(`Prize wheel seed ${seed.id} does not hash to its committed hash`);
    await revealSeed(client, seed.id, serverSeed, nowMs);
    const next = await lockActiveSeed(client, secretsKey, merchantId, memberId, nowMs);
    return { revealed: { serverSeed, serverSeedHash: seed.serverSeedHash, nonces: seed.nextNonce }, serverSeedHash: next.serverSeedHash, nonce: next.nextNonce };
  });
}

/** The member's spins, newest first. */
export async function claimHistory(pool: pg.Pool, merchantId: number, memberId: number, page: number, size: number): Promise<PrizeWheelHistory> {
  const { spins, total, cashMinor } = await queries.selectSpins(pool, merchantId, memberId, page, size);
  return {
    list: spins.map((one) => ({
      transactionId: String(one.id),
      name: one.label,
      type: one.kind,
      usedDate: one.spunAtMs,
      amount: majorOrNull(one.amountMinor),
      deliveryStatus: one.deliveryStatus,
      deliveredAt: one.deliveredAtMs,
    })),
    totalPages: Math.ceil(total / size),
    footer: { amount: minorToMajor(cashMinor) },
  };
}
