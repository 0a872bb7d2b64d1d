import { useT } from '@platform/shared';
import styles from './team-profit-loss.module.css';
import { NAMESPACE } from './translations';

/**
 * Where in the team the page is: "My team", then each member drilled into. Every level above the
 * current one leads back up to it.
 */
export function TeamBreadcrumb({ path, onGoTo }: { path: readonly string[]; onGoTo: (path: readonly string[]) => void }) {
  const { t } = useT(NAMESPACE);
  const levels = [{ name: t('my_team'), path: [] as readonly string[] }, ...path.map((username, index) => ({ name: username, path: path.slice(0, index + 1) }))];
  return (
    <nav aria-label={t('levels_label')} data-testid="pnl-breadcrumb">
      <ol className={styles.breadcrumb}>
        {levels.map((level, index) => {
          const current = index === levels.length - 1;
          return (
            <li key={level.path.join('\n')} className={styles.crumb}>
              {current ? (
                <span className={styles.crumbCurrent} aria-current="page">
                  {level.name}
                </span>
              ) : (
                <button type="button" className={styles.crumbLink} onClick={() => onGoTo(level.path)}>
                  {level.name}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
