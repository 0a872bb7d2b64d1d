// The member's support questions, newest first: each with its category, when it was asked, its
// state (open, answered, closed), the text as written (plain text, never HTML), customer
// service's answer once there is one, and its images, fetched only when the member asks to see them.
import { api, EmptyState, formatDateTime, Pagination, Spinner, useT, type CallResult } from '@platform/shared';
import { supportQuestionImagesCall, type SupportQuestion, type SupportQuestions } from '@platform/contract';
import { LoadError } from '@platform/ui-blocks';
import { useId, useState } from 'react';
import { NAMESPACE } from './translations';
import styles from './feedback.module.css';

export interface SupportQuestionListProps {
  questions: CallResult<SupportQuestions>;
  page: number;
  onPage: (page: number) => void;
}

export function SupportQuestionList({ questions, page, onPage }: SupportQuestionListProps) {
  const { t } = useT(NAMESPACE);
  const ids = useId();
  const data = questions.status === 'success' ? questions.data : questions.status === 'loading' ? questions.staleData : undefined;
  let body;
  if (questions.status === 'error') body = <LoadError title={t('questions_load_failed')} onRetry={questions.refresh} />;
  else if (!data) body = <Spinner />;
  else if (data.list.length === 0) body = <EmptyState title={t('questions_empty')} />;
  else {
    body = (
      <div aria-busy={questions.status === 'loading' || undefined}>
        <ul className={styles.questions} data-testid="support-questions">
          {data.list.map((question) => (
            <QuestionItem key={question.questionId} question={question} />
          ))}
        </ul>
        {data.totalPages > 1 && <Pagination page={page} totalPages={data.totalPages} onChange={onPage} />}
      </div>
    );
  }
  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className={styles.sectionTitle}>
        {t('my_questions')}
      </h2>
      {body}
    </section>
  );
}

function QuestionItem({ question }: { question: SupportQuestion }) {
  const { t } = useT(NAMESPACE);
  return (
    <li className={styles.question} data-testid="support-question" data-state={question.state} data-id={question.questionId}>
      <div className={styles.questionHead}>
        <span className={styles.questionTitle}>
          {t('question_number', { id: question.questionId })} · {t(`category_${question.category}`)}
        </span>
        <span className={[styles.state, styles[`state_${question.state}`]].filter(Boolean).join(' ')} data-testid="support-question-state">
          {t(`state_${question.state}`)}
        </span>
      </div>
      <time className={styles.meta} dateTime={new Date(question.askedAt).toISOString()}>
        {t('asked_at', { time: formatDateTime(question.askedAt) })}
      </time>
      <p className={styles.text} data-testid="support-question-text">
        {question.text}
      </p>
      {question.imageCount > 0 && <QuestionImages questionId={question.questionId} count={question.imageCount} />}
      {question.answer !== null ? (
        <div className={styles.answer} data-testid="support-answer">
          <span className={styles.answerLabel}>{t('answer')}</span>
          <p className={styles.text} data-testid="support-answer-text">
            {question.answer}
          </p>
          {question.answeredAt !== null && (
            <time className={styles.meta} dateTime={new Date(question.answeredAt).toISOString()}>
              {t('answered_at', { time: formatDateTime(question.answeredAt) })}
            </time>
          )}
        </div>
      ) : (
        <p className={styles.meta} data-testid="support-waiting">
          {question.state === 'closed' ? t('closed_without_answer') : t('waiting')}
        </p>
      )}
    </li>
  );
}

type ImagesState = { status: 'hidden' } | { status: 'loading' } | { status: 'shown'; images: string[] } | { status: 'failed' };

/** The question's images: fetched when the member asks to see them (they may be large). */
function QuestionImages({ questionId, count }: { questionId: number; count: number }) {
  const { t } = useT(NAMESPACE);
  const [state, setState] = useState<ImagesState>({ status: 'hidden' });
  const load = () => {
    setState({ status: 'loading' });
    api
      .call(supportQuestionImagesCall, { params: { questionId } })
      .then(({ images }) => setState({ status: 'shown', images }))
      .catch(() => setState({ status: 'failed' }));
  };
  if (state.status === 'failed') return <LoadError title={t('images_load_failed')} onRetry={load} />;
  return (
    <div className={styles.questionImages}>
      <button
        type="button"
        className={styles.linkButton}
        aria-expanded={state.status === 'shown'}
        disabled={state.status === 'loading'}
        onClick={() => (state.status === 'shown' ? setState({ status: 'hidden' }) : load())}
        data-testid="support-question-images-toggle"
      >
        {state.status === 'shown' ? t('hide_images') : t('show_images', { n: count })}
      </button>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'shown' && (
        <ul className={styles.thumbs} data-testid="support-question-images">
          {state.images.map((src, index) => (
            <li key={index} className={styles.thumb}>
              <img className={styles.thumbImage} src={src} alt={t('question_image_alt', { n: index + 1, id: questionId })} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
