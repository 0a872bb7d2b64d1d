import {
  GUEST_MEMBER_TYPE,
  MISSION_CLAIM_GRACE_HOURS,
  MISSION_MONEY_KINDS,
  type MissionClaimed,
  type MissionLeaderboard,
  type MissionMilestone,
  type MissionMilestones,
  type MissionRules,
  type MissionSummary,
  type MissionSummaryDetails,
} from '@platform/contract';
import type pg from 'pg';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import type { SecretsKey } from '../../secrets-key';
import { ensureHouseAccount, ensureMemberAccount, memberBalanceMinor, minorToMajor, postTransactionIn } from '../ledger';
import { grantTickets } from '../prize-wheel';
import { readWithdrawSettings } from '../withdrawal';
import * as queries from './mission.queries';
import {
  CLAIM_GRACE_MS,
  countedWindow,
  deviceAllows,
  isOpen,
  LEADERBOARD_SETTLE_MS,
  maskUsername,
  milestoneStateOf,
  prizeWinners,
  rankEntries,
  requirementMinorOf,
  statusOf,
} from './mission.rules';

// Missions and leaderboards (server/README.md, "Missions"; migration 062). Progress is never
// stored: each read counts the member's settled activity inside the mission's window
// (mission.queries.ts selectProgress), so an operator's change or a bet settled shows at once. A
// claim runs in one transaction: it makes and locks the member's row of the milestone, counts the
// progress again, pays the reward (ledger kind mission_reward, key mission:milestone:<claim id>,
// from house_missions, with its wagering requirement; or prize-wheel tickets, source
// mission:<claim id>) and marks the row claimed. Two claims at once queue on the row: the second
// finds it claimed. The leaderboard's prizes are paid by a job once the mission has ended
// (payDueLeaderboards), under the mission's row lock, each rank once.

export const MISSION_KIND = 'mission_reward';
export const MISSION_HOUSE_ACCOUNT = 'house_missions';
/** Ended missions stay in the member's list this long after their claim grace, to read. */
const LISTED_AFTER_GRACE_MS = 7 * 86_400_000;
/** Ranks shown on a leaderboard. */
const LEADERBOARD_ROWS = 50;

export interface MissionCaller {
  merchantId: number;
  memberId: number;
  nowMs: number;
  language?: string;
  device: 'web' | 'mobile';
}

export interface PayingCaller extends MissionCaller {
  secretsKey: SecretsKey;
}

const isMoney = (kind: queries.MilestoneRow['kind']) => MISSION_MONEY_KINDS.includes(kind);
const onWire = (kind: queries.MilestoneRow['kind'], value: number) => (isMoney(kind) ? minorToMajor(value) : value);

export const textsOf = (mission: queries.MissionRow, language: string | undefined) => {
  const texts = (language && mission.texts[language]) || {};
  const english = mission.texts.EN ?? {};
  return {
    title: texts.title || english.title || mission.name,
    description: texts.description || english.description || '',
    rules: texts.rules || english.rules || '',
  };
};

async function offsetMinutesOf(db: pg.Pool | pg.PoolClient, merchantId: number): Promise<number> {
  return (await readWithdrawSettings(db, merchantId)).timeZoneOffsetMinutes;
}

/** Whether the member may see the mission: not paused, for its device, for its audience (no VIP levels yet: level 0). */
const visibleTo = (mission: queries.MissionRow, caller: MissionCaller) => !mission.paused && deviceAllows(mission.device, caller.device) && mission.minVipLevel <= 0;

async function memberIsReal(db: pg.Pool | pg.PoolClient, caller: MissionCaller): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM member WHERE merchant_id = $1 AND id = $2 AND member_type <> $3', [caller.merchantId, caller.memberId, GUEST_MEMBER_TYPE]);
  return (result.rowCount ?? 0) > 0;
}

interface Standing {
  mission: queries.MissionRow;
  milestones: { row: queries.MilestoneRow; progress: number; claim: queries.ClaimRow | undefined; entry: MissionMilestone }[];
  summary: MissionSummary;
}

function milestoneEntry(row: queries.MilestoneRow, progress: number, claim: queries.ClaimRow | undefined, status: MissionSummary['status']): MissionMilestone {
  const claimed = claim?.claimedAtMs != null;
  return {
    milestoneId: row.id,
    kind: row.kind,
    target: onWire(row.kind, row.target),
    progress: onWire(row.kind, progress),
    state: milestoneStateOf(row.target, progress, claimed, status),
    reward: {
      kind: row.rewardKind,
      amount: row.rewardMinor === null ? null : minorToMajor(row.rewardMinor),
      tickets: row.rewardTickets,
      wageringMultiplier: row.wageringMultiplierX100 / 100,
    },
    claimedAt: claim?.claimedAtMs ?? null,
  };
}

