import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, ui } from '../../ui/ui';
import { useLoad } from '../../ui/use-load';
import styles from './releases.module.css';

/**
 * One tab of Releases: what it is about, a refresh, and a card per part (a remote of the player
 * site, a section of the back office) as `load` reads them; a card's change reads the list again.
 */
export function ReleaseList<T extends { name: string }>({
  intro,
  none,
  load,
  card,
}: {
  intro: string;
  /** Said when nothing is deployed. */
  none: string;
  load: () => Promise<T[]>;
  card: (item: T, onChanged: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const { data, error, loading, reload } = useLoad(load, []);
  return (
    <>
      <div className={ui.toolbar}>
        <p className={styles.intro}>{intro}</p>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
      </div>
      <ErrorMessage>{error && (data ? t('releases.reloadFailed', { reason: error }) : t('releases.loadFailed', { reason: error }))}</ErrorMessage>
      {!data && loading && (
        <p className={ui.empty} role="status">
          {t('loading')}
        </p>
      )}
      {data && data.length === 0 && <p className={[ui.panel, ui.empty].join(' ')}>{none}</p>}
      {data && data.length > 0 && <div className={styles.list}>{data.map((item) => card(item, () => void reload()))}</div>}
    </>
  );
}
