import { Tabs, useCall, useT } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import { useState, type ReactNode } from 'react';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import { PageLoading } from '../agent-page/page-loading';
import { CreateAccountForm } from './create-account-form';
import { InvitationLinks } from './invitation-links';
import { loadRebateRange } from './register-api';
import styles from './register-center.module.css';
import { NAMESPACE } from './translations';

const TABS = ['create', 'links'] as const;
type Tab = (typeof TABS)[number];

/** Register Centre: create a downline account, or manage invitation links; both within the agent's rebate setting. */
export default function RegisterCenterPage(_props: AgentCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const [tab, setTab] = useState<Tab>('create');
  const range = useCall(loadRebateRange, [], { requiresSession: true });

  let content: ReactNode;
  if (range.status === 'error') {
    content = (
      <LoadError title={t('load_failed')} error={range.error} onRetry={range.refresh} />
    );
  } else if (range.status !== 'success') {
    content = <PageLoading />;
  } else {
    content = tab === 'create' ? <CreateAccountForm range={range.data} /> : <InvitationLinks range={range.data} />;
  }

  return (
    <div className={styles.page} data-testid="register-center">
      <Tabs<Tab> items={[{ value: 'create', label: t('tab_create') }, { value: 'links', label: t('tab_links') }]} value={tab} onChange={setTab} label={t('tabs_label')}>
        {content}
      </Tabs>
    </div>
  );
}
