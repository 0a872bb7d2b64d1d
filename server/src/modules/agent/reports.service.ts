import type { AgentIncome, AgentProfitLossRow, AgentTeamProfitLoss } from '@platform/contract';
import { isAgentMemberType } from '@platform/contract';
import type { Db } from '../../db/pool';
import { minorToMajor } from '../ledger';
import type { AgentCaller } from './agent-access';
import { readSalarySettings } from './salary.service';
import { AppError } from '../../http/envelope';
import { emptyMoney, memberMoneySql, type MoneyFigure, type MoneyTotals } from './team-money';

// Agent reports (legacy pages palStatementsAgentCopy, agentRevenueReport).

interface PnlMember {
  memberId: string;
  username: string;
  memberType: number;
  teamSize: string;
}

const rowOf = (member: PnlMember, money: MoneyTotals): AgentProfitLossRow => {
  const major = (figure: MoneyFigure) => minorToMajor(money[figure]);
  return {
    memberId: Number(member.memberId),
    username: member.username,
    accountType: isAgentMemberType(member.memberType) ? 'agent' : 'player',
    teamSize: Number(member.teamSize),
    deposits: major('deposits'),
    withdrawals: major('withdrawals'),
    bets: major('bets'),
    wins: major('wins'),
    rebates: major('rebates'),
    salaries: major('salaries'),
    promotions: major('promotions'),
    profitLoss: minorToMajor(money.wins + money.rebates + money.salaries + money.promotions - money.bets),
  };
};

/**
 * User loss (team P&L): the money of the period of a team — the caller's, or that of `headId`, a
 * member of the caller's downline the route has checked — in total and per direct downline of its
 * head (each with its own team), a page of direct downlines at a time (those with the most betting
 * first).
 */
export async function teamProfitLoss(db: Db, caller: AgentCaller, headId: number, startMs: number, endMs: number, page: number, size: number): Promise<AgentTeamProfitLoss> {
  const heads = await db.query<PnlMember & { depth: number }>(
    `SELECT m.id AS "memberId", m.username, m.member_type AS "memberType", t.depth,
            (SELECT count(*) FROM member_tree s WHERE s.ancestor_id = m.id) AS "teamSize"
       FROM member_tree t JOIN member m ON m.id = t.descendant_id
      WHERE t.ancestor_id = $1 AND m.merchant_id = $2 AND (m.id = $3 OR m.upline_id = $3)`,
    [caller.agentId, caller.merchantId, headId],
  );
  const head = heads.rows.find((row) => Number(row.memberId) === headId);
  if (!head) throw new AppError(404, 'agent.downline.unknown');
  // Per member of the head's team (itself included): which direct downline's team it is in.
  const money = await db.query<{ branch: string | null; figure: MoneyFigure; amount: string }>(
    `WITH members AS (SELECT descendant_id AS id FROM member_tree WHERE ancestor_id = $1),
     branch AS (
       SELECT t.descendant_id AS id, t.ancestor_id AS branch FROM member_tree t JOIN member d ON d.id = t.ancestor_id AND d.upline_id = $1
     )
     SELECT branch.branch, money.figure, sum(money.amount) AS amount
       FROM (${memberMoneySql('$2', '$3')}) money LEFT JOIN branch ON branch.id = money.member_id
      GROUP BY branch.branch, money.figure`,
    [headId, new Date(startMs), new Date(endMs)],
  );
  const team = emptyMoney();
  const byBranch = new Map<string, MoneyTotals>();
  for (const row of money.rows) {
    const amount = Number(row.amount);
    team[row.figure] += amount;
    if (row.branch !== null) {
      const branch = byBranch.get(row.branch) ?? emptyMoney();
      branch[row.figure] += amount;
      byBranch.set(row.branch, branch);
    }
  }
  const directs = heads.rows
    .filter((row) => Number(row.memberId) !== headId)
    .map((member) => ({ member, money: byBranch.get(member.memberId) ?? emptyMoney() }))
    .sort((a, b) => b.money.bets - a.money.bets || a.member.username.localeCompare(b.member.username));
  const { utcOffsetMinutes } = await readSalarySettings(db, caller.merchantId);
  return {
    utcOffsetMinutes,
    team: rowOf(head, team),
    list: directs.slice((page - 1) * size, page * size).map(({ member, money: figures }) => rowOf(member, figures)),
    totalPages: Math.ceil(directs.length / size),
  };
}

/** The ledger kinds of an agent's own income, by figure of My Income. */
const INCOME_KINDS: Record<Exclude<keyof AgentIncome['totals'], 'total'>, string> = {
  lotteryRebate: 'betting_rebate',
  agentRebate: 'agent_rebate',
  dividend: 'dividend',
  dailySalary: 'daily_salary',
  hourlySalary: 'hourly_salary',
  realtimeSalary: 'realtime_salary',
};
type IncomeFigure = keyof typeof INCOME_KINDS;

/** My income: what the ledger credited the caller in the period, by kind, in total and per day of the agent time zone. */
export async function agentIncome(db: Db, caller: AgentCaller, startMs: number, endMs: number): Promise<AgentIncome> {
  const { utcOffsetMinutes } = await readSalarySettings(db, caller.merchantId);
  const rows = await db.query<{ date: string; kind: string; amount: string }>(
    `SELECT to_char(t.created_at + make_interval(mins => $5), 'YYYY-MM-DD') AS date, t.kind, sum(p.amount_minor) AS amount
       FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id JOIN ledger_transaction t ON t.id = p.transaction_id
      WHERE a.member_id = $1 AND a.merchant_id = $2 AND t.kind = ANY($6::text[]) AND p.amount_minor > 0 AND t.created_at >= $3 AND t.created_at <= $4
      GROUP BY 1, 2`,
    [caller.agentId, caller.merchantId, new Date(startMs), new Date(endMs), utcOffsetMinutes, Object.values(INCOME_KINDS)],
  );
  const figureOf = new Map(Object.entries(INCOME_KINDS).map(([figure, kind]) => [kind, figure as IncomeFigure]));
  const empty = () => ({ lotteryRebate: 0, agentRebate: 0, dividend: 0, dailySalary: 0, hourlySalary: 0, realtimeSalary: 0, total: 0 });
  const totals = empty();
  const days = new Map<string, ReturnType<typeof empty>>();
  for (const row of rows.rows) {
    const figure = figureOf.get(row.kind);
    if (!figure) continue;
    const amount = Number(row.amount);
    const day = days.get(row.date) ?? empty();
    days.set(row.date, day);
    for (const entry of [day, totals]) {
      entry[figure] += amount;
      entry.total += amount;
    }
  }
  const major = (entry: ReturnType<typeof empty>) =>
    Object.fromEntries(Object.entries(entry).map(([key, value]) => [key, minorToMajor(value)])) as ReturnType<typeof empty>;
  return {
    utcOffsetMinutes,
    totals: major(totals),
    days: [...days.entries()].sort(([a], [b]) => b.localeCompare(a)).map(([date, entry]) => ({ date, ...major(entry) })),
  };
}
