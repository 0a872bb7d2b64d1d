/**
 * The language this tab's player closed the promo bar in (sessionStorage): it stays closed for the
 * rest of the tab session in that language, and shows again after a language change.
 */
export const PROMO_BAR_CLOSED_KEY = 'promoBarClosed';

export function closedInLanguage(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(PROMO_BAR_CLOSED_KEY) ?? null;
  } catch {
    return null;
  }
}

export function rememberClosed(language: string): void {
  try {
    globalThis.sessionStorage?.setItem(PROMO_BAR_CLOSED_KEY, language);
  } catch {
    // Storage refused: closed for this page only.
  }
}

export function forgetClosed(): void {
  try {
    globalThis.sessionStorage?.removeItem(PROMO_BAR_CLOSED_KEY);
  } catch {
    // Storage refused: nothing was kept either.
  }
}
