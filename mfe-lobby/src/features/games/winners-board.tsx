// The home page's jackpot figures and winners board: below the first screen of a phone, a chunk of
// its own that home-content.tsx fetches when the board approaches the viewport.
import { EmptyState, formatDateTime, formatMoney, Spinner, useCall, useT } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import { loadJackpot, loadWinners } from './games-api';
import styles from './games.module.css';
import { Section } from './home-section';
import { NAMESPACE } from './translations';

export default function WinnersSection() {
  const { t } = useT(NAMESPACE);
  const jackpot = useCall((signal) => loadJackpot(signal), []);
  const winners = useCall((signal) => loadWinners(signal), []);
  const retry = () => {
    jackpot.refresh();
    winners.refresh();
  };
  return (
    <Section title={t('winners')} testId="home-winners">
      {jackpot.status === 'success' && (
        <div className={styles.jackpot} data-testid="home-jackpot">
          <p className={styles.jackpotFigure}>
            <span className={styles.jackpotLabel}>{t('jackpot_today')}</span>
            <span className={styles.jackpotAmount}>{formatMoney(jackpot.data.todayTotalWonMinor)}</span>
          </p>
          {jackpot.data.biggestWin && (
            <p className={styles.jackpotFigure}>
              <span className={styles.jackpotLabel}>{t('jackpot_biggest_win')}</span>
              <span className={styles.jackpotValue}>
                {t('win_by', { amount: formatMoney(jackpot.data.biggestWin.winMinor), name: jackpot.data.biggestWin.username, game: jackpot.data.biggestWin.gameName })}
              </span>
            </p>
          )}
          {jackpot.data.biggestMultiple && jackpot.data.biggestMultiple.multiple !== null && (
            <p className={styles.jackpotFigure}>
              <span className={styles.jackpotLabel}>{t('jackpot_biggest_multiple')}</span>
              <span className={styles.jackpotValue}>
                {t('multiple_by', { multiple: jackpot.data.biggestMultiple.multiple.toFixed(2), name: jackpot.data.biggestMultiple.username, game: jackpot.data.biggestMultiple.gameName })}
              </span>
            </p>
          )}
        </div>
      )}
      {winners.status === 'loading' && <Spinner label={t('loading')} />}
      {winners.status === 'error' && <LoadError title={t('load_failed')} onRetry={retry} />}
      {winners.status === 'success' &&
        (winners.data.length === 0 ? (
          <EmptyState title={t('no_winners')} />
        ) : (
          <ol className={styles.winners}>
            {winners.data.map((winner, index) => (
              <li key={`${winner.username}-${winner.time}-${index}`} className={styles.winner}>
                <span className={styles.winnerName}>{winner.username}</span>
                <span className={styles.winnerGame}>{winner.gameName}</span>
                <span className={styles.winnerAmount}>{formatMoney(winner.winMinor)}</span>
                <span className={styles.winnerTime}>{formatDateTime(winner.time)}</span>
              </li>
            ))}
          </ol>
        ))}
    </Section>
  );
}
