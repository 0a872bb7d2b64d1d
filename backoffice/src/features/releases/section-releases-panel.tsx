import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OpsError } from '../../api/ops-client';
import { useBackOffice } from '../../app/session-context';
import { Button, ErrorMessage, Notice, ui } from '../../ui/ui';
import { compareVersions } from './release-plans';
import { ReleaseList } from './release-list';
import styles from './releases.module.css';

/** A back office section's releases as the server answers them (GET /backoffice/section-releases). */
export interface SectionReleases {
  name: string;
  /** The release this brand pinned (null: the newest release is served). */
  pinned: string | null;
  /** The release operators' browsers load now (null: none deployed). */
  serving: string | null;
  /** Deployed releases, releases first, newest first; whether the deployed back office can run each. */
  releases: { version: string; compatible: boolean; problem: string }[];
}

type Change = { kind: 'rollout'; to: string } | { kind: 'rollback'; to: string } | { kind: 'follow'; to: string };

/**
 * The release just older than the one served in version order, a pre-release in its place (what
 * the server's rollback serves), if any.
 */
export function releaseBefore(section: SectionReleases): string | null {
  const serving = section.serving;
  if (serving === null) return null;
  const older = section.releases.filter((release) => release.compatible).map((release) => release.version).filter((version) => compareVersions(version, serving) < 0);
  return older.sort((a, b) => compareVersions(b, a))[0] ?? null;
}

/**
 * The newest release the back office can run, which "follow" serves: the first that is not a
 * pre-release, or the newest pre-release when nothing else is deployed (the server's rule).
 */
export function newestRelease(section: SectionReleases): string | null {
  const runnable = section.releases.filter((release) => release.compatible);
  return runnable.find((release) => !release.version.includes('-'))?.version ?? runnable[0]?.version ?? null;
}

/**
 * The back office's own sections (each released alone, backoffice/sections.json): which release
 * this brand's operators load, rolled out, back, or back to following the newest, each after
 * confirming from → to. Operators get the change on their next page load; the host (this page
 * among it) is never changed by it, so a section release that fails can always be rolled back here.
 */
export function SectionReleasesPanel() {
  const { t } = useTranslation();
  const { api } = useBackOffice();
  return (
    <ReleaseList
      intro={t('releases.sections.intro')}
      none={t('releases.sections.none')}
      load={() => api.get<SectionReleases[]>('/backoffice/section-releases')}
      card={(section, onChanged) => <SectionCard key={section.name} section={section} onChanged={onChanged} />}
    />
  );
}

function SectionCard({ section, onChanged }: { section: SectionReleases; onChanged: () => void }) {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const headingId = useId();
  const titleId = useId();
  const [pending, setPending] = useState<Change | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ error: string | null; notice: string | null }>({ error: null, notice: null });
  const name = t(`nav.${section.name}`, { defaultValue: section.name });
  const shown = (version: string | null) => version ?? t('releases.nothing');
  const before = releaseBefore(section);
  const newest = newestRelease(section);
  const mayRollOut = may('POST /backoffice/section-releases/rollout');
  const mayRollBack = may('POST /backoffice/section-releases/rollback');
  const mayFollow = may('POST /backoffice/section-releases/follow');

  const ask = (change: Change) => {
    setOutcome({ error: null, notice: null });
    setPending(change);
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!pending || busy) return;
    setBusy(true);
    try {
      const after = await api.post<SectionReleases>(`/backoffice/section-releases/${pending.kind}`, pending.kind === 'rollout' ? { name: section.name, version: pending.to } : { name: section.name });
      setOutcome({ error: null, notice: t('releases.sections.changed', { name, version: shown(after.serving) }) });
    } catch (caught) {
      setOutcome({ error: caught instanceof OpsError ? caught.message : t('error.unknown'), notice: null });
    } finally {
      setPending(null);
      setBusy(false);
      onChanged();
    }
  };

  return (
    <section className={styles.remote} aria-labelledby={headingId} data-testid="section-releases" data-section-name={section.name}>
      <header className={styles.head}>
        <div className={styles.headText}>
          <h2 className={styles.name} id={headingId}>
            {name}
          </h2>
          <p className={styles.summary} data-testid="section-summary">
            {section.serving === null
              ? t('releases.sections.nothingServed')
              : section.pinned === section.serving
                ? t('releases.sections.servingPinned', { version: section.serving })
                : t('releases.sections.servingNewest', { version: section.serving })}
            {section.pinned !== null && section.pinned !== section.serving && <> {t('releases.sections.pinGone', { version: section.pinned })}</>}
          </p>
        </div>
        <div className={styles.rollback}>
          {mayRollBack && (
            <Button variant="danger" disabled={busy || !before} onClick={() => before && ask({ kind: 'rollback', to: before })}>
              {t('releases.rollback')}
            </Button>
          )}
          {mayFollow && section.pinned !== null && newest && (
            <Button variant="secondary" disabled={busy} onClick={() => ask({ kind: 'follow', to: newest })}>
              {t('releases.sections.follow')}
            </Button>
          )}
          {mayRollBack && <p className={styles.hint}>{before ? t('releases.rollbackTo', { version: before }) : t('releases.sections.noRollback')}</p>}
        </div>
      </header>

      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error}</ErrorMessage>
      {pending && (
        <form className={styles.confirm} role="dialog" aria-labelledby={titleId} data-testid="release-confirm" onSubmit={(event) => void confirm(event)}>
          <p className={styles.question} id={titleId}>
            {pending.kind === 'rollout'
              ? t('releases.sections.confirmRollout', { name, version: pending.to })
              : pending.kind === 'rollback'
                ? t('releases.sections.confirmRollback', { name })
                : t('releases.sections.confirmFollow', { name })}
          </p>
          <p className={styles.fromTo} data-testid="release-from-to">
            <span className={styles.remoteName}>{name}</span> {t('releases.fromTo', { from: shown(section.serving), to: pending.to })}
          </p>
          <p className={styles.note}>{t('releases.sections.nextLoad')}</p>
          <div className={ui.actions}>
            <Button type="submit" variant={pending.kind === 'rollback' ? 'danger' : 'primary'} disabled={busy} autoFocus>
              {busy ? t('releases.working') : t('releases.confirm')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setPending(null)}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      )}

      <div className={ui.tableWrap}>
        <table className={[ui.table, styles.table].join(' ')}>
          <caption className={styles.caption}>{t('releases.sections.deployed', { name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('releases.version')}</th>
              <th scope="col">{t('releases.state')}</th>
              {mayRollOut && <th scope="col">{t('releases.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {section.releases.map((release) => {
              const served = release.version === section.serving;
              return (
                <tr key={release.version} data-testid="release-row" data-version={release.version}>
                  <td className={styles.version}>{release.version}</td>
                  <td>
                    <div className={styles.tags}>
                      {served && <span className={[styles.tag, styles.served].join(' ')}>{t('releases.tag.served')}</span>}
                      {release.version === section.pinned && <span className={[styles.tag, styles.pinned].join(' ')}>{t('releases.tag.pinned')}</span>}
                      {!served && release.compatible && <span className={styles.tag}>{t('releases.tag.available')}</span>}
                    </div>
                    {!release.compatible && <p className={styles.problem}>{t('releases.sections.cannotRun', { problem: release.problem })}</p>}
                  </td>
                  {mayRollOut && (
                    <td>
                      {!served && release.compatible && (
                        <Button variant="secondary" disabled={busy} aria-label={t('releases.rolloutVersion', { version: release.version })} onClick={() => ask({ kind: 'rollout', to: release.version })}>
                          {t('releases.rollout')}
                        </Button>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
