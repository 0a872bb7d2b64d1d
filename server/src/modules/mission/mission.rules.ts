import { MISSION_CLAIM_GRACE_HOURS, type MissionDevice, type MissionMilestoneState, type MissionStatus } from '@platform/contract';

// The rules of missions, pure (no database, no clock of their own): where a mission stands at an
// instant, where a member stands in a milestone, which missions count as open for the menu badge,
// the wagering a reward asks, who may see a mission, and the leaderboard's order and prizes. The
// service reads the facts (mission.queries.ts) and asks these; mission.rules.test.ts checks them
// over every input.

const HOUR_MS = 3_600_000;
export const CLAIM_GRACE_MS = MISSION_CLAIM_GRACE_HOURS * HOUR_MS;
/**
 * The leaderboard is paid this long after the end, not at once: a settlement that stamped its bets
 * just before the end has committed by then (the betting rebate waits the same for a day).
 */
export const LEADERBOARD_SETTLE_MS = 5 * 60_000;

export interface MissionWindow {
  startsAtMs: number;
  endsAtMs: number;
}

/** Where a mission stands at `nowMs`: before, inside, in its claim grace after the end, or over. */
export function statusOf(mission: MissionWindow, nowMs: number): MissionStatus {
  if (nowMs < mission.startsAtMs) return 'upcoming';
  if (nowMs < mission.endsAtMs) return 'ongoing';
  if (nowMs < mission.endsAtMs + CLAIM_GRACE_MS) return 'claiming';
  return 'ended';
}

/**
 * The instants progress is counted over: the mission's window (while it runs, nothing after now
 * exists yet; after its end, nothing later counts).
 */
export function countedWindow(mission: MissionWindow): { fromMs: number; toMs: number } {
  return { fromMs: mission.startsAtMs, toMs: mission.endsAtMs };
}

/** A member's standing in a milestone: its target, what is counted, and whether it was claimed. */
export function milestoneStateOf(target: number, progress: number, claimed: boolean, status: MissionStatus): MissionMilestoneState {
  if (claimed) return 'claimed';
  if (status === 'ended') return 'expired';
  if (progress >= target && (status === 'ongoing' || status === 'claiming')) return 'claimable';
  // After the end, a milestone not reached can no longer be.
  return status === 'claiming' ? 'expired' : 'progress';
}

/**
 * Whether the mission is open to the member (the menu badge counts these): it runs and has a
 * milestone not yet claimed, or it is in its claim grace with a milestone to claim.
 */
export function isOpen(status: MissionStatus, states: readonly MissionMilestoneState[]): boolean {
  if (status === 'ongoing') return states.some((state) => state !== 'claimed');
  if (status === 'claiming') return states.some((state) => state === 'claimable');
  return false;
}

/** The wagering a money reward asks: multiplier × the reward, rounded up to whole minor units. */
export function requirementMinorOf(rewardMinor: number, multiplierX100: number): number {
  return Math.ceil((rewardMinor * multiplierX100) / 100);
}

/** The client kind of a request's `Device` header: a phone's app or H5 page, or the web. */
export function deviceOf(header: string | undefined): 'web' | 'mobile' {
  const value = (header ?? '').trim().toLowerCase();
  return ['mobile', 'h5', 'android', 'ios', 'app', 'wap'].includes(value) ? 'mobile' : 'web';
}

/** Whether a mission for `mission` clients is for a request from `device`. */
export const deviceAllows = (mission: MissionDevice, device: 'web' | 'mobile'): boolean => mission === 'all' || mission === device;

export interface ScoreEntry {
  memberId: number;
  score: number;
  /** When the member's score reached its value (the last event counted): earlier ranks first on a tie. */
  reachedAtMs: number;
}

export interface RankedEntry extends ScoreEntry {
  rank: number;
}

/**
 * The leaderboard: members with a score above 0, highest first; a tie goes to whoever reached the
 * score first, then (same instant) to the lower member id, so every rank is one member's.
 */
export function rankEntries(entries: readonly ScoreEntry[]): RankedEntry[] {
  return entries
    .filter((entry) => entry.score > 0)
    .slice()
    .sort((a, b) => b.score - a.score || a.reachedAtMs - b.reachedAtMs || a.memberId - b.memberId)
    .map((entry, index) => ({ ...entry, rank: index + 1 }));
}

export interface RankPrize {
  rank: number;
  amountMinor: number;
}

/** Who wins which prize: each prize's rank, if a member holds it. */
export function prizeWinners(ranked: readonly RankedEntry[], prizes: readonly RankPrize[]): { rank: number; memberId: number; score: number; amountMinor: number }[] {
  const byRank = new Map(ranked.map((entry) => [entry.rank, entry]));
  return prizes
    .slice()
    .sort((a, b) => a.rank - b.rank)
    .flatMap((prize) => {
      const entry = byRank.get(prize.rank);
      return entry ? [{ rank: prize.rank, memberId: entry.memberId, score: entry.score, amountMinor: prize.amountMinor }] : [];
    });
}

/** A name on someone else's leaderboard: the first two and the last character, the rest hidden. */
export function maskUsername(username: string): string {
  const chars = Array.from(username);
  if (chars.length <= 3) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}
