import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatAmount, formatCount, formatTime, Input, localeOf, Notice, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import { PromotionForm } from './promotion-form';
import { CATEGORIES, filterPromotions, promotionState, type PromotionDetail, type PromotionState, type PromotionSummary } from './promotions-model';
import styles from './promotions.module.css';

const STATES: PromotionState[] = ['running', 'scheduled', 'paused', 'ended'];

interface Claim {
  username: string;
  state: string;
  joinedAt: number;
  claimedAt: number | null;
  period: string;
  bonus: number | null;
  requirement: number | null;
  takenBack: number | null;
}

/** Who joined and received a promotion (the latest 500), newest first. */
function ClaimsTable({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const { api } = useBackOffice();
  const locale = localeOf(i18n.language);
  const { data, error, loading } = useLoad(() => api.get<{ list: Claim[] }>(`/promotions/${id}/claims`), [id]);
  const list = data?.list ?? [];
  return (
    <section className={ui.panel} aria-label={t('promotions.claimsOf', { id })}>
      <h2 className={styles.subTitle}>{t('promotions.claimsOf', { id })}</h2>
      <ErrorMessage>{error}</ErrorMessage>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="promotion-claims">
          <thead>
            <tr>
              <th>{t('promotions.column.member')}</th>
              <th>{t('promotions.column.state')}</th>
              <th>{t('promotions.column.joined')}</th>
              <th>{t('promotions.column.claimedAt')}</th>
              <th className={ui.number}>{t('promotions.column.bonus')}</th>
              <th className={ui.number}>{t('promotions.column.requirement')}</th>
              <th className={ui.number}>{t('promotions.column.takenBack')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((claim, index) => (
              <tr key={`${claim.username}-${claim.period}-${index}`}>
                <td>
                  {claim.username}
                  {claim.period && <span className={styles.muted}> · {claim.period}</span>}
                </td>
                <td>{t(`promotions.claimState.${claim.state}`, { defaultValue: claim.state })}</td>
                <td>{formatTime(claim.joinedAt, locale)}</td>
                <td>{formatTime(claim.claimedAt, locale)}</td>
                <td className={ui.number}>{formatAmount(claim.bonus, locale)}</td>
                <td className={ui.number}>{formatAmount(claim.requirement, locale)}</td>
                <td className={ui.number}>{formatAmount(claim.takenBack, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {!loading && list.length === 0 && <p className={ui.empty}>{t('promotions.noClaims')}</p>}
      </div>
    </section>
  );
}

/**
 * The merchant's promotions, in the order players see them, with what each has cost; searched by
 * title, code or id and filtered by state and category. A row opens the promotion's form (read only
 * for a role that may not change it) with the preview of the player's page; content staff create,
 * change, pause and resume them. Players see a change on their next page load.
 */
export function PromotionsPanel() {
  const { t, i18n } = useTranslation();
  const { api, may } = useBackOffice();
  const locale = localeOf(i18n.language);
  const { data, error, loading, reload } = useLoad(() => api.get<{ list: PromotionSummary[] }>('/promotions'), []);
  const [search, setSearch] = useState('');
  const [state, setState] = useState<PromotionState | ''>('');
  const [category, setCategory] = useState('');
  const [open, setOpen] = useState<{ detail: PromotionDetail | null } | null>(null);
  const [claimsOf, setClaimsOf] = useState<number | null>(null);
  const { busy, outcome, run, told, failed, clear } = useAction();

  const nowMs = Date.now();
  const list = filterPromotions(data?.list ?? [], { search, state, category }, nowMs);

  const openPromotion = async (id: number) => {
    clear();
    try {
      setOpen({ detail: await api.get<PromotionDetail>(`/promotions/${id}`) });
    } catch (caught) {
      failed(caught);
    }
  };
  const saved = (row: PromotionSummary) => {
    told(open?.detail ? t('promotions.saved', { id: row.id }) : t('promotions.created', { id: row.id }));
    setOpen(null);
    void reload();
  };
  const toggle = async (row: PromotionSummary) => {
    const action = row.enabled ? 'pause' : 'resume';
    await run(async () => {
      await api.post(`/promotions/${row.id}/${action}`);
      return t(row.enabled ? 'promotions.paused' : 'promotions.resumed', { id: row.id });
    });
    void reload();
  };

  return (
    <>
      <div className={ui.toolbar}>
        <Field label={t('search')}>
          <Input type="search" value={search} placeholder={t('promotions.searchHint')} onChange={(event) => setSearch(event.target.value)} />
        </Field>
        <Field label={t('promotions.column.state')}>
          <Select value={state} onChange={(event) => setState(event.target.value as PromotionState | '')}>
            <option value="">{t('promotions.all')}</option>
            {STATES.map((value) => (
              <option key={value} value={value}>
                {t(`promotions.state.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('promotions.field.category')}>
          <Select value={category} onChange={(event) => setCategory(event.target.value)}>
            <option value="">{t('promotions.all')}</option>
            {CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {t(`promotions.category.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
        {may('POST /promotions') && !open && (
          <Button
            onClick={() => {
              clear();
              setOpen({ detail: null });
            }}
          >
            {t('promotions.new')}
          </Button>
        )}
      </div>
      {open && (
        <PromotionForm
          key={open.detail?.id ?? 'new'}
          stored={open.detail}
          readOnly={open.detail !== null && !may('POST /promotions/:id')}
          onSaved={saved}
          onCancel={() => setOpen(null)}
        />
      )}
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error ?? error}</ErrorMessage>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="promotions">
          <thead>
            <tr>
              <th className={ui.number}>{t('promotions.column.id')}</th>
              <th>{t('promotions.field.title')}</th>
              <th>{t('promotions.field.category')}</th>
              <th>{t('promotions.field.trigger')}</th>
              <th>{t('promotions.column.state')}</th>
              <th>{t('promotions.column.period')}</th>
              <th className={ui.number}>{t('promotions.column.claimed')}</th>
              <th className={ui.number}>{t('promotions.column.cost')}</th>
              <th>{t('promotions.column.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((row) => {
              const current = promotionState(row, nowMs);
              return (
                <tr key={row.id} data-testid="promotion-row" data-id={row.id}>
                  <td className={ui.number}>{row.id}</td>
                  <td>
                    {row.title}
                    {row.promoCode && <span className={styles.code}>{row.promoCode}</span>}
                  </td>
                  <td>{t(`promotions.category.${row.category}`, { defaultValue: row.category })}</td>
                  <td>{t(`promotions.trigger.${row.trigger}`, { defaultValue: row.trigger })}</td>
                  <td className={styles[current]}>{t(`promotions.state.${current}`)}</td>
                  <td className={styles.period}>
                    {formatTime(row.startTime, locale)} – {row.endTime ? formatTime(row.endTime, locale) : t('promotions.noEnd')}
                  </td>
                  <td className={ui.number}>
                    {formatCount(row.claimed, locale)}
                    {row.joined > 0 && <span className={styles.muted}> (+{formatCount(row.joined, locale)})</span>}
                  </td>
                  <td className={ui.number}>{formatAmount(row.cost, locale)}</td>
                  <td>
                    <div className={ui.actions}>
                      {may('GET /promotions/:id') && (
                        <Button variant="secondary" onClick={() => void openPromotion(row.id)}>
                          {may('POST /promotions/:id') ? t('promotions.edit') : t('promotions.view')}
                        </Button>
                      )}
                      {row.enabled && may('POST /promotions/:id/pause') && (
                        <Button variant="danger" disabled={busy} onClick={() => void toggle(row)}>
                          {t('promotions.pause')}
                        </Button>
                      )}
                      {!row.enabled && may('POST /promotions/:id/resume') && (
                        <Button variant="secondary" disabled={busy} onClick={() => void toggle(row)}>
                          {t('promotions.resume')}
                        </Button>
                      )}
                      {may('GET /promotions/:id/claims') && (
                        <Button variant="secondary" aria-pressed={claimsOf === row.id} onClick={() => setClaimsOf(claimsOf === row.id ? null : row.id)}>
                          {t('promotions.claims')}
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {!loading && list.length === 0 && <p className={ui.empty}>{t('promotions.none')}</p>}
      </div>
      {claimsOf !== null && <ClaimsTable id={claimsOf} />}
    </>
  );
}