/** The member's standing in each mission given (its milestones' progress and claims). */
async function standingsOf(db: pg.Pool | pg.PoolClient, caller: MissionCaller, missions: readonly queries.MissionRow[]): Promise<Standing[]> {
  const ids = missions.map((mission) => mission.id);
  const [milestones, claims, offsetMinutes] = await Promise.all([
    queries.selectMilestones(db, ids),
    queries.selectClaims(db, caller.memberId, ids),
    offsetMinutesOf(db, caller.merchantId),
  ]);
  return Promise.all(
    missions.map(async (mission) => {
      const status = statusOf(mission, caller.nowMs);
      const window = countedWindow(mission);
      const progress = await queries.selectProgress(db, { merchantId: caller.merchantId, memberId: caller.memberId, ...window, offsetMinutes });
      const own = milestones
        .filter((row) => row.missionId === mission.id)
        .map((row) => {
          const claim = claims.get(row.id);
          return { row, progress: progress[row.kind], claim, entry: milestoneEntry(row, progress[row.kind], claim, status) };
        });
      const states = own.map((milestone) => milestone.entry.state);
      const texts = textsOf(mission, caller.language);
      return {
        mission,
        milestones: own,
        summary: {
          missionId: mission.id,
          title: texts.title,
          description: texts.description,
          startTime: mission.startsAtMs,
          endTime: mission.endsAtMs,
          claimEndTime: mission.endsAtMs + CLAIM_GRACE_MS,
          status,
          device: mission.device,
          metric: mission.leaderboardMetric,
          milestoneCount: own.length,
          claimedCount: states.filter((state) => state === 'claimed').length,
          claimableCount: states.filter((state) => state === 'claimable').length,
          open: isOpen(status, states),
        },
      };
    }),
  );
}

async function visibleMissions(db: pg.Pool | pg.PoolClient, caller: MissionCaller): Promise<queries.MissionRow[]> {
  if (!(await memberIsReal(db, caller))) return [];
  const missions = await queries.selectMissions(db, caller.merchantId, { endedAfterMs: caller.nowMs - CLAIM_GRACE_MS - LISTED_AFTER_GRACE_MS });
  return missions.filter((mission) => visibleTo(mission, caller));
}

/** MCSFE_getMissionSummaryDetails: the member's missions (running first), and how many are open. */
export async function missionSummaryDetails(pool: pg.Pool, caller: MissionCaller, query: { status?: 'open' | 'all'; page?: number; size?: number }): Promise<MissionSummaryDetails> {
  const standings = await standingsOf(pool, caller, await visibleMissions(pool, caller));
  const ORDER = { ongoing: 0, claiming: 1, upcoming: 2, ended: 3 } as const;
  const all = standings.map((standing) => standing.summary).sort((a, b) => ORDER[a.status] - ORDER[b.status] || a.endTime - b.endTime || a.missionId - b.missionId);
  const openCount = all.filter((summary) => summary.open).length;
  const listed = query.status === 'open' ? all.filter((summary) => summary.open) : all;
  const size = query.size ?? 20;
  const page = query.page ?? 1;
  return { list: listed.slice((page - 1) * size, page * size), total: listed.length, totalPages: Math.ceil(listed.length / size), openCount };
}

/** One mission the member may see, or mission.not.found (another merchant's, paused, another device's, a guest). */
async function visibleMission(db: pg.Pool | pg.PoolClient, caller: MissionCaller, missionId: number, lock = false): Promise<queries.MissionRow> {
  const mission = await queries.selectMission(db, caller.merchantId, missionId, lock);
  if (!mission || !visibleTo(mission, caller) || !(await memberIsReal(db, caller))) throw new AppError(404, 'mission.not.found');
  return mission;
}

/** MCSFE_getMissionMilestones. */
export async function missionMilestones(pool: pg.Pool, caller: MissionCaller, missionId: number): Promise<MissionMilestones> {
  const [standing] = await standingsOf(pool, caller, [await visibleMission(pool, caller, missionId)]);
  return { mission: standing.summary, list: standing.milestones.map((milestone) => milestone.entry) };
}

/** MCSFE_getMissionRules. */
export async function missionRules(pool: pg.Pool, caller: MissionCaller, missionId: number): Promise<MissionRules> {
  const mission = await visibleMission(pool, caller, missionId);
  const [standing] = await standingsOf(pool, caller, [mission]);
  return { mission: standing.summary, rules: textsOf(mission, caller.language).rules, claimGraceHours: MISSION_CLAIM_GRACE_HOURS };
}

