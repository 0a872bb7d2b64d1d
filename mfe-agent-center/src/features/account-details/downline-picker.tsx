import { Button, EmptyState, Pagination, usePagedList, useT } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import layout from '../agent-page/agent-page.module.css';
import { PageLoading } from '../agent-page/page-loading';
import { UsernameSearch } from '../agent-page/username-search';
import { loadDownlineChoices, type DownlineChoice } from './account-details-api';
import styles from './account-details.module.css';
import { NAMESPACE } from './translations';

const PAGE_SIZE = 10;

/**
 * Chooses whose records to read: the agent's direct downlines (agents and players) to pick from,
 * searched by username, or the username of a member deeper in the team typed in full (the server
 * answers agent.downline.unknown for anyone outside the team).
 */
export function DownlinePicker({ onChoose }: { onChoose: (username: string) => void }) {
  const { t } = useT(NAMESPACE);
  const headingId = useId();
  const choices = usePagedList<DownlineChoice, { username: string }>(
    ({ filters, page, pageSize }, signal) => loadDownlineChoices({ username: filters.username, page, size: pageSize }, signal),
    { filters: { username: '' }, pageSize: PAGE_SIZE, requiresSession: true },
  );
  const [typed, setTyped] = useState('');
  const name = typed.trim();
  const shown = choices.status === 'success' ? choices.data : choices.status === 'loading' ? choices.staleData : undefined;

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    choices.setFilter('username', name);
  };

  let list: ReactNode;
  if (choices.status === 'error') {
    list = (
      <LoadError title={t('downlines_failed')} error={choices.error} onRetry={choices.refresh} variant="compact" />
    );
  } else if (shown === undefined) {
    list = <PageLoading />;
  } else if (shown.list.length === 0) {
    list = <EmptyState title={choices.filters.username ? t('no_match') : t('no_downlines')} description={t('no_match_hint')} />;
  } else {
    list = (
      <ul className={styles.choices} aria-label={t('direct_downlines')} data-testid="downline-choices">
        {shown.list.map((choice) => (
          <li key={choice.memberId}>
            <button type="button" className={styles.choice} onClick={() => onChoose(choice.username)} data-testid={`downline-choice-${choice.memberId}`}>
              <span className={styles.choiceName}>{choice.username}</span>
              <span className={choice.accountType === 'agent' ? styles.badgeAgent : styles.badgePlayer}>
                {choice.accountType === 'agent' ? t('type_agent') : t('type_player')}
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={layout.section} aria-labelledby={headingId} aria-busy={choices.status === 'loading'} data-testid="downline-picker">
      <h2 id={headingId} className={layout.heading}>
        {t('picker_title')}
      </h2>
      <p className={layout.note}>{t('picker_hint')}</p>
      <UsernameSearch
        name="username"
        fieldLabel={t('field_username')}
        value={typed}
        onChange={setTyped}
        placeholder={t('username_placeholder')}
        testIdPrefix="account-details"
        onSubmit={onSearch}
      >
        <Button type="submit" variant="secondary" data-testid="account-details-search">
          {t('search')}
        </Button>
        <Button type="button" disabled={name === ''} onClick={() => onChoose(name)} data-testid="account-details-open">
          {t('view_records')}
        </Button>
      </UsernameSearch>
      {list}
      {shown && shown.totalPages > 1 && <Pagination page={choices.page} totalPages={shown.totalPages} onChange={choices.setPage} />}
    </section>
  );
}
