// The dashboard's figures as GET /ops/v1/dashboard answers them (amounts in major units).

export interface DayFigures {
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

export interface Dashboard {
  from: string;
  to: string;
  totals: DayFigures & { byProduct: { product: string; stakes: number; wins: number; ggr: number }[] };
  days: (DayFigures & { day: string })[];
}

/** The dashboard reads its figures again this often while in view. */
export const DASHBOARD_REFRESH_MS = 30_000;

/** A period ending today: `days` days long (1: today), as the API's from/to dates in local time. */
export function periodEndingToday(days: number, now = new Date()): { from: string; to: string } {
  const iso = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  return { from: iso(start), to: iso(now) };
}

/** A chart's series: one line per figure named, over the period's days. */
export function seriesOf(dashboard: Dashboard, figures: readonly (keyof DayFigures)[]): { days: string[]; series: { figure: keyof DayFigures; values: number[] }[] } {
  return {
    days: dashboard.days.map((day) => day.day),
    series: figures.map((figure) => ({ figure, values: dashboard.days.map((day) => day[figure]) })),
  };
}
