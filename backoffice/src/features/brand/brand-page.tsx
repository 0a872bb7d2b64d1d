import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatTime, Input, localeOf, Notice, PageTitle, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import {
  addedRegionRules,
  changedRules,
  changedSwitches,
  epochOfLocal,
  type Brand,
  type Domains,
  type FeatureSwitch,
  type MaintenanceWindow,
  type RegionRule,
  type RegionRuleKind,
  type RegistrationRule,
  type RuleEdit,
} from './brand-model';
import styles from './brand.module.css';

/**
 * The brand's settings (GET /brand), one panel per group: what the site shows and its account
 * rules (read only here), feature switches, registration rules, maintenance windows, region rules,
 * domains and mirrors. Admins change them, risk reads; players see a change on their next page
 * load, and each change is kept in the audit log. A maintenance window, a new region rule or a
 * removed host name can close the site to players: the page asks first.
 */
export default function BrandPage() {
  const { t } = useTranslation();
  const { api } = useBackOffice();
  const { data, error, loading, reload } = useLoad(() => api.get<Brand>('/brand'), []);
  const refresh = () => void reload();
  return (
    <>
      <PageTitle>{t('brand.nav')}</PageTitle>
      <div className={ui.toolbar}>
        <p className={styles.intro}>{t('brand.intro')}</p>
        <Button variant="secondary" onClick={refresh} disabled={loading}>
          {t('refresh')}
        </Button>
      </div>
      <ErrorMessage>{error && t('brand.loadFailed', { reason: error })}</ErrorMessage>
      {!data && loading && (
        <p className={ui.empty} role="status">
          {t('loading')}
        </p>
      )}
      {data && (
        <div className={styles.panels}>
          <SitePanel brand={data} />
          <SwitchesPanel switches={data.featureSwitches} onChanged={refresh} />
          <RulesPanel rules={data.registrationRules} onChanged={refresh} />
          <MaintenancePanel windows={data.maintenance} onChanged={refresh} />
          <RegionPanel rules={data.regionRules} onChanged={refresh} />
          <DomainsPanel domains={data.domains} onChanged={refresh} />
        </div>
      )}
    </>
  );
}

function Panel({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section className={styles.panel} aria-labelledby={`brand-${id}`} data-testid={`brand-${id}`}>
      <h2 id={`brand-${id}`} className={styles.title}>
        {title}
      </h2>
      {hint && <p className={styles.hint}>{hint}</p>}
      {children}
    </section>
  );
}

/** A question before a change that can turn players away. */
function Confirm({ question, yes, busy, onYes, onNo }: { question: string; yes: string; busy: boolean; onYes: () => void; onNo: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.confirm} role="alertdialog" aria-label={question}>
      <p>{question}</p>
      <div className={styles.actions}>
        <Button variant="danger" disabled={busy} onClick={onYes}>
          {yes}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onNo}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  );
}

function Outcome({ outcome }: { outcome: { error: string | null; notice: string | null } }) {
  return (
    <>
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error}</ErrorMessage>
    </>
  );
}

function SitePanel({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  const { site, accounts } = brand;
  const facts: [string, string][] = [
    [t('brand.site.code'), brand.merchantCode],
    [t('brand.site.name'), site.brandName],
    [t('brand.site.currency'), `${site.currency.code} (${site.currency.symbol})`],
    [t('brand.site.languages'), site.languages.join(', ')],
    [t('brand.site.defaultLanguage'), site.defaultLanguage],
    [t('brand.site.logo'), site.logoUrl],
  ];
  return (
    <Panel id="site" title={t('brand.site.title')} hint={t('brand.site.hint')}>
      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <details>
        <summary>{t('brand.site.accounts')}</summary>
        <dl className={styles.facts}>
          {Object.entries(accounts).map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{value === null ? t('brand.site.none') : String(value)}</dd>
            </div>
          ))}
        </dl>
      </details>
    </Panel>
  );
}

function SwitchesPanel({ switches, onChanged }: { switches: FeatureSwitch[]; onChanged: () => void }) {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const { busy, outcome, run } = useAction();
  const stored = () => Object.fromEntries(switches.map((entry) => [entry.moduleId, entry.enabled]));
  const [wanted, setWanted] = useState<Record<string, boolean>>(stored);
  // A new read (after a save or a refresh) is what the form starts from again.
  useEffect(() => setWanted(stored()), [switches]);
  const writable = may('PUT /brand/feature-switches');
  const changed = changedSwitches(switches, wanted);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const done = await run(async () => {
      await api.put('/brand/feature-switches', { switches: changed });
      return t('brand.switches.saved', { count: Object.keys(changed).length });
    });
    if (done) onChanged();
  };

  return (
    <Panel id="switches" title={t('brand.switches.title')} hint={t('brand.switches.hint')}>
      <form onSubmit={(event) => void save(event)}>
        <ul className={styles.switches}>
          {switches.map((entry) => (
            <li key={entry.moduleId}>
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={wanted[entry.moduleId] ?? false}
                  disabled={!writable || busy}
                  onChange={(event) => setWanted({ ...wanted, [entry.moduleId]: event.target.checked })}
                />
                <span>{t(`brand.switches.names.${entry.name}`, { defaultValue: entry.name })}</span>
                <code className={styles.code}>{entry.moduleId}</code>
              </label>
            </li>
          ))}
        </ul>
        {writable && (
          <div className={styles.actions}>
            <Button type="submit" disabled={busy || Object.keys(changed).length === 0}>
              {t('brand.save')}
            </Button>
          </div>
        )}
      </form>
      <Outcome outcome={outcome} />
    </Panel>
  );
}

