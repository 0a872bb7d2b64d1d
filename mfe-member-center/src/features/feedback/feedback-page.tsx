import { api, Tabs, useCall, useT } from '@platform/shared';
import { supportQuestionsCall } from '@platform/contract';
import { useState } from 'react';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { FeedbackForm } from './feedback-form';
import { SupportForm } from './support-form';
import { SupportQuestionList } from './support-questions';
import { NAMESPACE } from './translations';
import styles from './feedback.module.css';

type Tab = 'ask' | 'feedback';

const PAGE_SIZE = 10;

/**
 * The member centre's feedback page: "Ask support" (a question to customer service, and the
 * member's questions with their state and answers; an answer also arrives in the platform
 * messages) and "Feedback" (to the site, with its captcha).
 */
export function FeedbackPage(_props: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const [tab, setTab] = useState<Tab>('ask');
  const [page, setPage] = useState(1);
  // The list also says which contact details the account has, which the form offers.
  const questions = useCall((signal) => api.call(supportQuestionsCall, { params: { page, size: PAGE_SIZE }, signal }), [page], { requiresSession: true });
  const known = questions.status === 'success' ? questions.data : questions.status === 'loading' ? questions.staleData : undefined;

  return (
    <div className={styles.page} data-testid="feedback-page">
      {/* The page's title is the member centre's (PageScaffold). */}
      <Tabs<Tab>
        label={t('tabs')}
        value={tab}
        onChange={setTab}
        items={[
          { value: 'ask', label: t('tab_ask') },
          { value: 'feedback', label: t('tab_feedback') },
        ]}
      >
        {tab === 'ask' ? (
          <div className={styles.tabBody}>
            <SupportForm
              contacts={known?.contacts ?? null}
              onSent={() => {
                // The new question is the newest: show the first page again.
                if (page === 1) questions.refresh();
                else setPage(1);
              }}
            />
            <SupportQuestionList questions={questions} page={page} onPage={setPage} />
          </div>
        ) : (
          <div className={styles.tabBody}>
            <FeedbackForm />
          </div>
        )}
      </Tabs>
    </div>
  );
}
