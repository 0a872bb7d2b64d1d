import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OpsError } from '../../api/ops-client';
import { PageTitle } from '../../app/layout';
import { useBackOffice } from '../../app/session-context';
import { Button, ErrorMessage, Field, Input, Notice, Tabs, ui } from '../../ui/ui';
import { CANARY_MAX_PERCENT, CANARY_MIN_PERCENT, changeChoices, parseCanaryShare, rollBackPlan, type RemoteReleases, type RollBackAnswer, type RollBackPlan } from './release-plans';
import { ReleaseList } from './release-list';
import styles from './releases.module.css';
import { SectionReleasesPanel } from './section-releases-panel';

/** A change the operator asked for, waiting for their confirmation (a canary's share is given there). */
type Change =
  | { kind: 'rollout'; from: string | null; to: string; endsCanary: RemoteReleases['canary'] }
  | { kind: 'canary'; from: string | null; to: string; replaces: RemoteReleases['canary'] }
  | { kind: 'rollback'; plan: RollBackPlan };

/** What the operator confirmed: the change, and for a canary its share. */
type Confirmed = { change: Change; percent?: number };

const DEFAULT_CANARY_PERCENT = 10;

/**
 * Which release of each remote (micro-frontend) this brand's players load, as the server answers
 * it (GET /remotes/releases): the one served, the deployed ones, a canary with its share. An admin
 * rolls a release out to every device, serves one to a share of the devices (a canary), or rolls
 * back (a canary ends; without one, the release before is served), each after confirming from →
 * to. Players get the change on their next page load; each change is in the audit log.
 */
export default function ReleasesPage() {
  const { t } = useTranslation();
  const { may } = useBackOffice();
  const tabs = (['remotes', 'sections'] as const).filter((tab) => may(tab === 'remotes' ? 'GET /remotes/releases' : 'GET /backoffice/section-releases'));
  const [chosen, setChosen] = useState<(typeof tabs)[number] | null>(null);
  const tab = tabs.find((entry) => entry === chosen) ?? tabs[0];
  return (
    <>
      <PageTitle>{t('releases.nav')}</PageTitle>
      <Tabs id="releases" label={t('releases.tabs.label')} tabs={tabs.map((name) => ({ name, label: t(`releases.tabs.${name}`) }))} current={tab} onChoose={setChosen}>
        {tab === 'sections' ? <SectionReleasesPanel /> : <RemoteReleasesPanel />}
      </Tabs>
    </>
  );
}

/** The player site's remotes: which release each is served to this brand's players. */
function RemoteReleasesPanel() {
  const { t } = useTranslation();
  const { api } = useBackOffice();
  return (
    <ReleaseList
      intro={t('releases.intro')}
      none={t('releases.none')}
      load={() => api.get<RemoteReleases[]>('/remotes/releases')}
      card={(remote, onChanged) => <RemoteCard key={remote.name} remote={remote} onChanged={onChanged} />}
    />
  );
}

