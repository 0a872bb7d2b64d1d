import fc from 'fast-check';
import { CLAIM_GRACE_MS, isOpen, milestoneStateOf, prizeWinners, rankEntries, requirementMinorOf, statusOf, type ScoreEntry } from './mission.rules';

// The rules over every input, not just the worked examples: a leaderboard gives every member with
// a score exactly one rank, in order of score, ties to who reached it first; each prize goes to at
// most one member and a member wins at most one prize; a claimed milestone is never claimable
// again; a milestone is claimable only when reached, inside the window or its grace; the wagering
// asked is never less than the multiplier says.

const entries = fc.uniqueArray(
  fc.record({ memberId: fc.integer({ min: 1, max: 10_000 }), score: fc.integer({ min: 0, max: 1_000_000 }), reachedAtMs: fc.integer({ min: 0, max: 1_000 }) }),
  { selector: (entry: ScoreEntry) => entry.memberId, maxLength: 60 },
);

it('ranks each member with a score once, 1…n, by score then by who reached it first', () => {
  fc.assert(
    fc.property(entries, (list) => {
      const ranked = rankEntries(list);
      const scored = list.filter((entry) => entry.score > 0);
      if (ranked.length !== scored.length) return false;
      if (new Set(ranked.map((entry) => entry.memberId)).size !== ranked.length) return false;
      return ranked.every((entry, index) => {
        if (entry.rank !== index + 1) return false;
        const next = ranked[index + 1];
        if (!next) return true;
        return entry.score > next.score || (entry.score === next.score && (entry.reachedAtMs < next.reachedAtMs || (entry.reachedAtMs === next.reachedAtMs && entry.memberId < next.memberId)));
      });
    }),
  );
});

it('never depends on the order the scores were read in', () => {
  fc.assert(fc.property(entries, (list) => JSON.stringify(rankEntries(list)) === JSON.stringify(rankEntries(list.slice().reverse()))));
});

it('pays each prize to at most one member and each member at most one prize, only to ranked members', () => {
  fc.assert(
    fc.property(
      entries,
      fc.uniqueArray(fc.record({ rank: fc.integer({ min: 1, max: 100 }), amountMinor: fc.integer({ min: 1, max: 1_000_000 }) }), { selector: (prize) => prize.rank, maxLength: 20 }),
      (list, prizes) => {
        const ranked = rankEntries(list);
        const winners = prizeWinners(ranked, prizes);
        const members = winners.map((winner) => winner.memberId);
        return (
          new Set(members).size === members.length &&
          winners.length === prizes.filter((prize) => prize.rank <= ranked.length).length &&
          winners.every((winner) => ranked[winner.rank - 1].memberId === winner.memberId && winner.score > 0)
        );
      },
    ),
  );
});

it('never offers a claimed milestone again, and offers one only when reached inside the window or its grace', () => {
  const start = 1_000_000;
  const end = 2_000_000;
  fc.assert(
    fc.property(fc.integer({ min: 0, max: end + CLAIM_GRACE_MS * 2 }), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 2000 }), fc.boolean(), (nowMs, target, progress, claimed) => {
      const status = statusOf({ startsAtMs: start, endsAtMs: end }, nowMs);
      const state = milestoneStateOf(target, progress, claimed, status);
      if (claimed) return state === 'claimed';
      if (state === 'claimable') return progress >= target && nowMs >= start && nowMs < end + CLAIM_GRACE_MS;
      return !(progress >= target && nowMs >= start && nowMs < end + CLAIM_GRACE_MS);
    }),
  );
});

it('counts a mission open while it runs with something unclaimed, or in its grace with something to claim', () => {
  fc.assert(
    fc.property(fc.constantFrom('upcoming', 'ongoing', 'claiming', 'ended' as const), fc.array(fc.constantFrom('progress', 'claimable', 'claimed', 'expired' as const), { maxLength: 6 }), (status, states) => {
      const open = isOpen(status, states);
      if (status === 'upcoming' || status === 'ended' || states.every((state) => state === 'claimed')) return !open;
      return open === (status === 'ongoing' || states.includes('claimable'));
    }),
  );
});

it('asks at least the multiplier times the reward, in whole minor units, less than one unit over', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), (rewardMinor, multiplierX100) => {
      const asked = requirementMinorOf(rewardMinor, multiplierX100);
      return Number.isSafeInteger(asked) && asked * 100 >= rewardMinor * multiplierX100 && (asked - 1) * 100 < rewardMinor * multiplierX100;
    }),
  );
});
