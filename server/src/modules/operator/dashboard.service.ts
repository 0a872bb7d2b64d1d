import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { minorToMajor } from '../ledger';
import { readMerchantCurrency } from '../merchant';
import { PROFIT_KINDS } from '../profit';
import { readWithdrawSettings } from '../withdrawal';
import { DASHBOARD_PRODUCTS, selectDayMoney, selectPlaySums, type DashboardPeriod, type DashboardProduct, type DayMoney } from './dashboard.queries';

// The back office's dashboard: the merchant's figures per day of a period, and their totals.
//
// Days are the merchant's calendar days: UTC + timeZoneOffsetMinutes of its 'withdraw' setting
// (default +6 h, Dhaka), the days the rebate, points, missions and the profit and loss count in.
// Money is the house's view of members' real money, in major units as the operator API answers it
// (GET /deposits): deposits credited, withdrawals paid, stakes and wins of the settled play, ggr =
// stakes − wins, and bonusCost: what the house gave members — the ledger kinds the profit and loss
// counts as rebates, promotions and invitation rewards (profit module, PROFIT_KINDS: bonuses,
// promotions net of take-backs, the prize wheel, VIP bonuses and salaries, mission rewards, the
// point mall's money, betting rebates, invite-a-friend rewards). Agents' commissions (agent
// rebates, salaries, dividends) pay for a team's business, not a player's bonus: not counted.

/** A period is at most this many days (a quarter). */
export const DASHBOARD_MAX_DAYS = 92;

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The kinds counted as bonus cost (see above). */
export const BONUS_COST_KINDS: readonly string[] = Object.entries(PROFIT_KINDS)
  .filter(([, entry]) => entry.column === 'rebate' || entry.column === 'promotion' || entry.column === 'totalInvitationAmount')
  .map(([kind]) => kind);

/** 'YYYY-MM-DD' → its UTC midnight (epoch ms); undefined for a text that is no date (2026-02-30). */
function dateMs(text: string): number | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? ms : undefined;
}

const dateText = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

interface Figures {
  registrations: number;
  firstDeposits: number;
  depositCount: number;
  depositAmount: number;
  withdrawalCount: number;
  withdrawalAmount: number;
  activePlayers: number;
  stakes: number;
  wins: number;
  ggr: number;
  bonusCost: number;
}

export interface DashboardProductFigures {
  product: DashboardProduct;
  stakes: number;
  wins: number;
  ggr: number;
}

export interface Dashboard {
  from: string;
  to: string;
  /** The merchant's currency code (ISO 4217). */
  currency: string;
  totals: Figures & { byProduct: DashboardProductFigures[] };
  days: (Figures & { day: string })[];
}

const invalid = (detail: string) => new AppError(400, 'operator.period.invalid', { detail });

type Money = Omit<DayMoney, 'day'>;
const noMoney = (): Money => ({ registrations: 0, firstDeposits: 0, depositCount: 0, depositMinor: 0, withdrawalCount: 0, withdrawalMinor: 0, bonusMinor: 0 });
const noPlay = { stakeMinor: 0, winMinor: 0, activePlayers: 0 };

function figures(money: Money, play: { stakeMinor: number; winMinor: number; activePlayers: number }): Figures {
  return {
    registrations: money.registrations,
    firstDeposits: money.firstDeposits,
    depositCount: money.depositCount,
    depositAmount: minorToMajor(money.depositMinor),
    withdrawalCount: money.withdrawalCount,
    withdrawalAmount: minorToMajor(money.withdrawalMinor),
    activePlayers: play.activePlayers,
    stakes: minorToMajor(play.stakeMinor),
    wins: minorToMajor(play.winMinor),
    ggr: minorToMajor(play.stakeMinor - play.winMinor),
    bonusCost: minorToMajor(money.bonusMinor),
  };
}

/**
 * The figures of [from, to] (days YYYY-MM-DD, both included; default: the merchant's today, a
 * missing `from` is `to`, a missing `to` today), or of the last `days` days of the merchant's
 * calendar ending today (what a back office in another time zone asks for "today" or "the last
 * 7 days": its own calendar may already be on another day). Refused (400 operator.period.invalid): a text
 * that is no date, `from` after `to`, more than DASHBOARD_MAX_DAYS days. Two queries, whatever
 * the length of the period.
 */
export async function dashboardOf(db: Db, input: { merchantId: number; from?: string; to?: string; days?: number; nowMs: number }): Promise<Dashboard> {
  const { timeZoneOffsetMinutes } = await readWithdrawSettings(db, input.merchantId);
  const offsetMs = timeZoneOffsetMinutes * 60_000;
  const today = dateText(input.nowMs + offsetMs);
  if (input.days !== undefined && (input.from !== undefined || input.to !== undefined)) throw invalid('days or from/to, not both');
  const toDay = input.to ?? today;
  const fromDay = input.days !== undefined ? dateText(dateMs(today)! - (input.days - 1) * 86_400_000) : (input.from ?? input.to ?? today);
  const fromMidnight = dateMs(fromDay);
  const toMidnight = dateMs(toDay);
  if (fromMidnight === undefined) throw invalid(`from is not a date (YYYY-MM-DD): ${fromDay}`);
  if (toMidnight === undefined) throw invalid(`to is not a date (YYYY-MM-DD): ${toDay}`);
  if (fromMidnight > toMidnight) throw invalid('from is after to');
  if ((toMidnight - fromMidnight) / DAY_MS + 1 > DASHBOARD_MAX_DAYS) throw invalid(`at most ${DASHBOARD_MAX_DAYS} days`);

  const period: DashboardPeriod = {
    merchantId: input.merchantId,
    fromMs: fromMidnight - offsetMs,
    toMs: toMidnight + DAY_MS - offsetMs,
    fromDay,
    toDay,
    offsetMinutes: timeZoneOffsetMinutes,
  };
  const [money, play, currency] = await Promise.all([selectDayMoney(db, period, BONUS_COST_KINDS), selectPlaySums(db, period), readMerchantCurrency(db, input.merchantId)]);

  const playOfDay = new Map(play.filter((row) => row.day !== null && row.product === null).map((row) => [row.day, row]));
  const wholePlay = play.find((row) => row.day === null && row.product === null) ?? noPlay;
  const totalMoney = noMoney();
  for (const day of money) {
    for (const key of Object.keys(totalMoney) as (keyof Money)[]) totalMoney[key] += day[key];
  }
  const byProduct = DASHBOARD_PRODUCTS.map((product) => {
    const rows = play.filter((row) => row.day !== null && row.product === product);
    const stakeMinor = rows.reduce((sum, row) => sum + row.stakeMinor, 0);
    const winMinor = rows.reduce((sum, row) => sum + row.winMinor, 0);
    return { product, stakes: minorToMajor(stakeMinor), wins: minorToMajor(winMinor), ggr: minorToMajor(stakeMinor - winMinor) };
  });
  return {
    from: fromDay,
    to: toDay,
    currency: currency.code,
    totals: { ...figures(totalMoney, wholePlay), byProduct },
    days: money.map(({ day, ...rest }) => ({ day, ...figures(rest, playOfDay.get(day) ?? noPlay) })),
  };
}
