import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, Input, Notice, OpsError, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import { Checkbox, RowActions, TextArea } from './content-fields';
import { emptyHelpArticleDraft, helpArticleBody, helpArticleDraftOf, helpCategories, type HelpArticleDraft, type HelpArticleRow } from './content-model';
import { ContentPreview } from './content-preview';
import styles from './content.module.css';

function HelpArticleForm({ article, categories, category, onSaved, onCancel }: { article: HelpArticleRow | null; categories: string[]; category: string; onSaved: (row: HelpArticleRow) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { api } = useBackOffice();
  const [draft, setDraft] = useState<HelpArticleDraft>(() => (article ? helpArticleDraftOf(article) : emptyHelpArticleDraft(category)));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<HelpArticleDraft>) => setDraft((current) => ({ ...current, ...change }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = helpArticleBody(draft);
      onSaved(article ? await api.post<HelpArticleRow>(`/content/help-articles/${article.id}`, body) : await api.post<HelpArticleRow>('/content/help-articles', body));
    } catch (caught) {
      setError(caught instanceof OpsError ? caught.message : t('error.unknown'));
    } finally {
      setBusy(false);
    }
  };

  const heading = article ? t('content.editArticle', { id: article.id }) : t('content.newArticle');
  return (
    <form className={[ui.panel, styles.form].join(' ')} onSubmit={(event) => void save(event)} aria-label={heading}>
      <h2>{heading}</h2>
      <Field label={t('content.category')}>
        <Input required maxLength={100} list="help-categories" value={draft.category} onChange={(event) => set({ category: event.target.value })} />
      </Field>
      <datalist id="help-categories">
        {categories.map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
      <Field label={t('content.order')}>
        <Input type="number" step={1} min={-1000000} max={1000000} value={draft.sortOrder} onChange={(event) => set({ sortOrder: event.target.value })} />
      </Field>
      <Checkbox label={t('content.enabled')} checked={draft.enabled} onChange={(event) => set({ enabled: event.target.checked })} />
      <div className={styles.wide}>
        <Field label={t('content.title')}>
          <Input required maxLength={200} value={draft.title} onChange={(event) => set({ title: event.target.value })} />
        </Field>
      </div>
      <div className={styles.wide}>
        <Field label={t('content.text')}>
          <TextArea required maxLength={50000} value={draft.content} onChange={(event) => set({ content: event.target.value })} />
        </Field>
      </div>
      <ContentPreview item={{ kind: 'article', category: draft.category, title: draft.title, html: draft.content }} />
      <div className={styles.formActions}>
        <Button type="submit" disabled={busy || !draft.category.trim() || !draft.title.trim() || !draft.content.trim()}>
          {article ? t('content.save') : t('content.create')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
      <div className={styles.wide}>
        <ErrorMessage>{error}</ErrorMessage>
      </div>
    </form>
  );
}

/**
 * The help centre's articles in the site's order (the lowest order first; the site groups them
 * by category in the order of each one's first article), filtered by category or words of the
 * title; created and changed in a form with a preview (the text is HTML, made safe by the site),
 * deleted after a confirmation. Players see a change on their next visit to the help page.
 */
export function HelpArticlesPanel() {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const { data, error, loading, reload } = useLoad(() => api.get<{ list: HelpArticleRow[] }>('/content/help-articles'), []);
  const [category, setCategory] = useState('');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ article: HelpArticleRow | null } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const { busy, outcome, run, told, clear } = useAction();

  const saved = (row: HelpArticleRow) => {
    told(editing?.article ? t('content.articleSaved', { id: row.id }) : t('content.articleCreated', { id: row.id }));
    setEditing(null);
    void reload();
  };
  const remove = async (article: HelpArticleRow) => {
    const done = await run(async () => {
      await api.delete(`/content/help-articles/${article.id}`);
      return t('content.articleDeleted', { id: article.id });
    });
    if (done) setDeleting(null);
    void reload();
  };

  const all = data?.list ?? [];
  const categories = helpCategories(all);
  const words = search.trim().toLowerCase();
  const list = all.filter((row) => (!category || row.category.trim() === category) && (!words || row.title.toLowerCase().includes(words)));
  return (
    <>
      <div className={ui.toolbar}>
        <Field label={t('content.category')}>
          <Select value={category} onChange={(event) => setCategory(event.target.value)}>
            <option value="">{t('content.allCategories')}</option>
            {categories.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('content.search')}>
          <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </Field>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
        {may('POST /content/help-articles') && !editing && (
          <Button
            onClick={() => {
              clear();
              setEditing({ article: null });
            }}
          >
            {t('content.newArticle')}
          </Button>
        )}
      </div>
      {editing && <HelpArticleForm key={editing.article?.id ?? 'new'} article={editing.article} categories={categories} category={category} onSaved={saved} onCancel={() => setEditing(null)} />}
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error ?? error}</ErrorMessage>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="help-articles">
          <thead>
            <tr>
              <th>{t('content.title')}</th>
              <th>{t('content.category')}</th>
              <th>{t('content.orderColumn')}</th>
              <th>{t('content.status')}</th>
              <th>{t('content.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((article) => (
              <tr key={article.id} data-testid="article-row" data-id={article.id}>
                <td>
                  <span className={styles.title}>{article.title}</span>
                </td>
                <td>{article.category}</td>
                <td>{article.sortOrder}</td>
                <td className={article.enabled ? styles.on : styles.off}>{article.enabled ? t('content.shown') : t('content.hidden')}</td>
                <td>
                  <RowActions
                    mayEdit={may('POST /content/help-articles/:id')}
                    mayDelete={may('DELETE /content/help-articles/:id')}
                    onEdit={() => {
                      clear();
                      setEditing({ article });
                    }}
                    confirming={deleting === article.id}
                    question={t('content.confirmArticleDelete')}
                    busy={busy}
                    onAskDelete={() => setDeleting(article.id)}
                    onDelete={() => void remove(article)}
                    onCancelDelete={() => setDeleting(null)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!loading && list.length === 0 && <p className={ui.empty}>{t('content.noArticles')}</p>}
      </div>
    </>
  );
}
