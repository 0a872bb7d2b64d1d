import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, Input, Notice, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import { rateGridOf, rateKey, rateProblems, rebateBody, rebateLevels, REBATE_CATEGORIES, REBATE_MODES, type RateGrid, type RebateMode, type RebateSettings, type VipLevel } from './loyalty-model';
import styles from './promotions.module.css';

/**
 * The betting rebate: paid by hand or automatically, and its rate per VIP level and product
 * category (percent of the settled stake, 10 % at most, two decimals). A rate changed applies to
 * the days counted after it. Read only for a role that may not change it.
 */
export function RebatePanel() {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const canWrite = may('PUT /rebate/settings');
  const { data, error, loading, reload } = useLoad(
    async () => ({
      settings: await api.get<RebateSettings>('/rebate/settings'),
      ladder: may('GET /vip/levels') ? (await api.get<{ list: VipLevel[] }>('/vip/levels')).list.map((level) => level.level) : [],
    }),
    [],
  );
  const [mode, setMode] = useState<RebateMode>('manual');
  const [grid, setGrid] = useState<RateGrid>({});
  const [tried, setTried] = useState(false);
  const { busy, outcome, run } = useAction();
  useEffect(() => {
    if (!data) return;
    setMode(data.settings.mode);
    setGrid(rateGridOf(data.settings));
  }, [data]);

  const problems = rateProblems(grid);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!data || problems.length > 0) return;
    const done = await run(async () => {
      await api.put('/rebate/settings', rebateBody(mode, grid, data.settings));
      return t('promotions.rebate.saved');
    });
    if (done) {
      setTried(false);
      void reload();
    }
  };

  const levels = data ? rebateLevels(data.settings, data.ladder) : [];
  return (
    <form onSubmit={(event) => void save(event)} aria-label={t('promotions.tabs.rebate')} noValidate>
      <div className={ui.toolbar}>
        <Field label={t('promotions.rebate.mode')}>
          <Select value={mode} disabled={!canWrite} onChange={(event) => setMode(event.target.value as RebateMode)}>
            {REBATE_MODES.map((value) => (
              <option key={value} value={value}>
                {t(`promotions.rebate.modes.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
        {canWrite && (
          <Button type="submit" disabled={busy || !data}>
            {t('promotions.save')}
          </Button>
        )}
      </div>
      <p className={styles.muted}>{t('promotions.rebate.hint')}</p>
      {tried && problems.length > 0 && <ErrorMessage>{t('promotions.rebate.invalid')}</ErrorMessage>}
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error ?? error}</ErrorMessage>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="rebate-rates">
          <thead>
            <tr>
              <th>{t('promotions.rebate.level')}</th>
              {REBATE_CATEGORIES.map((category) => (
                <th key={category} className={ui.number}>
                  {t(`promotions.rebate.categories.${category}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {levels.map((level) => (
              <tr key={level}>
                <th scope="row">{t('promotions.rebate.levelName', { level })}</th>
                {REBATE_CATEGORIES.map((category) => {
                  const key = rateKey(level, category);
                  return (
                    <td key={category} className={ui.number}>
                      <Input
                        className={styles.rate}
                        inputMode="decimal"
                        readOnly={!canWrite}
                        aria-label={t('promotions.rebate.rateOf', { level, category: t(`promotions.rebate.categories.${category}`) })}
                        aria-invalid={tried && problems.includes(key)}
                        value={grid[key] ?? ''}
                        onChange={(event) => setGrid({ ...grid, [key]: event.target.value })}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </form>
  );
}
