import { SUPPORT_ANSWER_MAX_LENGTH } from '@platform/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatTime, localeOf, Notice, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import styles from './support.module.css';
import { useObjectUrl } from './use-object-url';

/** A member's support question as the operator API answers it (GET /support/questions). */
export interface SupportQuestion {
  id: number;
  username: string;
  category: string;
  text: string;
  contact: 'message' | 'email' | 'phone';
  contactAddress: string | null;
  imageCount: number;
  state: 'open' | 'answered' | 'closed';
  answer: string | null;
  answeredBy: string | null;
  answeredAt: number | null;
  closedBy: string | null;
  closedAt: number | null;
  askedAt: number;
}

const PAGE_SIZE = 20;

/**
 * The support-form queue: members' questions, the open ones first (or all), a question read whole
 * with its pictures and the member's contact wish, answered (the answer reaches the member's
 * platform messages) and closed where the role may. A refusal shows the server's words and
 * changes nothing here.
 */
export function QuestionsPanel() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api } = useBackOffice();
  const [filter, setFilter] = useState<'open' | 'all'>('open');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const questions = useLoad(
    () => api.get<{ list: SupportQuestion[]; totalPages: number }>('/support/questions', { open: filter === 'open', page, size: PAGE_SIZE }),
    [filter, page],
    { refreshMs: 30_000 },
  );
  const list = questions.data?.list ?? [];
  const totalPages = questions.data?.totalPages ?? 1;

  return (
    <>
      <div className={ui.toolbar}>
        <Field label={t('support.questions.filter')}>
          <Select
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value as 'open' | 'all');
              setPage(1);
            }}
          >
            <option value="open">{t('support.questions.openOnly')}</option>
            <option value="all">{t('support.questions.all')}</option>
          </Select>
        </Field>
        <Button variant="secondary" onClick={() => void questions.reload()} disabled={questions.loading}>
          {t('refresh')}
        </Button>
      </div>
      <ErrorMessage>{questions.error}</ErrorMessage>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="support-questions">
          <thead>
            <tr>
              <th>{t('support.questions.number')}</th>
              <th>{t('support.questions.member')}</th>
              <th>{t('support.questions.category')}</th>
              <th>{t('support.questions.state')}</th>
              <th>{t('support.questions.asked')}</th>
              <th>{t('support.questions.question')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((question) => (
              <tr key={question.id} data-testid="support-question-row" aria-selected={question.id === selected}>
                <td>
                  <button type="button" className={styles.link} onClick={() => setSelected(question.id)}>
                    {t('support.questions.open', { id: question.id })}
                  </button>
                </td>
                <td>{question.username}</td>
                <td>{t(`support.questions.categories.${question.category}`, { defaultValue: question.category })}</td>
                <td>{t(`support.questions.states.${question.state}`)}</td>
                <td>{formatTime(question.askedAt, locale)}</td>
                <td className={styles.excerpt}>{question.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {questions.data && list.length === 0 && <p className={ui.empty}>{t(filter === 'open' ? 'support.questions.noneOpen' : 'support.questions.none')}</p>}
      </div>
      {totalPages > 1 && (
        <div className={ui.actions}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('support.questions.previous')}
          </Button>
          <span className={styles.muted}>{t('support.questions.page', { page, total: totalPages })}</span>
          <Button variant="secondary" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
            {t('support.questions.next')}
          </Button>
        </div>
      )}
      {selected !== null && <QuestionView key={selected} id={selected} onChanged={() => void questions.reload()} />}
    </>
  );
}

function QuestionView({ id, onChanged }: { id: number; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api, may } = useBackOffice();
  const { data, error, reload } = useLoad(() => api.get<SupportQuestion & { images: string[] }>(`/support/questions/${id}`), [id]);
  const { busy, outcome, run } = useAction();
  const [answer, setAnswer] = useState('');
  if (error && !data) return <ErrorMessage>{error}</ErrorMessage>;
  if (!data) return <p role="status">{t('loading')}</p>;

  const act = async (work: () => Promise<string>) => {
    if (!(await run(work))) return;
    void reload();
    onChanged();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      await api.post(`/support/questions/${id}/answer`, { text: answer.trim() });
      setAnswer('');
      return t('support.questions.answered', { id });
    });
  };
  const close = () =>
    void act(async () => {
      const closed = await api.post<{ changed: boolean }>(`/support/questions/${id}/close`);
      return t(closed.changed ? 'support.questions.closedDone' : 'support.questions.closedAlready', { id });
    });

  return (
    <article className={`${ui.panel} ${styles.question}`} data-testid="support-question" aria-labelledby="support-question-title">
      <h2 id="support-question-title" className={styles.heading}>
        {t('support.questions.title', { id: data.id, username: data.username })}
      </h2>
      <dl className={styles.facts}>
        <dt>{t('support.questions.category')}</dt>
        <dd>{t(`support.questions.categories.${data.category}`, { defaultValue: data.category })}</dd>
        <dt>{t('support.questions.state')}</dt>
        <dd data-testid="support-question-state">{t(`support.questions.states.${data.state}`)}</dd>
        <dt>{t('support.questions.asked')}</dt>
        <dd>{formatTime(data.askedAt, locale)}</dd>
        <dt>{t('support.questions.contact')}</dt>
        <dd>
          {t(`support.questions.contacts.${data.contact}`)}
          {data.contactAddress ? ` · ${data.contactAddress}` : ''}
        </dd>
      </dl>
      <p className={styles.text} data-testid="support-question-text">
        {data.text}
      </p>
      {data.images.length > 0 && (
        <div className={styles.pictures}>
          {data.images.map((image, index) => (
            <QuestionPicture key={index} dataUrl={image} label={t('support.questions.picture', { number: index + 1 })} />
          ))}
        </div>
      )}
      {data.answer !== null && (
        <section aria-label={t('support.questions.answer')}>
          <h3 className={styles.subheading}>{t('support.questions.answerBy', { name: data.answeredBy ?? '', time: formatTime(data.answeredAt, locale) })}</h3>
          <p className={styles.text}>{data.answer}</p>
        </section>
      )}
      {data.state === 'closed' && <p className={styles.muted}>{t('support.questions.closedBy', { name: data.closedBy ?? '', time: formatTime(data.closedAt, locale) })}</p>}
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error}</ErrorMessage>
      {data.state === 'open' && may('POST /support/questions/:id/answer') && (
        <form className={styles.reply} onSubmit={submit} aria-label={t('support.questions.answerForm')}>
          <label className={styles.replyLabel}>
            <span>{t('support.questions.answerLabel')}</span>
            <textarea className={`${ui.input} ${styles.textarea}`} required maxLength={SUPPORT_ANSWER_MAX_LENGTH} value={answer} onChange={(event) => setAnswer(event.target.value)} />
          </label>
          <div className={ui.actions}>
            <Button type="submit" disabled={busy || !answer.trim()}>
              {t('support.questions.sendAnswer')}
            </Button>
          </div>
        </form>
      )}
      {data.state !== 'closed' && may('POST /support/questions/:id/close') && (
        <div className={ui.actions}>
          <Button variant="danger" disabled={busy} onClick={close}>
            {t('support.questions.close')}
          </Button>
        </div>
      )}
    </article>
  );
}

function QuestionPicture({ dataUrl, label }: { dataUrl: string; label: string }) {
  const url = useObjectUrl(dataUrl);
  if (!url) return null;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      <img className={styles.picture} src={url} alt={label} />
    </a>
  );
}
