import type { HelpCenterEntry } from '@platform/shared';

/** The help centre's articles of one category, in the order the operator gave them. */
export interface HelpCategory {
  /** The category's name as the operator wrote it (the server's text, not a translation key). */
  category: string;
  articles: HelpCenterEntry[];
}

/**
 * The help-centre list (GET /wps/system/helpCenter, in the operator's order) grouped by category:
 * categories in the order of their first article, articles in their own order within each.
 */
export function groupHelpArticles(list: readonly HelpCenterEntry[]): HelpCategory[] {
  const groups = new Map<string, HelpCenterEntry[]>();
  for (const article of list) {
    const category = article.category.trim();
    const articles = groups.get(category);
    if (articles) articles.push(article);
    else groups.set(category, [article]);
  }
  return [...groups].map(([category, articles]) => ({ category, articles }));
}
