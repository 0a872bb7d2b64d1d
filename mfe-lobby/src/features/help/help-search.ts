import type { HelpCenterEntry } from '@platform/contract';

// The help page's search runs in the browser over the articles it already has: the help centre is
// a short list, and a player types in their own language with or without its accents, so "dang
// ky" finds "Đăng ký" and "REGISTER" finds "register".

/** Combining accents as NFD splits them off Latin letters (Vietnamese, Indonesian, French names). */
const LATIN_ACCENTS = /[\u0300-\u036f]/g;

/**
 * `text` as the search compares it: accents off Latin letters (đ, which NFD does not split, as d),
 * lower case, runs of spaces as one. Other scripts (Bengali, Thai, Chinese) are kept as they are:
 * their marks are letters' parts, not accents a player leaves out.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(LATIN_ACCENTS, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The words of an article's HTML. An inert document (DOMParser runs no script and loads no image)
 * gives the text with its entities decoded; without one, the tags are dropped.
 */
export function htmlText(html: string): string {
  if (typeof DOMParser === 'function') return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return html.replace(/<[^>]*>/g, ' ');
}

/** An article with its title and body folded once, for the searches typed after it loaded. */
export interface SearchableArticle {
  article: HelpCenterEntry;
  title: string;
  body: string;
}

export function searchable(list: readonly HelpCenterEntry[]): SearchableArticle[] {
  return list.map((article) => ({ article, title: foldText(article.title), body: foldText(htmlText(article.content)) }));
}

/**
 * The articles whose title or body has every word of `query` (in any order), those with all of
 * them in the title first, each group in the operator's order. An empty query matches nothing: the
 * page shows its categories then.
 */
export function searchArticles(articles: readonly SearchableArticle[], query: string): HelpCenterEntry[] {
  const words = foldText(query).split(' ').filter(Boolean);
  if (words.length === 0) return [];
  const inTitle: HelpCenterEntry[] = [];
  const inBody: HelpCenterEntry[] = [];
  for (const { article, title, body } of articles) {
    if (words.every((word) => title.includes(word))) inTitle.push(article);
    else if (words.every((word) => title.includes(word) || body.includes(word))) inBody.push(article);
  }
  return [...inTitle, ...inBody];
}

/** The help centre's articles of one category, in the operator's order. */
export interface HelpCategory {
  /** The category's name as the operator wrote it (the server's text, not a translation key). */
  category: string;
  articles: HelpCenterEntry[];
}

/**
 * The list grouped by category, as the header's help modal groups it: categories in the order of
 * their first article, articles in their own order within each.
 */
export function groupByCategory(list: readonly HelpCenterEntry[]): HelpCategory[] {
  const groups = new Map<string, HelpCenterEntry[]>();
  for (const article of list) {
    const category = article.category.trim();
    const articles = groups.get(category);
    if (articles) articles.push(article);
    else groups.set(category, [article]);
  }
  return [...groups].map(([category, articles]) => ({ category, articles }));
}
