import { EmptyState, Link, Spinner, useCall, useNavigate, useT } from '@platform/shared';
import type { HelpCenterEntry } from '@platform/contract';
import { useSanitizedHtml } from '@platform/shared/sanitize-html';
import { LoadError } from '@platform/ui-blocks';
import { useEffect, useId, useMemo, useState } from 'react';
import { loadHelpCentre } from './help-api';
import { helpSearchOf } from './help-links';
import { groupByCategory, searchable, searchArticles, type HelpCategory } from './help-search';
import styles from './help.module.css';
import { NAMESPACE } from './translations';

const linkTo = (article: HelpCenterEntry) => ({ search: helpSearchOf({ category: article.category.trim(), article: article.id }) });

/** An article's HTML, sanitized before it is shown (the server sanitizes it too; the page never trusts that alone). */
function ArticleContent({ html }: { html: string }) {
  const { t } = useT(NAMESPACE);
  const sanitized = useSanitizedHtml(html);
  if (sanitized.status !== 'ready') return sanitized.status === 'loading' ? <Spinner size="sm" /> : <p className={styles.muted}>{t('article_failed')}</p>;
  return <div className={styles.content} data-testid="help-article-content" dangerouslySetInnerHTML={{ __html: sanitized.html }} />;
}

/** One article as a page of its own: its category, title, content and the others of its category. */
function ArticleView({ article, group }: { article: HelpCenterEntry; group: HelpCategory | undefined }) {
  const { t } = useT(NAMESPACE);
  const headingId = useId();
  const others = group?.articles.filter((other) => other.id !== article.id) ?? [];
  return (
    <article className={styles.article} aria-labelledby={headingId} data-testid="help-article" data-article-id={article.id}>
      <Link to={{ search: helpSearchOf({ category: article.category.trim() }) }} className={styles.back} data-testid="help-back">
        {t('back_to_category', { category: article.category.trim() })}
      </Link>
      <h2 id={headingId} className={styles.articleTitle}>
        {article.title}
      </h2>
      <ArticleContent html={article.content} />
      {others.length > 0 && (
        <nav className={styles.related} aria-label={t('more_in_category')}>
          <h3 className={styles.relatedTitle}>{t('more_in_category')}</h3>
          <ul className={styles.linkList}>
            {others.map((other) => (
              <li key={other.id}>
                <Link to={linkTo(other)} className={styles.articleLink}>
                  {other.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </article>
  );
}

/** A category's articles as links. */
function CategoryView({ group }: { group: HelpCategory }) {
  const headingId = useId();
  return (
    <section className={styles.categoryView} aria-labelledby={headingId} data-testid="help-category">
      <h2 id={headingId} className={styles.articleTitle}>
        {group.category}
      </h2>
      <ul className={styles.linkList}>
        {group.articles.map((article) => (
          <li key={article.id}>
            <Link to={linkTo(article)} className={styles.articleLink} data-testid="help-article-link">
              {article.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What a search found, across every category. */
function SearchResults({ query, results }: { query: string; results: HelpCenterEntry[] }) {
  const { t } = useT(NAMESPACE);
  return (
    <section className={styles.categoryView} aria-label={t('results_label')} data-testid="help-results">
      <p className={styles.muted} role="status">
        {t('results_count', { count: results.length })}
      </p>
      {results.length === 0 ? (
        <EmptyState title={t('no_results', { query: query.trim() })} description={t('no_results_hint')} />
      ) : (
        <ul className={styles.linkList}>
          {results.map((article) => (
            <li key={article.id}>
              <Link to={linkTo(article)} className={styles.articleLink} data-testid="help-result">
                <span>{article.title}</span>
                <span className={styles.resultCategory}>{article.category.trim()}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export interface HelpArticlesProps {
  /** The category the address names, or null (the open article's, else the first). */
  category: string | null;
  /** The article the address opens, or null. */
  articleId: number | null;
}

/**
 * The help-centre articles as pages: a search box and the categories beside (on a phone: above) a
 * category's articles, an open article, or what the search found. Opening an article (a link, a
 * deep link) shows it from the top of the page.
 */
export function HelpArticles({ category, articleId }: HelpArticlesProps) {
  const { t } = useT(NAMESPACE);
  const navigate = useNavigate();
  // Asked again on a language change, as every call.
  const help = useCall((signal) => loadHelpCentre(signal), []);
  const list = help.status === 'success' ? help.data : null;
  const groups = useMemo(() => (list ? groupByCategory(list) : []), [list]);
  const index = useMemo(() => (list ? searchable(list) : []), [list]);
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchArticles(index, query), [index, query]);
  const open = articleId === null ? undefined : list?.find((article) => article.id === articleId);
  const selected = groups.find((group) => group.category === (open ? open.category.trim() : category)) ?? (category === null ? groups[0] : undefined);

  const openId = open?.id;
  useEffect(() => {
    // An article opened from a list further down the page starts at its top, like a new page.
    if (openId !== undefined) window.scrollTo({ top: 0 });
  }, [openId]);

  const onSearch = (text: string) => {
    setQuery(text);
    // Typing while an article is open goes back to the results.
    if (articleId !== null && text.trim()) navigate({ search: helpSearchOf({ category: open?.category.trim() ?? category }) }, { replace: true });
  };

  if (help.status === 'error') return <LoadError title={t('load_failed')} error={help.error} onRetry={help.refresh} testId="help-load-error" />;
  if (!list) {
    return (
      <div className={styles.loading} aria-busy="true">
        <Spinner />
      </div>
    );
  }
  if (list.length === 0) return <EmptyState title={t('empty')} />;

  const searching = !open && query.trim() !== '';
  return (
    <div className={styles.articles}>
      <div className={styles.sidebar}>
        <label className={styles.search}>
          <span className={styles.visuallyHidden}>{t('search_label')}</span>
          <input
            className={styles.input}
            type="search"
            value={query}
            placeholder={t('search_placeholder')}
            onChange={(event) => onSearch(event.target.value)}
            data-testid="help-search"
          />
        </label>
        <nav aria-label={t('categories')}>
          <ul className={styles.categories}>
            {groups.map((group) => {
              const current = !searching && group === selected;
              return (
                <li key={group.category}>
                  <Link
                    to={{ search: helpSearchOf({ category: group.category }) }}
                    className={current ? `${styles.categoryLink} ${styles.current}` : styles.categoryLink}
                    aria-current={current ? 'page' : undefined}
                    onClick={() => setQuery('')}
                    data-testid="help-category-link"
                  >
                    {group.category || t('uncategorised')}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      <div className={styles.main}>
        {open ? (
          <ArticleView article={open} group={selected} />
        ) : searching ? (
          <SearchResults query={query} results={results} />
        ) : articleId !== null || !selected ? (
          <EmptyState title={articleId !== null ? t('article_missing') : t('category_missing')} description={t('pick_another')} />
        ) : (
          <CategoryView group={selected} />
        )}
      </div>
    </div>
  );
}
