import { api, EmptyState, Link, Modal, Spinner, useCall, useT, type HelpCenterEntry } from '@platform/shared';
import { helpCenterCall } from '@platform/contract';
import { useSanitizedHtml } from '@platform/shared/sanitize-html';
import { LoadError } from '@platform/ui-blocks';
import { useId, useMemo, useState } from 'react';
import { groupHelpArticles, type HelpCategory } from '../help-articles';
import styles from './help-modal.module.css';

export interface HelpModalProps {
  onClose: () => void;
}

/** The modal shows its own error state with a retry: no toast besides. */
const HELP_CENTER = { ...helpCenterCall, quiet: true } as const;

/** The full help centre, linked from the modal (route /help). */
export const HELP_PAGE_PATH = '/help';

/** An article's HTML, sanitized as the announcement modal sanitizes its own (never shown unsanitized). */
function ArticleContent({ html }: { html: string }) {
  const { t } = useT('shell');
  const sanitized = useSanitizedHtml(html);
  if (sanitized.status !== 'ready') return sanitized.status === 'loading' ? <Spinner size="sm" /> : <p className={styles.notice}>{t('help_failed')}</p>;
  return <div className={styles.content} data-testid="help-article-content" dangerouslySetInnerHTML={{ __html: sanitized.html }} />;
}

interface ArticleProps {
  article: HelpCenterEntry;
  open: boolean;
  onToggle: () => void;
}

/** One article: its title is a disclosure button; its content shows below it when expanded. */
function Article({ article, open, onToggle }: ArticleProps) {
  const id = useId();
  return (
    <li className={styles.article}>
      <h4 className={styles.articleHeading}>
        <button
          type="button"
          id={`${id}-title`}
          className={styles.articleToggle}
          aria-expanded={open}
          aria-controls={`${id}-body`}
          data-testid={`help-article-${article.id}`}
          onClick={onToggle}
        >
          <span>{article.title}</span>
          <span className={styles.chevron} aria-hidden="true" />
        </button>
      </h4>
      <div id={`${id}-body`} role="region" aria-labelledby={`${id}-title`} className={styles.articleBody} hidden={!open}>
        {/* Sanitized only when opened: a long help centre is not parsed up front. */}
        {open && <ArticleContent html={article.content} />}
      </div>
    </li>
  );
}

interface CategoryProps {
  group: HelpCategory;
  openId: number | null;
  onToggle: (id: number) => void;
}

/** A category's heading and the list of its articles (the list is named by the heading). */
function Category({ group, openId, onToggle }: CategoryProps) {
  const headingId = useId();
  return (
    <section className={styles.category}>
      {group.category && (
        <h3 id={headingId} className={styles.categoryTitle}>
          {group.category}
        </h3>
      )}
      <ul className={styles.articles} aria-labelledby={group.category ? headingId : undefined}>
        {group.articles.map((article) => (
          <Article key={article.id} article={article} open={openId === article.id} onToggle={() => onToggle(article.id)} />
        ))}
      </ul>
    </section>
  );
}

/**
 * The header's help-centre modal: the help-centre articles by category, each
 * expandable to its sanitized HTML, and a link to the full help page. A chunk of its own, fetched
 * when the modal is first opened (shell-layout.tsx). A full-screen sheet on a phone (Modal).
 */
export default function HelpModal({ onClose }: HelpModalProps) {
  const { t } = useT('shell');
  // Asked again on a language change (the server answers in the player's language).
  const help = useCall((signal) => api.call(HELP_CENTER, { signal }), []);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = help.status === 'success' ? (help.data?.list ?? []) : null;
  const groups = useMemo(() => (list ? groupHelpArticles(list) : null), [list]);
  const toggle = (id: number) => setOpenId((current) => (current === id ? null : id));

  return (
    <Modal
      open
      title={t('nav_help')}
      onClose={onClose}
      footer={
        <Link to={HELP_PAGE_PATH} className={styles.fullPage} data-testid="help-modal-full-page" onClick={onClose}>
          {t('help_full_page')}
        </Link>
      }
    >
      <div className={styles.body} data-testid="help-modal">
        {(help.status === 'loading' || help.status === 'idle') && <Spinner />}
        {help.status === 'error' && <LoadError title={t('help_failed')} variant="compact" onRetry={help.refresh} />}
        {groups?.length === 0 && <EmptyState title={t('help_empty')} />}
        {groups?.map((group) => <Category key={group.category} group={group} openId={openId} onToggle={toggle} />)}
      </div>
    </Modal>
  );
}
