// Where the help page is, in its address: the page keeps its section, category, article and deposit
// method in the query string, so any of them is a link a player or customer service can send
// (/help?category=Account&article=12, /help?tab=deposit&method=QR, /help?tab=speed).

/** The page's sections: the articles (the default), the deposit guide, the mirror speed test. */
export const HELP_TABS = ['articles', 'deposit', 'speed'] as const;
export type HelpTab = (typeof HELP_TABS)[number];

export interface HelpPlace {
  tab: HelpTab;
  /** The category shown (articles), or null for the first. */
  category: string | null;
  /** The article open (articles), or null. */
  article: number | null;
  /** The deposit method shown (deposit guide), or null for the first. */
  method: string | null;
}

const isTab = (value: string | null): value is HelpTab => (HELP_TABS as readonly (string | null)[]).includes(value);

/** The place a query string names; what it does not name (or names wrongly) is the default. */
export function helpPlaceOf(search: string): HelpPlace {
  const params = new URLSearchParams(search);
  const article = Number(params.get('article'));
  const tab = params.get('tab');
  return {
    tab: isTab(tab) ? tab : 'articles',
    category: params.get('category') || null,
    article: Number.isSafeInteger(article) && article > 0 ? article : null,
    method: params.get('method') || null,
  };
}

/** The query string of a place (the default section named by none, so /help stays /help). */
export function helpSearchOf(place: Partial<HelpPlace>): string {
  const params = new URLSearchParams();
  if (place.tab && place.tab !== 'articles') params.set('tab', place.tab);
  if (place.category) params.set('category', place.category);
  if (place.article) params.set('article', String(place.article));
  if (place.method) params.set('method', place.method);
  const text = params.toString();
  return text ? `?${text}` : '';
}