function RemoteCard({ remote, onChanged }: { remote: RemoteReleases; onChanged: () => void }) {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const headingId = useId();
  const [pending, setPending] = useState<Change | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ error: string | null; notice: string | null }>({ error: null, notice: null });

  const shown = (version: string | null) => version ?? t('releases.nothing');
  const choices = changeChoices(remote);
  const rollBack = rollBackPlan(remote);
  const mayRollOut = may('POST /remotes/rollout');
  const mayCanary = may('POST /remotes/canary');
  const mayRollBack = may('POST /remotes/rollback');

  const ask = (change: Change) => {
    setOutcome({ error: null, notice: null });
    setPending(change);
  };

  const confirm = async ({ change, percent }: Confirmed) => {
    setBusy(true);
    try {
      let notice: string;
      if (change.kind === 'rollout') {
        const after = await api.post<RemoteReleases>('/remotes/rollout', { name: remote.name, version: change.to });
        notice = t('releases.rolledOut', { name: remote.name, version: shown(after.serving) });
      } else if (change.kind === 'canary') {
        const after = await api.post<RemoteReleases>('/remotes/canary', { name: remote.name, version: change.to, percent });
        notice = t('releases.canarySet', { name: remote.name, version: after.canary?.version ?? change.to, percent: after.canary?.percent ?? percent, serving: shown(after.serving) });
      } else {
        const after = await api.post<RollBackAnswer>('/remotes/rollback', { name: remote.name });
        notice = after.endedCanary
          ? t('releases.canaryEnded', { name: remote.name, version: after.endedCanary, serving: shown(after.serving) })
          : t('releases.rolledBack', { name: remote.name, version: shown(after.serving) });
      }
      setOutcome({ error: null, notice });
    } catch (caught) {
      setOutcome({ error: caught instanceof OpsError ? caught.message : t('error.unknown'), notice: null });
    } finally {
      setPending(null);
      setBusy(false);
      onChanged();
    }
  };

  const rowActions = mayRollOut || mayCanary;
  return (
    <section className={styles.remote} aria-labelledby={headingId} data-testid="remote" data-remote={remote.name}>
      <header className={styles.head}>
        <div className={styles.headText}>
          <h2 className={styles.name} id={headingId}>
            {remote.name}
          </h2>
          <p className={styles.summary} data-testid="remote-summary">
            {remote.serving === null
              ? t('releases.nothingServed')
              : remote.pinned === remote.serving
                ? t('releases.servingPinned', { version: remote.serving })
                : t('releases.servingNewest', { version: remote.serving })}
            {remote.pinned !== null && remote.pinned !== remote.serving && <> {t('releases.pinIgnored', { version: remote.pinned })}</>}
          </p>
          {remote.canary && (
            <p className={[styles.summary, styles.canaryLine].join(' ')} data-testid="remote-canary">
              {t('releases.canarySummary', { version: remote.canary.version, percent: remote.canary.percent, serving: shown(remote.serving) })}
            </p>
          )}
        </div>
        {mayRollBack && (
          <div className={styles.rollback}>
            <Button variant="danger" disabled={busy || !rollBack} onClick={() => rollBack && ask({ kind: 'rollback', plan: rollBack })}>
              {rollBack?.kind === 'endCanary' ? t('releases.endCanary') : t('releases.rollback')}
            </Button>
            <p className={styles.hint}>
              {!rollBack
                ? t('releases.noRollback')
                : rollBack.kind === 'endCanary'
                  ? t('releases.rollbackEndsCanary', { version: rollBack.canary.version, serving: shown(rollBack.to) })
                  : t('releases.rollbackTo', { version: rollBack.to })}
            </p>
          </div>
        )}
      </header>

      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error}</ErrorMessage>
      {pending && <Confirmation key={JSON.stringify(pending)} name={remote.name} change={pending} busy={busy} shown={shown} onConfirm={(confirmed) => void confirm(confirmed)} onCancel={() => setPending(null)} />}

      <div className={ui.tableWrap}>
        <table className={[ui.table, styles.table].join(' ')}>
          <caption className={styles.caption}>{t('releases.deployed', { name: remote.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('releases.version')}</th>
              <th scope="col">{t('releases.state')}</th>
              {rowActions && <th scope="col">{t('releases.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {remote.releases.map((release) => {
              const served = release.version === remote.serving;
              const onCanary = release.version === remote.canary?.version;
              const offered = choices.includes(release.version);
              return (
                <tr key={release.version} data-testid="release-row" data-version={release.version}>
                  <td className={styles.version}>{release.version}</td>
                  <td>
                    <div className={styles.tags}>
                      {served && <span className={[styles.tag, styles.served].join(' ')}>{remote.canary ? t('releases.tag.servedOthers') : t('releases.tag.served')}</span>}
                      {onCanary && remote.canary && <span className={[styles.tag, styles.canary].join(' ')}>{t('releases.tag.canary', { percent: remote.canary.percent })}</span>}
                      {release.version === remote.pinned && <span className={[styles.tag, styles.pinned].join(' ')}>{t('releases.tag.pinned')}</span>}
                      {release.compatible && !served && !onCanary && <span className={styles.tag}>{t('releases.tag.available')}</span>}
                    </div>
                    {!release.compatible && <p className={styles.problem}>{t('releases.cannotRun', { problems: release.problems })}</p>}
                  </td>
                  {rowActions && (
                    <td>
                      {offered && (
                        <div className={ui.actions}>
                          {mayRollOut && (
                            <Button
                              variant="secondary"
                              disabled={busy}
                              aria-label={t('releases.rolloutVersion', { version: release.version })}
                              onClick={() => ask({ kind: 'rollout', from: remote.serving, to: release.version, endsCanary: remote.canary })}
                            >
                              {t('releases.rollout')}
                            </Button>
                          )}
                          {mayCanary && (
                            <Button
                              variant="secondary"
                              disabled={busy}
                              aria-label={onCanary ? t('releases.changeShareVersion', { version: release.version }) : t('releases.canaryVersion', { version: release.version })}
                              onClick={() => ask({ kind: 'canary', from: remote.serving, to: release.version, replaces: remote.canary })}
                            >
                              {onCanary ? t('releases.changeShare') : t('releases.canary')}
                            </Button>
                          )}
                        </div>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
        {remote.releases.length === 0 && <p className={ui.empty}>{t('releases.noReleases')}</p>}
      </div>
      {rowActions && choices.length === 0 && remote.releases.length > 0 && <p className={styles.hint}>{t('releases.noOther')}</p>}
    </section>
  );
}

/**
 * Asks before a change: what it does, to which remote, from which release to which; a canary's
 * share (a whole per cent, 1–100) is given here, and the from → to line shows it.
 */
function Confirmation({
  name,
  change,
  busy,
  shown,
  onConfirm,
  onCancel,
}: {
  name: string;
  change: Change;
  busy: boolean;
  shown: (version: string | null) => string;
  onConfirm: (confirmed: Confirmed) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [share, setShare] = useState(() => String(change.kind === 'canary' ? (change.replaces?.version === change.to ? change.replaces.percent : DEFAULT_CANARY_PERCENT) : DEFAULT_CANARY_PERCENT));
  const [shareInvalid, setShareInvalid] = useState(false);
  const percent = parseCanaryShare(share);

  let question: string;
  let from: string;
  let to: string;
  let note: string | null = null;
  if (change.kind === 'rollout') {
    question = t('releases.confirmRollout', { name, version: change.to });
    from = shown(change.from);
    to = change.to;
    if (change.endsCanary) note = t('releases.confirmRolloutEndsCanary', { version: change.endsCanary.version, percent: change.endsCanary.percent });
  } else if (change.kind === 'canary') {
    question = t('releases.confirmCanary', { name, version: change.to });
    from = shown(change.from);
    to = t('releases.toShare', { version: change.to, percent: percent ?? '?' });
    note = change.replaces
      ? t('releases.confirmCanaryReplaces', { version: change.replaces.version, percent: change.replaces.percent, serving: shown(change.from) })
      : t('releases.confirmCanaryOthers', { serving: shown(change.from) });
  } else if (change.plan.kind === 'endCanary') {
    question = t('releases.confirmEndCanary', { name });
    from = t('releases.toShare', { version: change.plan.canary.version, percent: change.plan.canary.percent });
    to = shown(change.plan.to);
    note = t('releases.confirmEndCanaryNote', { serving: shown(change.plan.to) });
  } else {
    question = t('releases.confirmRollback', { name });
    from = change.plan.from;
    to = change.plan.to;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (change.kind !== 'canary') return onConfirm({ change });
    setShareInvalid(percent === undefined);
    if (percent !== undefined) onConfirm({ change, percent });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) onCancel();
  };
  return (
    <form className={styles.confirm} role="dialog" aria-labelledby={titleId} data-testid="release-confirm" onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <p className={styles.question} id={titleId}>
        {question}
      </p>
      {change.kind === 'canary' && (
        <div className={styles.shareRow}>
          <Field label={t('releases.share')}>
            <Input
              className={styles.share}
              type="number"
              inputMode="numeric"
              min={CANARY_MIN_PERCENT}
              max={CANARY_MAX_PERCENT}
              step={1}
              value={share}
              autoFocus
              aria-invalid={shareInvalid || undefined}
              disabled={busy}
              onChange={(event) => {
                setShare(event.target.value);
                setShareInvalid(false);
              }}
            />
          </Field>
          {shareInvalid ? (
            <p className={[styles.hint, styles.invalid].join(' ')} role="alert">
              {t('releases.shareInvalid', { min: CANARY_MIN_PERCENT, max: CANARY_MAX_PERCENT })}
            </p>
          ) : (
            <p className={styles.hint}>{t('releases.shareHint', { min: CANARY_MIN_PERCENT, max: CANARY_MAX_PERCENT })}</p>
          )}
        </div>
      )}
      <p className={styles.fromTo} data-testid="release-from-to">
        <span className={styles.remoteName}>{name}</span> {t('releases.fromTo', { from, to })}
      </p>
      {note && <p className={styles.note}>{note}</p>}
      <p className={styles.note}>{t('releases.nextLoad')}</p>
      <div className={ui.actions}>
        <Button type="submit" variant={change.kind === 'rollback' ? 'danger' : 'primary'} disabled={busy} autoFocus={change.kind !== 'canary'}>
          {busy ? t('releases.working') : t('releases.confirm')}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
