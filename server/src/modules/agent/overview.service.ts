import type { AgentTeamOverview } from '@platform/contract';
import type { Db } from '../../db/pool';
import { minorToMajor } from '../ledger';
import type { AgentCaller } from './agent-access';
import { PROMOTION_CREDIT_KINDS } from './team-money';
import { readSalarySettings } from './salary.service';

// The team overview (legacy page agentTeamOverview): the agent's whole downline now, and its
// activity over a period, per day of the merchant's agent time zone. Every figure is read from
// where it happens (sessions, registrations, credited deposits, paid withdrawals, settled lottery
// bets and game rounds, bonus credits in the ledger), one query bucketed by day.

type Figure = keyof AgentTeamOverview['totals'];
const COUNT_FIGURES = new Set<Figure>(['logins', 'registrations', 'firstDeposits', 'firstBets', 'depositCount', 'betCount']);
const EMPTY = (): AgentTeamOverview['totals'] => ({
  logins: 0, registrations: 0, firstDeposits: 0, firstBets: 0, deposits: 0, depositCount: 0, withdrawals: 0, bets: 0, betCount: 0, wins: 0, promotions: 0,
});

const DAY_MS = 86_400_000;

export async function teamOverview(db: Db, caller: AgentCaller, startMs: number, endMs: number, nowMs: number): Promise<AgentTeamOverview> {
  const { utcOffsetMinutes } = await readSalarySettings(db, caller.merchantId);
  const now = await db.query<{ teamSize: number; directCount: number; online: number; balance: string }>(
    `WITH team AS (SELECT descendant_id AS id, depth FROM member_tree WHERE ancestor_id = $1 AND depth >= 1)
     SELECT count(*)::int AS "teamSize", count(*) FILTER (WHERE depth = 1)::int AS "directCount",
            (SELECT count(DISTINCT s.member_id)::int FROM member_session s JOIN team ON team.id = s.member_id
              WHERE s.revoked_at IS NULL AND s.idle_expires_at > $2 AND s.absolute_expires_at > $2) AS online,
            (SELECT COALESCE(sum(a.balance_minor), 0) FROM ledger_account a JOIN team ON team.id = a.member_id WHERE a.kind = 'member_main') AS balance
       FROM team`,
    [caller.agentId, new Date(nowMs)],
  );
  const rows = await db.query<{ date: string; figure: string; n: string; amount: string }>(
    `WITH team AS (SELECT descendant_id AS id FROM member_tree WHERE ancestor_id = $1 AND depth >= 1),
     events (at, figure, n, amount) AS (
       SELECT s.created_at, 'logins', 1, 0::bigint FROM member_session s JOIN team ON team.id = s.member_id WHERE s.created_at >= $2 AND s.created_at < $3
       UNION ALL SELECT m.created_at, 'registrations', 1, 0 FROM member m JOIN team ON team.id = m.id WHERE m.created_at >= $2 AND m.created_at < $3
       UNION ALL SELECT d.settled_at, 'deposits', 1, d.credited_minor FROM deposit d JOIN team ON team.id = d.member_id
                  WHERE d.credited_minor IS NOT NULL AND d.settled_at >= $2 AND d.settled_at < $3
       UNION ALL SELECT f.first_at, 'firstDeposits', 1, 0 FROM (
                  SELECT d.member_id, min(d.settled_at) AS first_at FROM deposit d JOIN team ON team.id = d.member_id WHERE d.credited_minor IS NOT NULL GROUP BY d.member_id
                ) f WHERE f.first_at >= $2 AND f.first_at < $3
       UNION ALL SELECT w.decided_at, 'withdrawals', 1, w.amount_minor FROM withdrawal w JOIN team ON team.id = w.member_id
                  WHERE w.status = 'paid' AND w.decided_at >= $2 AND w.decided_at < $3
       UNION ALL SELECT r.settled_at, 'bets', 1, b.amount_minor FROM lottery_bet b JOIN team ON team.id = b.member_id
                  JOIN lottery_round r ON r.id = b.round_id AND r.state = 'settled' AND r.settled_at >= $2 AND r.settled_at < $3
                  WHERE lottery_bet_state(b.state, r.state) IN ('won', 'lost')
       UNION ALL SELECT r.started_at, 'bets', 1, r.valid_bet_minor FROM game_round r JOIN team ON team.id = r.member_id WHERE r.started_at >= $2 AND r.started_at < $3
       UNION ALL SELECT r.settled_at, 'wins', 0, b.prize_minor FROM lottery_bet b JOIN team ON team.id = b.member_id
                  JOIN lottery_round r ON r.id = b.round_id AND r.state = 'settled' AND r.settled_at >= $2 AND r.settled_at < $3
                  WHERE b.state = 'won'
       UNION ALL SELECT r.started_at, 'wins', 0, r.win_minor FROM game_round r JOIN team ON team.id = r.member_id WHERE r.started_at >= $2 AND r.started_at < $3 AND r.win_minor > 0
       UNION ALL SELECT f.first_at, 'firstBets', 1, 0 FROM (
                  SELECT member_id, min(at) AS first_at FROM (
                    SELECT b.member_id, b.created_at AS at FROM lottery_bet b JOIN team ON team.id = b.member_id
                    UNION ALL SELECT r.member_id, r.started_at FROM game_round r JOIN team ON team.id = r.member_id
                  ) x GROUP BY member_id
                ) f WHERE f.first_at >= $2 AND f.first_at < $3
       UNION ALL SELECT t.created_at, 'promotions', 1, p.amount_minor FROM ledger_posting p
                  JOIN ledger_account a ON a.id = p.account_id JOIN team ON team.id = a.member_id JOIN ledger_transaction t ON t.id = p.transaction_id
                  WHERE t.kind = ANY ($5::text[]) AND a.unit = 'REAL' AND p.amount_minor > 0 AND t.created_at >= $2 AND t.created_at < $3
     )
     SELECT to_char(at + make_interval(mins => $4), 'YYYY-MM-DD') AS date, figure, sum(n) AS n, sum(amount) AS amount FROM events GROUP BY 1, 2`,
    [caller.agentId, new Date(startMs), new Date(endMs), utcOffsetMinutes, PROMOTION_CREDIT_KINDS],
  );
  // Every day of the period, oldest first, zeros where nothing happened.
  const offsetMs = utcOffsetMinutes * 60_000;
  const days = new Map<string, AgentTeamOverview['days'][number]>();
  for (let day = Math.floor((startMs + offsetMs) / DAY_MS) * DAY_MS; day < endMs + offsetMs; day += DAY_MS) {
    const date = new Date(day).toISOString().slice(0, 10);
    days.set(date, { date, ...EMPTY() });
  }
  const totals = EMPTY();
  for (const row of rows.rows) {
    const figure = row.figure as Figure;
    const day = days.get(row.date) ?? { date: row.date, ...EMPTY() };
    days.set(row.date, day);
    const add = (key: Figure, value: number) => {
      day[key] += value;
      totals[key] += value;
    };
    if (COUNT_FIGURES.has(figure)) add(figure, Number(row.n));
    else add(figure, minorToMajor(Number(row.amount)));
    if (figure === 'deposits') add('depositCount', Number(row.n));
    if (figure === 'bets') add('betCount', Number(row.n));
  }
  const round = (value: number) => Math.round(value * 100) / 100;
  for (const entry of [totals, ...days.values()] as Record<string, number | string>[]) {
    for (const [key, value] of Object.entries(entry)) if (typeof value === 'number') entry[key] = round(value);
  }
  const team = now.rows[0];
  return {
    teamSize: team.teamSize,
    directCount: team.directCount,
    onlineUsers: team.online,
    totalBalance: minorToMajor(Number(team.balance)),
    utcOffsetMinutes,
    totals,
    days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
  };
}
