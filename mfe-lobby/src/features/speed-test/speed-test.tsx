import { Button, EmptyState, Spinner, useCall, useT } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import { useEffect, useId, useMemo, useState } from 'react';
import { DEFAULT_SAMPLES, DEFAULT_TIMEOUT_MS, measureMirror, mirrorOrigin, rankMirrors, type Clock, type MirrorResult, type Probe } from './measure';
import { loadMirrors } from './speed-test-api';
import styles from './speed-test.module.css';
import { NAMESPACE } from './translations';

export interface SpeedTestProps {
  /** How a request is sent and time is read: the browser's fetch and performance.now unless a test gives its own. */
  probe?: Probe;
  now?: Clock;
  samples?: number;
  timeoutMs?: number;
  /** The origin the page is on (the browser's unless a test says otherwise). */
  pageOrigin?: string;
}

/** A mirror as listed: its origin, or null when the operator's text names no site (shown unreachable). */
interface Mirror {
  key: string;
  origin: string | null;
}

const hostOf = (origin: string): string => new URL(origin).host;

/** The mirrors of the list, each origin once, in the operator's order. */
function mirrorsOf(domains: readonly string[]): Mirror[] {
  const seen = new Set<string>();
  const mirrors: Mirror[] = [];
  for (const domain of domains) {
    const origin = mirrorOrigin(domain);
    const key = origin ?? domain;
    if (seen.has(key)) continue;
    seen.add(key);
    mirrors.push({ key, origin });
  }
  return mirrors;
}

/**
 * The mirror speed test: each of the site's mirror domains timed from this browser (several small
 * requests each, the median counts), then ranked fastest first with the fastest marked and a link
 * to switch to it; a mirror that does not answer is unreachable. It runs when shown and again on
 * request.
 */
export function SpeedTest({ probe, now, samples = DEFAULT_SAMPLES, timeoutMs = DEFAULT_TIMEOUT_MS, pageOrigin = window.location.origin }: SpeedTestProps) {
  const { t } = useT(NAMESPACE);
  const headingId = useId();
  const list = useCall((signal) => loadMirrors(signal), []);
  const domains = list.status === 'success' ? list.data : null;
  const mirrors = useMemo(() => (domains ? mirrorsOf(domains) : null), [domains]);
  const [run, setRun] = useState(0);
  const [results, setResults] = useState<ReadonlyMap<string, MirrorResult>>(new Map());

  useEffect(() => {
    if (!mirrors) return undefined;
    const controller = new AbortController();
    setResults(new Map());
    for (const mirror of mirrors) {
      const measured = mirror.origin
        ? measureMirror(mirror.origin, { samples, timeoutMs, probe, now, pageOrigin, signal: controller.signal })
        : Promise.resolve<MirrorResult>({ origin: mirror.key, samples: [], medianMs: null });
      void measured.then((result) => {
        if (!controller.signal.aborted) setResults((current) => new Map(current).set(mirror.key, result));
      });
    }
    return () => controller.abort();
  }, [mirrors, run, samples, timeoutMs, probe, now, pageOrigin]);

  if (list.status === 'error') return <LoadError title={t('load_failed')} error={list.error} onRetry={list.refresh} testId="speed-test-error" />;
  if (!mirrors) {
    return (
      <div className={styles.loading} aria-busy="true">
        <Spinner />
      </div>
    );
  }
  if (mirrors.length === 0) return <EmptyState title={t('no_mirrors')} />;

  const measuring = mirrors.some((mirror) => !results.has(mirror.key));
  // While measuring, the operator's order (rows do not jump about); then fastest first.
  const rows: { mirror: Mirror; result: MirrorResult | undefined }[] = measuring
    ? mirrors.map((mirror) => ({ mirror, result: results.get(mirror.key) }))
    : rankMirrors(mirrors.map((mirror) => results.get(mirror.key) as MirrorResult)).map((result) => ({
        mirror: mirrors.find((mirror) => mirror.key === result.origin) as Mirror,
        result,
      }));
  const fastest = measuring ? undefined : rows.find((row) => row.result !== undefined && row.result.medianMs !== null && row.mirror.origin !== null);

  return (
    <section className={styles.speedTest} aria-labelledby={headingId} aria-busy={measuring || undefined} data-testid="speed-test" data-state={measuring ? 'measuring' : 'done'}>
      <h2 id={headingId} className={styles.title}>
        {t('title')}
      </h2>
      <p className={styles.muted}>{t('intro', { count: samples })}</p>
      <ol className={styles.list}>
        {rows.map(({ mirror, result }, index) => {
          const isFastest = fastest?.mirror === mirror;
          const reachable = result !== undefined && result.medianMs !== null;
          return (
            <li
              key={mirror.key}
              className={isFastest ? `${styles.row} ${styles.fastest}` : styles.row}
              data-testid="speed-test-mirror"
              data-origin={mirror.origin ?? mirror.key}
              data-fastest={isFastest || undefined}
            >
              <span className={styles.rank} aria-hidden="true">
                {!measuring && reachable ? index + 1 : ''}
              </span>
              <span className={styles.host}>
                <span className={styles.hostName}>{mirror.origin ? hostOf(mirror.origin) : mirror.key}</span>
                {mirror.origin === pageOrigin && <span className={styles.badge}>{t('this_site')}</span>}
                {isFastest && <span className={`${styles.badge} ${styles.fastestBadge}`}>{t('fastest')}</span>}
              </span>
              <span className={reachable || !result ? styles.time : `${styles.time} ${styles.unreachable}`} data-testid="speed-test-time">
                {!result ? t('measuring') : result.medianMs === null ? t('unreachable') : t('milliseconds', { ms: Math.round(result.medianMs) })}
              </span>
            </li>
          );
        })}
      </ol>
      {!measuring && (
        <p className={styles.summary} role="status" data-testid="speed-test-summary">
          {!fastest?.mirror.origin ? (
            t('none_reachable')
          ) : fastest.mirror.origin === pageOrigin ? (
            t('on_fastest')
          ) : (
            <a className={styles.switch} href={`${fastest.mirror.origin}/`} data-testid="speed-test-switch">
              {t('switch_to', { host: hostOf(fastest.mirror.origin) })}
            </a>
          )}
        </p>
      )}
      <div>
        <Button variant="secondary" size="sm" disabled={measuring} onClick={() => setRun((count) => count + 1)} data-testid="speed-test-again">
          {measuring ? t('measuring') : t('test_again')}
        </Button>
      </div>
    </section>
  );
}
