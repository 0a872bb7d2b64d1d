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

/**
 * The period asked for: the last `days` days of the merchant's calendar (the server's: the browser
 * may be in another time zone, already on another day), or the days chosen.
 */
export type DashboardPeriod = { days: number } | { from: string; to: string };

/** A chart's series: one line per figure named, over the period's days. */
export function seriesOf(dashboard: Dashboard, figures: readonly (keyof DayFigures)[]): { days: string[]; series: { figure: keyof DayFigures; values: number[] }[] } {
  return {
    days: dashboard.days.map((day) => day.day),
    series: figures.map((figure) => ({ figure, values: dashboard.days.map((day) => day[figure]) })),
  };
}
