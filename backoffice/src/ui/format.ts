// Figures as the operator reads them: amounts in major units with two decimals (the operator API
// answers money in major units), times in the browser's time zone.

export function formatAmount(amount: number | null | undefined, locale: string): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '–';
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}

export function formatCount(count: number | null | undefined, locale: string): string {
  if (count === null || count === undefined || !Number.isFinite(count)) return '–';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(count);
}

export function formatTime(epochMs: number | null | undefined, locale: string): string {
  if (!epochMs) return '–';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(new Date(epochMs));
}