/** The leaderboard of a mission as it stands (or stood at its end): every member with a score, ranked. */
export async function rankingOf(db: pg.Pool | pg.PoolClient, mission: queries.MissionRow) {
  if (!mission.leaderboardMetric) return [];
  const window = countedWindow(mission);
  const scores = await queries.selectScores(db, { merchantId: mission.merchantId, metric: mission.leaderboardMetric, ...window });
  const names = new Map(scores.map((score) => [score.memberId, score.username]));
  return rankEntries(scores).map((entry) => ({ ...entry, username: names.get(entry.memberId) ?? '' }));
}

/** MCSFE_getMissionLeaderboard: the top ranks (names masked but the caller's), the prizes, and the caller's place. */
export async function missionLeaderboard(pool: pg.Pool, caller: MissionCaller, missionId: number): Promise<MissionLeaderboard> {
  const mission = await visibleMission(pool, caller, missionId);
  if (!mission.leaderboardMetric) throw new AppError(404, 'mission.not.found');
  const [ranked, prizes, payouts] = await Promise.all([rankingOf(pool, mission), queries.selectPrizes(pool, missionId), queries.selectPayouts(pool, missionId)]);
  const paid = mission.leaderboardPaidAtMs !== null;
  // Once paid, the prizes shown are what was paid; before, what each rank would win now.
  const prizeOfRank = new Map(paid ? payouts.map((payout) => [payout.rank, payout.amountMinor]) : prizes.map((prize) => [prize.rank, prize.amountMinor]));
  const prizeOf = (rank: number | null) => (rank !== null && prizeOfRank.has(rank) ? minorToMajor(prizeOfRank.get(rank)!) : null);
  const mine = ranked.find((entry) => entry.memberId === caller.memberId);
  return {
    missionId,
    metric: mission.leaderboardMetric,
    endTime: mission.endsAtMs,
    paid,
    list: ranked.slice(0, LEADERBOARD_ROWS).map((entry) => ({
      rank: entry.rank,
      username: entry.memberId === caller.memberId ? entry.username : maskUsername(entry.username),
      score: minorToMajor(entry.score),
      prize: prizeOf(entry.rank),
    })),
    prizes: prizes.map((prize) => ({ rank: prize.rank, amount: minorToMajor(prize.amountMinor) })),
    me: { rank: mine?.rank ?? null, score: minorToMajor(mine?.score ?? 0), prize: prizeOf(mine?.rank ?? null) },
  };
}

/** MCSFE_claimMissionRewards: pays a reached milestone's reward once, whatever the number of requests. */
export async function claimMissionReward(pool: pg.Pool, caller: PayingCaller, input: { missionId: number; milestoneId: number; claimLeaderboard?: boolean }): Promise<MissionClaimed> {
  if (input.claimLeaderboard) throw new AppError(409, 'mission.leaderboard.automatic');
  const paid = await withTransaction(pool, async (client) => {
    const mission = await visibleMission(client, caller, input.missionId);
    const [milestone] = (await queries.selectMilestones(client, [mission.id])).filter((row) => row.id === input.milestoneId);
    if (!milestone) throw new AppError(404, 'mission.milestone.not.found');
    const status = statusOf(mission, caller.nowMs);
    if (status === 'upcoming' || status === 'ended') throw new AppError(409, 'mission.claim.closed');
    const claim = await queries.lockClaim(client, { merchantId: caller.merchantId, missionId: mission.id, milestoneId: milestone.id, memberId: caller.memberId, nowMs: caller.nowMs });
    if (claim.claimedAtMs !== null) throw new AppError(409, 'mission.already.claimed');
    // Counted after the lock, inside the transaction: what the claim pays for is what it read.
    const window = countedWindow(mission);
    const progress = (await queries.selectProgress(client, { merchantId: caller.merchantId, memberId: caller.memberId, ...window, offsetMinutes: await offsetMinutesOf(client, caller.merchantId) }))[milestone.kind];
    if (progress < milestone.target) {
      throw new AppError(409, 'no_mission_claim', {}, milestoneEntry(milestone, progress, undefined, status));
    }
    if (milestone.rewardKind === 'tickets') {
      const tickets = milestone.rewardTickets!;
      await grantTickets(client, caller.secretsKey, { merchantId: caller.merchantId, memberId: caller.memberId, count: tickets, source: `mission:${claim.id}`, nowMs: caller.nowMs });
      await queries.markClaimed(client, claim.id, { progress, rewardMinor: null, requirementMinor: null, tickets, ledgerTransactionId: null, nowMs: caller.nowMs });
      return { paidMinor: 0, tickets, entry: milestoneEntry(milestone, progress, { ...claim, claimedAtMs: caller.nowMs }, status) };
    }
    const rewardMinor = milestone.rewardMinor!;
    const requirementMinor = requirementMinorOf(rewardMinor, milestone.wageringMultiplierX100);
    const house = await ensureHouseAccount(client, caller.merchantId, MISSION_HOUSE_ACCOUNT, caller.nowMs);
    const wallet = await ensureMemberAccount(client, caller.merchantId, caller.memberId, 'REAL', caller.nowMs);
    const posted = await postTransactionIn(client, {
      merchantId: caller.merchantId,
      idempotencyKey: `mission:milestone:${claim.id}`,
      kind: MISSION_KIND,
      unit: 'REAL',
      postings: [
        { accountId: house, amountMinor: -rewardMinor },
        { accountId: wallet, amountMinor: rewardMinor },
      ],
      nowMs: caller.nowMs,
      orderNo: `MS${mission.id}-${milestone.id}`,
      remark: textsOf(mission, caller.language).title.slice(0, 200),
      wageringRequirementMinor: requirementMinor,
    });
    await queries.markClaimed(client, claim.id, { progress, rewardMinor, requirementMinor, tickets: null, ledgerTransactionId: posted.transactionId, nowMs: caller.nowMs });
    return { paidMinor: posted.replayed ? 0 : rewardMinor, tickets: 0, entry: milestoneEntry(milestone, progress, { ...claim, claimedAtMs: caller.nowMs }, status) };
  });
  return { paid: minorToMajor(paid.paidMinor), tickets: paid.tickets, balance: minorToMajor(await memberBalanceMinor(pool, caller.merchantId, caller.memberId)), milestone: paid.entry };
}

