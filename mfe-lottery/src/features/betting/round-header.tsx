// The top of a betting page: the game, the round on sale with the countdown to its close (on the
// server's clock), "betting closed — next round opens in …" between a close and the next opening,
// and the latest result (its numbers as soon as the draw is pushed).
import { useT } from '@platform/shared';
import type { LotteryGame, LotteryRound } from '@platform/contract';
import { formatCountdown } from '../games/clock';
import { gameNameOf } from '../games/game-names';
import styles from './betting.module.css';
import { DrawNumbers } from './draw-numbers';
import { NAMESPACE } from './translations';
import type { RoundView } from './use-round';

export function RoundHeader({ game, round, nextRound }: { game: LotteryGame; round: RoundView; nextRound: LotteryRound | null }) {
  const { t } = useT(NAMESPACE);
  const { open, now } = round;
  let status: string;
  if (open) status = t('round_closes_in', { time: formatCountdown(open.closeTime - now) });
  else if (nextRound && nextRound.openTime > now) status = t('betting_closed_next_in', { time: formatCountdown(nextRound.openTime - now) });
  else status = t('betting_closed_next_soon');
  return (
    <header className={styles.roundHeader} data-testid="round-header">
      <h2 className={styles.gameName}>{gameNameOf(t, game)}</h2>
      <p className={styles.roundLine}>
        {open && (
          <span className={styles.numero} data-testid="round-numero">
            {t('round_numero', { numero: open.numero })}
          </span>
        )}
        <span className={open ? styles.countdown : styles.closed} data-testid="round-status" aria-live="off">
          {status}
        </span>
      </p>
    </header>
  );
}

export function LatestResult({ game, round }: { game: LotteryGame; round: RoundView }) {
  const { t } = useT(NAMESPACE);
  const { latestDraw, drawing, now } = round;
  return (
    <section className={styles.result} aria-label={t('latest_result')} data-testid="latest-result">
      {drawing && (
        <p className={styles.drawing} data-testid="round-drawing">
          {drawing.drawTime > now
            ? t('round_draws_in', { numero: drawing.numero, time: formatCountdown(drawing.drawTime - now) })
            : t('round_drawing', { numero: drawing.numero })}
        </p>
      )}
      {!latestDraw ? (
        <p className={styles.muted}>{t('no_result_yet')}</p>
      ) : latestDraw.state === 'void' ? (
        <p className={styles.muted}>{t('round_void', { numero: latestDraw.numero })}</p>
      ) : latestDraw.numbers.length === 0 ? (
        <p className={styles.muted}>{t('round_drawing', { numero: latestDraw.numero })}</p>
      ) : (
        <>
          <h3 className={styles.resultTitle}>{t('result_of_round', { numero: latestDraw.numero })}</h3>
          <DrawNumbers kind={game.kind} numbers={latestDraw.numbers} drawTime={latestDraw.drawTime} label={t('result_of_round', { numero: latestDraw.numero })} />
        </>
      )}
    </section>
  );
}
