import { Button, EmptyState, Pagination, Spinner, usePagedList, useT } from '@platform/shared';
import { RED_ENVELOPE_MAX_RECEIVERS } from '@platform/contract';
import { TextField } from '@platform/shared/forms';
import { useState, type FormEvent } from 'react';
import { loadReceiverOptions, type ReceiverOption } from './red-envelope-api';
import styles from './red-envelope.module.css';
import { NAMESPACE } from './translations';

const PAGE_SIZE = 10;

/** A direct downline the agent ticked. */
export interface PickedReceiver {
  memberId: number;
  username: string;
}

export interface ReceiverPickerProps {
  picked: readonly PickedReceiver[];
  onChange: (picked: PickedReceiver[]) => void;
  /** Shown under the checklist (none picked, a pick the server no longer knows). */
  error?: string;
  disabled?: boolean;
}

/** Only an active downline receives (a blocked one is refused by the server). */
const canReceive = (option: ReceiverOption) => option.status === 'active';

/**
 * The checklist of the agent's direct downlines (agents and players), a page at a time with a
 * username search; the picks are kept across pages and searches, up to RED_ENVELOPE_MAX_RECEIVERS.
 */
export function ReceiverPicker({ picked, onChange, error, disabled = false }: ReceiverPickerProps) {
  const { t } = useT(NAMESPACE);
  const list = usePagedList<ReceiverOption, { username: string }>(
    ({ filters, page, pageSize }, signal) => loadReceiverOptions({ username: filters.username, page, size: pageSize }, signal),
    { filters: { username: '' }, pageSize: PAGE_SIZE, requiresSession: true },
  );
  const [search, setSearch] = useState('');
  const pickedIds = new Set(picked.map((receiver) => receiver.memberId));
  const full = picked.length >= RED_ENVELOPE_MAX_RECEIVERS;
  const shown = list.status === 'success' ? list.data : list.status === 'loading' ? list.staleData : undefined;
  const pickable = (shown?.list ?? []).filter((option) => canReceive(option) && !pickedIds.has(option.memberId));

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    list.setFilter('username', search.trim());
  };
  const toggle = (option: ReceiverOption, checked: boolean) => {
    if (!checked) onChange(picked.filter((receiver) => receiver.memberId !== option.memberId));
    else if (!full && !pickedIds.has(option.memberId)) onChange([...picked, { memberId: option.memberId, username: option.username }]);
  };
  const pickPage = () =>
    onChange([...picked, ...pickable.slice(0, RED_ENVELOPE_MAX_RECEIVERS - picked.length).map(({ memberId, username }) => ({ memberId, username }))]);

  let body;
  if (list.status === 'error') {
    body = (
      <EmptyState
        title={t('receivers_load_failed')}
        description={list.error.message}
        action={
          <Button variant="secondary" size="sm" onClick={list.refresh}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (!shown) {
    body = (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  } else if (shown.list.length === 0) {
    body = <EmptyState title={list.filters.username ? t('receivers_empty_search') : t('receivers_empty')} />;
  } else {
    body = (
      <ul className={list.status === 'loading' ? `${styles.options} ${styles.stale}` : styles.options} aria-label={t('receivers_list')} data-testid="red-envelope-options">
        {shown.list.map((option) => {
          const checked = pickedIds.has(option.memberId);
          const blocked = !canReceive(option);
          return (
            <li key={option.memberId}>
              <label className={blocked ? `${styles.option} ${styles.optionDisabled}` : styles.option}>
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={disabled || blocked || (full && !checked)}
                  onChange={(event) => toggle(option, event.target.checked)}
                  data-testid={`red-envelope-pick-${option.memberId}`}
                />
                <span className={styles.optionName}>{option.username}</span>
                <span className={styles.optionTag}>{blocked ? t('status_blocked') : option.accountType === 'agent' ? t('type_agent') : t('type_player')}</span>
              </label>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className={styles.picker} data-testid="red-envelope-picker">
      <form className={styles.search} role="search" onSubmit={onSearch} data-testid="red-envelope-search">
        <div className={styles.searchField}>
          <TextField name="username" label={t('search_label')} value={search} onChange={setSearch} maxLength={64} placeholder={t('search_placeholder')} testIdPrefix="red-envelope-search" />
        </div>
        <Button type="submit" variant="secondary" data-testid="red-envelope-search-submit">
          {t('search')}
        </Button>
      </form>
      <div className={styles.pickerBar}>
        <span className={styles.pickedCount} data-testid="red-envelope-picked-count" aria-live="polite">
          {t('picked_count', { picked: picked.length, maximum: RED_ENVELOPE_MAX_RECEIVERS })}
        </span>
        <span className={styles.pickerActions}>
          <Button variant="ghost" size="sm" onClick={pickPage} disabled={disabled || full || pickable.length === 0} data-testid="red-envelope-pick-page">
            {t('pick_page')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onChange([])} disabled={disabled || picked.length === 0} data-testid="red-envelope-pick-clear">
            {t('pick_clear')}
          </Button>
        </span>
      </div>
      {full && <p className={styles.note}>{t('picked_full', { maximum: RED_ENVELOPE_MAX_RECEIVERS })}</p>}
      {body}
      {shown && shown.totalPages > 1 && <Pagination page={list.page} totalPages={shown.totalPages} onChange={list.setPage} />}
      {picked.length > 0 && (
        <ul className={styles.chips} aria-label={t('picked_list')} data-testid="red-envelope-picked">
          {picked.map((receiver) => (
            <li key={receiver.memberId} className={styles.chip}>
              <span className={styles.chipName}>{receiver.username}</span>
              <button
                type="button"
                className={styles.chipRemove}
                onClick={() => onChange(picked.filter((other) => other.memberId !== receiver.memberId))}
                disabled={disabled}
                aria-label={t('pick_remove', { username: receiver.username })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className={styles.error} role="alert" data-testid="red-envelope-receivers-error">
          {error}
        </p>
      )}
    </div>
  );
}
