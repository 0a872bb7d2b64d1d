import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatAmount, Input, localeOf, Notice, OpsError, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import { Checkbox } from './promotion-form';
import { emptyVipDraft, VIP_COUNTS, VIP_LANGUAGES, VIP_MONEY, VIP_MULTIPLIERS, vipBody, vipDraftOf, vipProblems, type VipDraft, type VipLevel } from './loyalty-model';
import styles from './promotions.module.css';

/**
 * A level's form: its label, colours and names per language, what reaches and keeps it, the
 * bonuses it pays and its withdrawal perks. What the server would refuse is named before sending;
 * its own refusal (a level above one that does not exist, say) is shown in its words.
 */
function VipLevelForm({ level, stored, readOnly, onSaved, onCancel }: { level: number; stored: VipLevel | null; readOnly: boolean; onSaved: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { api } = useBackOffice();
  const [draft, setDraft] = useState<VipDraft>(() => (stored ? vipDraftOf(stored) : emptyVipDraft()));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<VipDraft>) => setDraft((current) => ({ ...current, ...change }));
  const problems = vipProblems(draft, level);
  const problem = (field: string) => {
    const found = tried ? problems.find((entry) => entry.field === field) : undefined;
    return found ? <span className={styles.problem}>{t(`promotions.vip.problem.${found.key}`)}</span> : null;
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setError(null);
    if (problems.length > 0) {
      setError(t('promotions.problem.fix'));
      return;
    }
    setBusy(true);
    try {
      await api.put(`/vip/levels/${level}`, vipBody(draft));
      onSaved();
    } catch (caught) {
      setError(caught instanceof OpsError ? caught.message : t('error.unknown'));
    } finally {
      setBusy(false);
    }
  };
  const name = t(stored ? 'promotions.vip.editTitle' : 'promotions.vip.newTitle', { level });
  const field = (key: keyof VipDraft & string) => (
    <div className={styles.cell} key={key}>
      <Field label={t(`promotions.vip.field.${key}`)}>
        <Input inputMode="decimal" value={draft[key] as string} onChange={(event) => set({ [key]: event.target.value })} aria-invalid={Boolean(problem(key))} />
      </Field>
      {problem(key)}
    </div>
  );
  return (
    <form className={[ui.panel, styles.editor].join(' ')} aria-label={name} onSubmit={(event) => void save(event)} noValidate>
      <h2>{name}</h2>
      <fieldset className={styles.form} disabled={readOnly}>
        <legend>{t('promotions.vip.section.look')}</legend>
        {(['clubLabel', 'color', 'color2'] as const).map((key) => (
          <div className={styles.cell} key={key}>
            <Field label={t(`promotions.vip.field.${key}`)}>
              <Input value={draft[key]} placeholder={key === 'clubLabel' ? '' : '#RRGGBB'} onChange={(event) => set({ [key]: event.target.value })} aria-invalid={Boolean(problem(key))} />
            </Field>
            {problem(key)}
          </div>
        ))}
        {VIP_LANGUAGES.map((language) => (
          <div className={styles.cell} key={language}>
            <Field label={t('promotions.vip.field.name', { language: t(`promotions.languages.${language}`) })}>
              <Input maxLength={500} value={draft.names[language]} onChange={(event) => set({ names: { ...draft.names, [language]: event.target.value } })} />
            </Field>
            {problem(`names.${language}`)}
          </div>
        ))}
      </fieldset>
      <fieldset className={styles.form} disabled={readOnly}>
        <legend>{t('promotions.vip.section.rules')}</legend>
        {VIP_MONEY.map(field)}
        {VIP_MULTIPLIERS.map(field)}
        {VIP_COUNTS.map(field)}
        <Checkbox label={t('promotions.vip.field.withdrawPriority')} checked={draft.withdrawPriority} onChange={(event) => set({ withdrawPriority: event.target.checked })} />
        {problem('level')}
      </fieldset>
      <div className={styles.formActions}>
        {!readOnly && (
          <Button type="submit" disabled={busy}>
            {t('promotions.save')}
          </Button>
        )}
        <Button variant="secondary" onClick={onCancel}>
          {readOnly ? t('close') : t('cancel')}
        </Button>
      </div>
      <ErrorMessage>{error}</ErrorMessage>
    </form>
  );
}

/**
 * The merchant's VIP ladder, lowest first: what reaches and keeps each level and what it pays.
 * Content staff change a level or add the next one above the highest; risk reads.
 */
export function VipPanel() {
  const { t, i18n } = useTranslation();
  const { api, may } = useBackOffice();
  const locale = localeOf(i18n.language);
  const canWrite = may('PUT /vip/levels/:level');
  const { data, error, loading, reload } = useLoad(() => api.get<{ list: VipLevel[] }>('/vip/levels'), []);
  const [open, setOpen] = useState<{ level: number; stored: VipLevel | null } | null>(null);
  const { outcome, told, clear } = useAction();
  const list = data?.list ?? [];
  const next = list.length === 0 ? 0 : Math.max(...list.map((row) => row.level)) + 1;
  const nameOf = (row: VipLevel) => row.names[i18n.language === 'CN' ? 'CN' : 'EN'] || row.names.EN || row.clubLabel;

  return (
    <>
      <div className={ui.toolbar}>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
        {canWrite && !open && next <= 20 && (
          <Button
            onClick={() => {
              clear();
              setOpen({ level: next, stored: null });
            }}
          >
            {t('promotions.vip.add', { level: next })}
          </Button>
        )}
      </div>
      {open && (
        <VipLevelForm
          key={open.level}
          level={open.level}
          stored={open.stored}
          readOnly={!canWrite}
          onSaved={() => {
            told(t('promotions.vip.saved', { level: open.level }));
            setOpen(null);
            void reload();
          }}
          onCancel={() => setOpen(null)}
        />
      )}
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error ?? error}</ErrorMessage>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="vip-levels">
          <thead>
            <tr>
              <th>{t('promotions.rebate.level')}</th>
              <th>{t('promotions.vip.field.clubLabel')}</th>
              <th className={ui.number}>{t('promotions.vip.field.reachMonthlyTurnover')}</th>
              <th className={ui.number}>{t('promotions.vip.field.reachTotalDeposit')}</th>
              <th className={ui.number}>{t('promotions.vip.field.upgradeBonus')}</th>
              <th className={ui.number}>{t('promotions.vip.field.monthlySalary')}</th>
              <th>{t('promotions.column.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((row) => (
              <tr key={row.level} data-testid="vip-level-row" data-level={row.level}>
                <td>
                  <span className={styles.swatch} style={{ background: `linear-gradient(135deg, ${row.color}, ${row.color2})` }} aria-hidden="true" />
                  {t('promotions.rebate.levelName', { level: row.level })}
                </td>
                <td>
                  {row.clubLabel} <span className={styles.muted}>{nameOf(row)}</span>
                </td>
                <td className={ui.number}>{formatAmount(row.reach.monthlyTurnover, locale)}</td>
                <td className={ui.number}>{formatAmount(row.reach.totalDeposit, locale)}</td>
                <td className={ui.number}>{formatAmount(row.upgradeBonus, locale)}</td>
                <td className={ui.number}>{formatAmount(row.monthlySalary, locale)}</td>
                <td>
                  <Button
                    variant="secondary"
                    onClick={() => {
                      clear();
                      setOpen({ level: row.level, stored: row });
                    }}
                  >
                    {canWrite ? t('promotions.edit') : t('promotions.view')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!loading && list.length === 0 && <p className={ui.empty}>{t('promotions.vip.none')}</p>}
      </div>
    </>
  );
}
