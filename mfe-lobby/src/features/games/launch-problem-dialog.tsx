import { bus, ConfirmDialog, formatDateTime, Modal, useT } from '@platform/shared';
import type { LobbyGame } from './game-model';
import { GameGrid } from './game-tile';
import styles from './games.module.css';
import { NAMESPACE } from './translations';

export type LaunchProblem =
  | { kind: 'balance'; message: string }
  | { kind: 'maintenance'; message: string; start: number | null; end: number | null; suggestions: LobbyGame[] }
  | { kind: 'not-connected'; message: string };

/** What the lobby says when a launch is refused for a reason the player can act on. */
export function LaunchProblemDialog({ problem, onClose }: { problem: LaunchProblem; onClose: () => void }) {
  const { t } = useT(NAMESPACE);
  if (problem.kind === 'balance') {
    return (
      <ConfirmDialog
        open
        testId="launch-balance-dialog"
        title={t('balance_title')}
        message={t('balance_message')}
        confirmLabel={t('deposit')}
        onConfirm={() => {
          onClose();
          bus.dispatch({ type: 'openMemberCenter', page: 'depositv2' });
        }}
        onCancel={onClose}
      />
    );
  }
  if (problem.kind === 'not-connected') {
    return (
      <ConfirmDialog
        open
        hideCancel
        testId="launch-not-connected-dialog"
        title={t('not_connected_title')}
        message={problem.message || t('not_connected_message')}
        onConfirm={onClose}
      />
    );
  }
  const window =
    problem.start !== null
      ? problem.end !== null
        ? t('maintenance_window', { start: formatDateTime(problem.start), end: formatDateTime(problem.end) })
        : t('maintenance_from', { start: formatDateTime(problem.start) })
      : null;
  return (
    <Modal open onClose={onClose} title={t('maintenance_title')} size="md" testId="launch-maintenance-dialog">
      <p className={styles.dialogText}>{problem.message || t('maintenance_message')}</p>
      {window && (
        <p className={styles.dialogText} data-testid="maintenance-window">
          {window}
        </p>
      )}
      {problem.suggestions.length > 0 && (
        <section className={styles.suggestions}>
          <h3 className={styles.sectionTitle}>{t('maintenance_suggestions')}</h3>
          <GameGrid games={problem.suggestions} label={t('maintenance_suggestions')} />
        </section>
      )}
    </Modal>
  );
}