function RulesPanel({ rules, onChanged }: { rules: RegistrationRule[]; onChanged: () => void }) {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const { busy, outcome, run } = useAction();
  const stored = () => Object.fromEntries(rules.map((rule) => [rule.field, { enabled: rule.enabled, required: rule.required, minLength: rule.minLength, maxLength: rule.maxLength }]));
  const [wanted, setWanted] = useState<Record<string, RuleEdit>>(stored);
  useEffect(() => setWanted(stored()), [rules]);
  const writable = may('PUT /brand/registration-rules');
  const changed = changedRules(rules, wanted);
  const edit = (field: string, change: Partial<RuleEdit>) => setWanted({ ...wanted, [field]: { ...wanted[field], ...change } });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const done = await run(async () => {
      await api.put('/brand/registration-rules', { fields: changed });
      return t('brand.rules.saved', { count: Object.keys(changed).length });
    });
    if (done) onChanged();
  };

  return (
    <Panel id="rules" title={t('brand.rules.title')} hint={t('brand.rules.hint')}>
      <form onSubmit={(event) => void save(event)}>
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th>{t('brand.rules.field')}</th>
                <th>{t('brand.rules.shown')}</th>
                <th>{t('brand.rules.required')}</th>
                <th>{t('brand.rules.minLength')}</th>
                <th>{t('brand.rules.maxLength')}</th>
                <th>{t('brand.rules.pattern')}</th>
              </tr>
            </thead>
            <tbody>
              {rules.map((rule) => {
                const value = wanted[rule.field];
                return (
                  <tr key={rule.field} data-testid="rule-row" data-field={rule.field}>
                    <td>
                      <code className={styles.code}>{rule.field}</code>
                      {!rule.reads.enabled && <div className={styles.hint}>{t('brand.rules.byMode')}</div>}
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t('brand.rules.shownOf', { field: rule.field })}
                        checked={value.enabled}
                        disabled={!writable || busy || !rule.reads.enabled}
                        onChange={(event) => edit(rule.field, { enabled: event.target.checked })}
                      />
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t('brand.rules.requiredOf', { field: rule.field })}
                        checked={value.required}
                        disabled={!writable || busy || !rule.reads.required}
                        onChange={(event) => edit(rule.field, { required: event.target.checked })}
                      />
                    </td>
                    <td>
                      <Input
                        type="number"
                        min={0}
                        className={styles.length}
                        aria-label={t('brand.rules.minLengthOf', { field: rule.field })}
                        value={value.minLength}
                        disabled={!writable || busy}
                        onChange={(event) => edit(rule.field, { minLength: Number(event.target.value) })}
                      />
                    </td>
                    <td>
                      <Input
                        type="number"
                        min={1}
                        className={styles.length}
                        aria-label={t('brand.rules.maxLengthOf', { field: rule.field })}
                        value={value.maxLength}
                        disabled={!writable || busy}
                        onChange={(event) => edit(rule.field, { maxLength: Number(event.target.value) })}
                      />
                    </td>
                    <td>
                      <code className={styles.code}>{rule.acceptedPattern}</code>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {writable && (
          <div className={styles.actions}>
            <Button type="submit" disabled={busy || Object.keys(changed).length === 0}>
              {t('brand.save')}
            </Button>
          </div>
        )}
      </form>
      <Outcome outcome={outcome} />
    </Panel>
  );
}

function MaintenancePanel({ windows, onChanged }: { windows: MaintenanceWindow[]; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api, may } = useBackOffice();
  const { busy, outcome, run } = useAction();
  const [form, setForm] = useState({ startsAt: '', endsAt: '', reason: '' });
  const [asking, setAsking] = useState(false);
  const mayClose = may('POST /brand/maintenance');
  const mayEnd = may('DELETE /brand/maintenance/:id');
  const startsAt = epochOfLocal(form.startsAt);
  const endsAt = epochOfLocal(form.endsAt);

  const schedule = async () => {
    const done = await run(async () => {
      const window = await api.post<MaintenanceWindow>('/brand/maintenance', { ...(startsAt === null ? {} : { startsAt }), endsAt, reason: form.reason });
      return t('brand.maintenance.scheduled', { from: formatTime(window.startsAt, locale) });
    });
    setAsking(false);
    if (done) {
      setForm({ startsAt: '', endsAt: '', reason: '' });
      onChanged();
    }
  };

  const end = async (window: MaintenanceWindow) => {
    const done = await run(async () => {
      await api.delete(`/brand/maintenance/${window.id}`);
      return window.active ? t('brand.maintenance.ended') : t('brand.maintenance.removed');
    });
    if (done) onChanged();
  };

  return (
    <Panel id="maintenance" title={t('brand.maintenance.title')} hint={t('brand.maintenance.hint')}>
      {windows.length === 0 ? (
        <p className={ui.empty}>{t('brand.maintenance.none')}</p>
      ) : (
        <ul className={styles.list}>
          {windows.map((window) => (
            <li key={window.id} data-testid="maintenance-window">
              <span className={window.active ? styles.active : undefined}>{window.active ? t('brand.maintenance.active') : t('brand.maintenance.coming')}</span>{' '}
              {t('brand.maintenance.span', { from: formatTime(window.startsAt, locale), to: window.endsAt === null ? t('brand.maintenance.untilEnded') : formatTime(window.endsAt, locale) })} — {window.reason}
              {mayEnd && (
                <Button variant="secondary" disabled={busy} onClick={() => void end(window)}>
                  {window.active ? t('brand.maintenance.end') : t('brand.maintenance.remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayClose && (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            setAsking(true);
          }}
        >
          <Field label={t('brand.maintenance.startsAt')}>
            <Input type="datetime-local" value={form.startsAt} onChange={(event) => setForm({ ...form, startsAt: event.target.value })} />
          </Field>
          <Field label={t('brand.maintenance.endsAt')}>
            <Input type="datetime-local" value={form.endsAt} onChange={(event) => setForm({ ...form, endsAt: event.target.value })} />
          </Field>
          <Field label={t('brand.maintenance.reason')}>
            <Input value={form.reason} required maxLength={500} onChange={(event) => setForm({ ...form, reason: event.target.value })} />
          </Field>
          <div className={styles.actions}>
            <Button type="submit" variant="danger" disabled={busy || asking}>
              {t('brand.maintenance.schedule')}
            </Button>
          </div>
        </form>
      )}
      {asking && (
        <Confirm
          question={t('brand.maintenance.confirm', {
            from: startsAt === null ? t('brand.maintenance.now') : formatTime(startsAt, locale),
            to: endsAt === null ? t('brand.maintenance.untilEnded') : formatTime(endsAt, locale),
          })}
          yes={t('brand.maintenance.confirmYes')}
          busy={busy}
          onYes={() => void schedule()}
          onNo={() => setAsking(false)}
        />
      )}
      <Outcome outcome={outcome} />
    </Panel>
  );
}

const KINDS: RegionRuleKind[] = ['country', 'ip', 'cidr'];

function RegionPanel({ rules, onChanged }: { rules: RegionRule[]; onChanged: () => void }) {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const { busy, outcome, run } = useAction();
  const stored = () => rules.map(({ kind, value, note }) => ({ kind, value, note }));
  const [wanted, setWanted] = useState<RegionRule[]>(stored);
  useEffect(() => setWanted(stored()), [rules]);
  const [asking, setAsking] = useState<RegionRule[] | null>(null);
  const writable = may('PUT /brand/region-rules');
  const edit = (index: number, change: Partial<RegionRule>) => setWanted(wanted.map((rule, at) => (at === index ? { ...rule, ...change } : rule)));

  const save = async () => {
    const done = await run(async () => {
      await api.put('/brand/region-rules', { rules: wanted.map(({ kind, value, note }) => ({ kind, value, note })) });
      return t('brand.region.saved', { count: wanted.length });
    });
    setAsking(null);
    if (done) onChanged();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const added = addedRegionRules(rules, wanted);
    if (added.length > 0) setAsking(added);
    else void save();
  };

  return (
    <Panel id="region" title={t('brand.region.title')} hint={t('brand.region.hint')}>
      <form onSubmit={submit}>
        {wanted.length === 0 && <p className={ui.empty}>{t('brand.region.none')}</p>}
        <ul className={styles.list}>
          {wanted.map((rule, index) => (
            <li key={index} data-testid="region-rule" className={styles.row}>
              <Select aria-label={t('brand.region.kind')} value={rule.kind} disabled={!writable || busy} onChange={(event) => edit(index, { kind: event.target.value as RegionRuleKind })}>
                {KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`brand.region.kinds.${kind}`)}
                  </option>
                ))}
              </Select>
              <Input aria-label={t('brand.region.value')} placeholder={t(`brand.region.examples.${rule.kind}`)} value={rule.value} required disabled={!writable || busy} onChange={(event) => edit(index, { value: event.target.value })} />
              <Input aria-label={t('brand.region.note')} placeholder={t('brand.region.note')} value={rule.note} disabled={!writable || busy} onChange={(event) => edit(index, { note: event.target.value })} />
              {writable && (
                <Button variant="secondary" disabled={busy} onClick={() => setWanted(wanted.filter((_, at) => at !== index))}>
                  {t('brand.remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {writable && (
          <div className={styles.actions}>
            <Button variant="secondary" disabled={busy} onClick={() => setWanted([...wanted, { kind: 'country', value: '', note: '' }])}>
              {t('brand.region.add')}
            </Button>
            <Button type="submit" disabled={busy || asking !== null}>
              {t('brand.save')}
            </Button>
          </div>
        )}
      </form>
      {asking && (
        <Confirm
          question={t('brand.region.confirm', { rules: asking.map((rule) => `${t(`brand.region.kinds.${rule.kind}`)} ${rule.value.trim()}`).join(', ') })}
          yes={t('brand.region.confirmYes')}
          busy={busy}
          onYes={() => void save()}
          onNo={() => setAsking(null)}
        />
      )}
      <Outcome outcome={outcome} />
    </Panel>
  );
}

function DomainsPanel({ domains, onChanged }: { domains: Domains; onChanged: () => void }) {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const { busy, outcome, run } = useAction();
  const [host, setHost] = useState('');
  const [mirror, setMirror] = useState('');
  const [removingHost, setRemovingHost] = useState<string | null>(null);
  const mayAdd = may('POST /brand/domains');
  const mayRemoveHost = may('DELETE /brand/domains/hosts/:domain');
  const mayRemoveMirror = may('DELETE /brand/domains/mirrors/:id');

  const act = async (work: () => Promise<unknown>, notice: string, after?: () => void) => {
    const done = await run(async () => {
      await work();
      return notice;
    });
    if (done) {
      after?.();
      onChanged();
    }
  };

  const add = (kind: 'host' | 'mirror', domain: string) =>
    act(() => api.post('/brand/domains', { kind, domain }), t('brand.domains.added', { domain: domain.trim() }), () => (kind === 'host' ? setHost('') : setMirror('')));

  return (
    <Panel id="domains" title={t('brand.domains.title')} hint={t('brand.domains.hint')}>
      <h3 className={styles.subtitle}>{t('brand.domains.hosts')}</h3>
      <ul className={styles.list}>
        {domains.hosts.map((domain) => (
          <li key={domain} data-testid="host" className={styles.row}>
            <code className={styles.code}>{domain}</code>
            {mayRemoveHost && (
              <Button variant="secondary" disabled={busy} onClick={() => setRemovingHost(domain)}>
                {t('brand.remove')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {removingHost && (
        <Confirm
          question={t('brand.domains.confirmRemoveHost', { domain: removingHost })}
          yes={t('brand.remove')}
          busy={busy}
          onYes={() => void act(() => api.delete(`/brand/domains/hosts/${encodeURIComponent(removingHost)}`), t('brand.domains.removed', { domain: removingHost }), () => setRemovingHost(null))}
          onNo={() => setRemovingHost(null)}
        />
      )}
      {mayAdd && (
        <form
          className={styles.row}
          onSubmit={(event) => {
            event.preventDefault();
            void add('host', host);
          }}
        >
          <Input aria-label={t('brand.domains.newHost')} placeholder="www.example.com" value={host} required onChange={(event) => setHost(event.target.value)} />
          <Button type="submit" disabled={busy}>
            {t('brand.domains.addHost')}
          </Button>
        </form>
      )}

      <h3 className={styles.subtitle}>{t('brand.domains.mirrors')}</h3>
      <ul className={styles.list}>
        {domains.mirrors.map((entry) => (
          <li key={entry.id} data-testid="mirror" className={styles.row}>
            <code className={styles.code}>{entry.domain}</code>
            {mayRemoveMirror && (
              <Button variant="secondary" disabled={busy} onClick={() => void act(() => api.delete(`/brand/domains/mirrors/${entry.id}`), t('brand.domains.removed', { domain: entry.domain }))}>
                {t('brand.remove')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {mayAdd && (
        <form
          className={styles.row}
          onSubmit={(event) => {
            event.preventDefault();
            void add('mirror', mirror);
          }}
        >
          <Input aria-label={t('brand.domains.newMirror')} placeholder="https://m1.example.com" value={mirror} required onChange={(event) => setMirror(event.target.value)} />
          <Button type="submit" disabled={busy}>
            {t('brand.domains.addMirror')}
          </Button>
        </form>
      )}
      <Outcome outcome={outcome} />
    </Panel>
  );
}