export interface LeaderboardRunResult {
  missions: number;
  prizes: number;
  paidMinor: number;
}

/**
 * The job's run: every mission with a leaderboard that ended at least LEADERBOARD_SETTLE_MS ago
 * and is not paid yet gets its prizes paid, in one transaction per mission under the mission's
 * row lock: a second runner waits, then finds it paid. Each rank's payment has its own ledger key
 * (mission:leaderboard:<mission>:<rank>) and row, so nothing is ever paid twice. A paused mission
 * waits until it is resumed.
 */
export async function payDueLeaderboards(pool: pg.Pool, nowMs: number): Promise<LeaderboardRunResult> {
  const result: LeaderboardRunResult = { missions: 0, prizes: 0, paidMinor: 0 };
  for (const due of await queries.selectDueLeaderboards(pool, nowMs, LEADERBOARD_SETTLE_MS)) {
    await withTransaction(pool, async (client) => {
      const mission = await queries.selectMission(client, due.merchantId, due.id, true);
      if (!mission || mission.leaderboardPaidAtMs !== null || mission.paused) return;
      const prizes = await queries.selectPrizes(client, mission.id);
      const winners = prizeWinners(await rankingOf(client, mission), prizes);
      if (winners.length > 0) {
        const house = await ensureHouseAccount(client, mission.merchantId, MISSION_HOUSE_ACCOUNT, nowMs);
        for (const winner of winners) {
          const prize = prizes.find((row) => row.rank === winner.rank)!;
          const requirementMinor = requirementMinorOf(winner.amountMinor, prize.wageringMultiplierX100);
          const wallet = await ensureMemberAccount(client, mission.merchantId, winner.memberId, 'REAL', nowMs);
          const posted = await postTransactionIn(client, {
            merchantId: mission.merchantId,
            idempotencyKey: `mission:leaderboard:${mission.id}:${winner.rank}`,
            kind: MISSION_KIND,
            unit: 'REAL',
            postings: [
              { accountId: house, amountMinor: -winner.amountMinor },
              { accountId: wallet, amountMinor: winner.amountMinor },
            ],
            nowMs,
            orderNo: `ML${mission.id}-${winner.rank}`,
            remark: `${textsOf(mission, 'EN').title.slice(0, 180)} #${winner.rank}`,
            wageringRequirementMinor: requirementMinor,
          });
          await queries.insertPayout(client, { missionId: mission.id, ...winner, requirementMinor, ledgerTransactionId: posted.transactionId, nowMs });
          if (!posted.replayed) {
            result.prizes++;
            result.paidMinor += winner.amountMinor;
          }
        }
      }
      await queries.markLeaderboardPaid(client, mission.id, nowMs);
      result.missions++;
    });
  }
  return result;
}
