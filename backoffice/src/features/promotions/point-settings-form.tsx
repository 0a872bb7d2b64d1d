import { POINT_EARN_SOURCES } from '@platform/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input, ui, useAction, useBackOffice, useLoad, Notice, ErrorMessage } from '@backoffice/kit';
import styles from './promotions.module.css';

/** GET /points/settings: how members earn points per source, and how points turn into money. */
export interface PointSettings {
  rules: { source: string; perAmount: number; points: number }[];
  convert: { points: number; amount: number; minPoints: number; enabled: boolean } | null;
}

interface Draft {
  rules: Record<string, { perAmount: string; points: string }>;
  convert: { points: string; amount: string; minPoints: string; enabled: boolean };
}

const MONEY = /^\d+(\.\d{1,2})?$/;
const WHOLE = /^\d+$/;

export function draftOfSettings(settings: PointSettings): Draft {
  const rules = Object.fromEntries(
    POINT_EARN_SOURCES.map((source) => {
      const rule = settings.rules.find((entry) => entry.source === source);
      return [source, { perAmount: rule ? String(rule.perAmount) : '100', points: rule ? String(rule.points) : '0' }];
    }),
  );
  const convert = settings.convert
    ? { points: String(settings.convert.points), amount: String(settings.convert.amount), minPoints: String(settings.convert.minPoints), enabled: settings.convert.enabled }
    : { points: '100', amount: '1', minPoints: '100', enabled: false };
  return { rules, convert };
}

/**
 * The body PUT /points/settings takes (every source's rule, and the conversion), or the key of
 * what is wrong: each source earns `points` (0: none) per whole `perAmount` of its settled stake
 * (or deposit); `points` points are worth `amount`, from `minPoints` on.
 */
export function pointSettingsBody(draft: Draft): { body: Record<string, unknown> } | { problem: string } {
  const rules = [];
  for (const source of POINT_EARN_SOURCES) {
    const rule = draft.rules[source];
    if (!MONEY.test(rule.perAmount) || Number(rule.perAmount) <= 0 || !WHOLE.test(rule.points)) return { problem: 'promotions.points.settings.ruleInvalid' };
    rules.push({ source, perAmount: Number(rule.perAmount), points: Number(rule.points) });
  }
  const { convert } = draft;
  if (!WHOLE.test(convert.points) || Number(convert.points) < 1 || !MONEY.test(convert.amount) || !WHOLE.test(convert.minPoints)) return { problem: 'promotions.points.settings.convertInvalid' };
  if (Number(convert.minPoints) < Number(convert.points)) return { problem: 'promotions.points.settings.minBelowRate' };
  return { body: { rules, convert: { points: Number(convert.points), amount: Number(convert.amount), minPoints: Number(convert.minPoints), enabled: convert.enabled } } };
}

/** How members earn points from each product and from deposits, and the points-to-money rate. */
export function PointSettingsForm() {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const { data, error, reload } = useLoad(() => api.get<PointSettings>('/points/settings'), []);
  return (
    <section aria-label={t('promotions.points.settings.title')}>
      <h2 className={styles.subTitle}>{t('promotions.points.settings.title')}</h2>
      <ErrorMessage>{error}</ErrorMessage>
      {data && <SettingsEditor key={JSON.stringify(data)} settings={data} editable={may('PUT /points/settings')} onSaved={() => void reload()} />}
    </section>
  );
}

function SettingsEditor({ settings, editable, onSaved }: { settings: PointSettings; editable: boolean; onSaved: () => void }) {
  const { t } = useTranslation();
  const { api } = useBackOffice();
  const { busy, outcome, run } = useAction();
  const [draft, setDraft] = useState(() => draftOfSettings(settings));
  const [problem, setProblem] = useState<string | null>(null);
  const setRule = (source: string, changes: Partial<Draft['rules'][string]>) => {
    setDraft({ ...draft, rules: { ...draft.rules, [source]: { ...draft.rules[source], ...changes } } });
    setProblem(null);
  };
  const setConvert = (changes: Partial<Draft['convert']>) => {
    setDraft({ ...draft, convert: { ...draft.convert, ...changes } });
    setProblem(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = pointSettingsBody(draft);
    if ('problem' in checked) return setProblem(checked.problem);
    if (await run(async () => (await api.put('/points/settings', checked.body), t('promotions.points.settings.saved')))) onSaved();
  };
  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('promotions.points.settings.title')} noValidate>
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error}</ErrorMessage>
      <div className={ui.tableWrap}>
        <table className={ui.table}>
          <thead>
            <tr>
              <th>{t('promotions.points.settings.source')}</th>
              <th>{t('promotions.points.settings.perAmount')}</th>
              <th>{t('promotions.points.settings.points')}</th>
            </tr>
          </thead>
          <tbody>
            {POINT_EARN_SOURCES.map((source) => (
              <tr key={source}>
                <td>{t(`promotions.points.settings.sources.${source}`)}</td>
                <td>
                  <Input aria-label={t('promotions.points.settings.perAmountOf', { source: t(`promotions.points.settings.sources.${source}`) })} disabled={!editable} inputMode="decimal" value={draft.rules[source].perAmount} onChange={(event) => setRule(source, { perAmount: event.target.value })} />
                </td>
                <td>
                  <Input aria-label={t('promotions.points.settings.pointsOf', { source: t(`promotions.points.settings.sources.${source}`) })} disabled={!editable} inputMode="numeric" value={draft.rules[source].points} onChange={(event) => setRule(source, { points: event.target.value })} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.form}>
        <Field label={t('promotions.points.settings.convertPoints')}>
          <Input disabled={!editable} inputMode="numeric" value={draft.convert.points} onChange={(event) => setConvert({ points: event.target.value })} />
        </Field>
        <Field label={t('promotions.points.settings.convertAmount')}>
          <Input disabled={!editable} inputMode="decimal" value={draft.convert.amount} onChange={(event) => setConvert({ amount: event.target.value })} />
        </Field>
        <Field label={t('promotions.points.settings.minPoints')}>
          <Input disabled={!editable} inputMode="numeric" value={draft.convert.minPoints} onChange={(event) => setConvert({ minPoints: event.target.value })} />
        </Field>
        <label className={styles.check}>
          <input type="checkbox" disabled={!editable} checked={draft.convert.enabled} onChange={(event) => setConvert({ enabled: event.target.checked })} />
          {t('promotions.points.settings.convertOn')}
        </label>
      </div>
      {problem && (
        <p className={ui.alert} role="alert">
          {t(problem)}
        </p>
      )}
      {editable && (
        <div className={ui.actions}>
          <Button type="submit" disabled={busy}>
            {t('promotions.points.settings.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
