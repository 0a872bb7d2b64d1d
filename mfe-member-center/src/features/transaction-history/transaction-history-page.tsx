import { Tabs, useT } from '@platform/shared';
import { useState } from 'react';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { DepositLogs } from './deposit-logs';
import styles from './transaction-history.module.css';
import { TransactionLogs } from './transaction-logs';
import { NAMESPACE } from './translations';
import { WithdrawLogs } from './withdraw-logs';

const TABS = ['transactionLogs', 'depositLogs', 'withdrawLogs'] as const;
type Tab = (typeof TABS)[number];

/** Account Record: the transaction, deposit and withdrawal logs, one tab each. */
export default function TransactionHistoryPage(_props: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const [tab, setTab] = useState<Tab>('transactionLogs');
  return (
    <div className={styles.page} data-testid="transaction-history">
      <Tabs items={TABS.map((value) => ({ value, label: t(`tab_${value}`) }))} value={tab} onChange={setTab} label={t('tabs_label')}>
        {tab === 'transactionLogs' && <TransactionLogs />}
        {tab === 'depositLogs' && <DepositLogs />}
        {tab === 'withdrawLogs' && <WithdrawLogs />}
      </Tabs>
    </div>
  );
}
