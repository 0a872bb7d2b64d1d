// The money of a set of members over a period, by figure, read from where it happens: credited
// deposits, paid withdrawals, valid bets and wins (lottery bets settled won or lost, game rounds
// started), and the ledger's credits to them by kind (rebates, salaries, promotions; a bonus taken
// back because it was not wagered in time is a debit that lowers the promotions). Shared by
// the team P&L report and dividend settlement, so both count a team's money the same way.

export const MONEY_FIGURES = ['deposits', 'withdrawals', 'bets', 'wins', 'rebates', 'salaries', 'promotions'] as const;
export type MoneyFigure = (typeof MONEY_FIGURES)[number];

/**
 * Ledger kinds of the house's rewards to members, counted as promotions: bonuses, the prize wheel,
 * the VIP programme's upgrade bonus and salary, mission rewards, and the point mall's money (an
 * item of money, a bonus to wager, points converted). One list for every report that counts them.
 */
export const PROMOTION_CREDIT_KINDS: readonly string[] = [
  'bonus', 'promotion', 'prize_wheel', 'vip_upgrade_bonus', 'vip_salary', 'mission_reward', 'point_mall_credit', 'point_mall_bonus', 'point_convert',
];

/** Ledger kinds credited to members, by the figure they count in. */
const LEDGER_FIGURES: Record<'rebates' | 'salaries' | 'promotions', readonly string[]> = {
  rebates: ['betting_rebate', 'product_rebate', 'agent_rebate'],
  salaries: ['dividend', 'daily_salary', 'hourly_salary', 'realtime_salary'],
  promotions: [...PROMOTION_CREDIT_KINDS, 'promotion_takeback'],
};
/** Kinds that take money back from members: their debits count, lowering their figure. */
const TAKE_BACK_KINDS = ['promotion_takeback'];

const ledgerCase = Object.entries(LEDGER_FIGURES)
  .map(([figure, kinds]) => `WHEN t.kind IN (${kinds.map((kind) => `'${kind}'`).join(', ')}) THEN '${figure}'`)
  .join(' ');
const ledgerKinds = Object.values(LEDGER_FIGURES)
  .flat()
  .map((kind) => `'${kind}'`)
  .join(', ');

/**
 * A SELECT of (member_id, figure, amount) rows — one per event, amounts in minor units — for the
 * members of a CTE named `members (id)` that the caller defines, between the timestamptz
 * parameters `start` (inclusive) and `end` (exclusive), e.g. memberMoneySql('$2', '$3').
 */
export function memberMoneySql(start: string, end: string): string {
  return `
    SELECT d.member_id, 'deposits' AS figure, d.credited_minor AS amount FROM deposit d JOIN members ON members.id = d.member_id
     WHERE d.credited_minor IS NOT NULL AND d.settled_at >= ${start} AND d.settled_at < ${end}
    UNION ALL SELECT w.member_id, 'withdrawals', w.amount_minor FROM withdrawal w JOIN members ON members.id = w.member_id
     WHERE w.status = 'paid' AND w.decided_at >= ${start} AND w.decided_at < ${end}
    UNION ALL SELECT b.member_id, 'bets', b.amount_minor FROM lottery_bet b JOIN members ON members.id = b.member_id
      JOIN lottery_round lr ON lr.id = b.round_id AND lr.state = 'settled' AND lr.settled_at >= ${start} AND lr.settled_at < ${end}
     WHERE lottery_bet_state(b.state, lr.state) IN ('won', 'lost')
    UNION ALL SELECT b.member_id, 'wins', b.prize_minor FROM lottery_bet b JOIN members ON members.id = b.member_id
      JOIN lottery_round lr ON lr.id = b.round_id AND lr.state = 'settled' AND lr.settled_at >= ${start} AND lr.settled_at < ${end}
     WHERE b.state = 'won'
    UNION ALL SELECT r.member_id, 'bets', r.valid_bet_minor FROM game_round r JOIN members ON members.id = r.member_id
     WHERE r.started_at >= ${start} AND r.started_at < ${end}
    UNION ALL SELECT r.member_id, 'wins', r.win_minor FROM game_round r JOIN members ON members.id = r.member_id
     WHERE r.started_at >= ${start} AND r.started_at < ${end} AND r.win_minor > 0
    UNION ALL SELECT a.member_id, CASE ${ledgerCase} END, p.amount_minor
      FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id JOIN members ON members.id = a.member_id
      JOIN ledger_transaction t ON t.id = p.transaction_id
     WHERE t.kind IN (${ledgerKinds}) AND a.unit = 'REAL' AND (p.amount_minor > 0 OR t.kind IN (${TAKE_BACK_KINDS.map((kind) => `'${kind}'`).join(', ')}))
       AND t.created_at >= ${start} AND t.created_at < ${end}`;
}

export type MoneyTotals = Record<MoneyFigure, number>;

export const emptyMoney = (): MoneyTotals => ({ deposits: 0, withdrawals: 0, bets: 0, wins: 0, rebates: 0, salaries: 0, promotions: 0 });
