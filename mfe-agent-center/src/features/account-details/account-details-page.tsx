import { Button, useT } from '@platform/shared';
import { useState } from 'react';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import layout from '../agent-page/agent-page.module.css';
import styles from './account-details.module.css';
import { DownlinePicker } from './downline-picker';
import { MemberTransactions } from './member-transactions';
import { NAMESPACE } from './translations';

/**
 * Account Details: pick a member of the team (a direct downline from the list, or any member by
 * username), then read that member's transaction records by period and type, with the total.
 */
export default function AccountDetailsPage(_props: AgentCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const [member, setMember] = useState<string | null>(null);

  return (
    <div className={layout.page} data-testid="account-details">
      {member === null ? (
        <DownlinePicker onChoose={setMember} />
      ) : (
        <>
          <div className={layout.memberBar} data-testid="account-details-member">
            <span className={styles.chosenLabel}>{t('account')}</span>
            <span className={layout.memberName} data-testid="account-details-username">
              {member}
            </span>
            <Button variant="secondary" size="sm" onClick={() => setMember(null)} data-testid="account-details-change">
              {t('change_member')}
            </Button>
          </div>
          <MemberTransactions key={member} username={member} onChooseAnother={() => setMember(null)} />
        </>
      )}
    </div>
  );
}
