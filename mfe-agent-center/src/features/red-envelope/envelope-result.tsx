import { Button, formatMoney, useT } from '@platform/shared';
import { RecordsTable, type RecordsColumn, type RecordsSource } from '@platform/shared/records';
import { useState } from 'react';
import type { RedEnvelopeReceipt, RedEnvelopeResult, RedEnvelopeType } from './red-envelope-api';
import styles from './red-envelope.module.css';
import { NAMESPACE } from './translations';

/** Receivers a page of the result table (an envelope may have hundreds). */
export const RESULT_PAGE_SIZE = 20;

const COLUMNS: RecordsColumn<RedEnvelopeReceipt>[] = [
  { id: 'username', headerKey: 'col_receiver', render: (row) => <span className={styles.optionName}>{row.username}</span> },
  { id: 'amount', headerKey: 'col_received', money: (row) => row.amountMinor },
];

export interface EnvelopeResultProps {
  result: RedEnvelopeResult;
  type: RedEnvelopeType;
  /** Back to an empty form. */
  onSendAnother: () => void;
}

/** What the envelope did: the total, the agent's balance after it, and what each receiver got. */
export function EnvelopeResult({ result, type, onSendAnother }: EnvelopeResultProps) {
  const { t } = useT(NAMESPACE);
  const [page, setPage] = useState(1);
  const totalPages = Math.max(1, Math.ceil(result.receivers.length / RESULT_PAGE_SIZE));
  // The answer is all there: the table pages through it here.
  const records: RecordsSource<RedEnvelopeReceipt> = {
    status: 'success',
    data: { list: result.receivers.slice((page - 1) * RESULT_PAGE_SIZE, page * RESULT_PAGE_SIZE), totalPages },
    error: undefined,
    page,
    setPage,
    refresh: () => undefined,
  };
  return (
    <section className={styles.result} aria-labelledby="red-envelope-result-title" data-testid="red-envelope-result">
      <h3 id="red-envelope-result-title" className={styles.heading}>
        {t('result_title')}
      </h3>
      <dl className={styles.summary}>
        <div className={styles.summaryItem}>
          <dt className={styles.label}>{t('result_total')}</dt>
          <dd className={styles.amount} data-testid="red-envelope-result-total">
            {formatMoney(result.totalMinor)}
          </dd>
        </div>
        <div className={styles.summaryItem}>
          <dt className={styles.label}>{t('result_receivers')}</dt>
          <dd className={styles.amount} data-testid="red-envelope-result-count">
            {result.receivers.length}
          </dd>
        </div>
        <div className={styles.summaryItem}>
          <dt className={styles.label}>{t('result_type')}</dt>
          <dd className={styles.amount}>{type === 'share' ? t('type_share') : t('type_fighting')}</dd>
        </div>
        <div className={styles.summaryItem}>
          <dt className={styles.label}>{t('result_balance')}</dt>
          <dd className={styles.amount} data-testid="red-envelope-result-balance">
            {formatMoney(result.balanceMinor)}
          </dd>
        </div>
      </dl>
      <RecordsTable records={records} columns={COLUMNS} rowKey={(row) => row.memberId} label={t('result_table')} namespace={NAMESPACE} emptyTitle={t('result_empty')} />
      <Button className={styles.submit} onClick={onSendAnother} data-testid="red-envelope-again">
        {t('send_another')}
      </Button>
    </section>
  );
}
