/** The rebate settings an agent may give (agentRebateSettingsCall's answer). */
export interface RebateRange {
  ownSeries: number;
  minSeries: number;
  maxSeries: number;
}

/** Settings are offered in steps of this many series. */
export const SERIES_STEP = 10;

export interface RebateOption {
  series: number;
  /** The rebate the setting leaves the member, in hundredths of a percent: (maxSeries − series) / 20 %. */
  rebateHundredthsPercent: number;
}

/**
 * The settings a downline may get, highest first: minSeries up to the agent's own in steps of 10,
 * the agent's own always among them. None when the agent's own is below the merchant's lowest.
 */
export function rebateOptions({ ownSeries, minSeries, maxSeries }: RebateRange): RebateOption[] {
  const series: number[] = [];
  for (let value = minSeries; value <= ownSeries; value += SERIES_STEP) series.push(value);
  if (ownSeries >= minSeries && series[series.length - 1] !== ownSeries) series.push(ownSeries);
  // (maxSeries − series) / 20 % is (maxSeries − series) × 5 hundredths of a percent: exact in integers.
  return series.reverse().map((value) => ({ series: value, rebateHundredthsPercent: Math.max(0, maxSeries - value) * 5 }));
}

/** Hundredths of a percent as text with two decimals: 250 → "2.50". */
export const percentText = (hundredths: number): string => `${Math.trunc(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;

/** A setting as the selects and lists show it: "1950 (2.50%)". */
export const rebateLabel = (series: number, maxSeries: number): string => `${series} (${percentText(Math.max(0, maxSeries - series) * 5)}%)`;
