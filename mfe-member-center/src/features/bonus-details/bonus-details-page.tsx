import { EmptyState, formatMoney, Spinner, useCall, useT } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import { useId, useState, type ReactNode } from 'react';
import { useLotteryNames } from '../lottery-names';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { groupGames, loadBonusGames, percentText, type BonusGame } from './bonus-api';
import styles from './bonus-details.module.css';
import { ProductRebates } from './product-rebates';
import { NAMESPACE } from './translations';

/** One game's plays, group by group: each play's odds and rebate. */
function GameBonus({ game }: { game: BonusGame }) {
  const { t } = useT(NAMESPACE);
  const names = useLotteryNames();
  return (
    <div className={styles.game} data-testid="bonus-game">
      <dl className={styles.series}>
        <div>
          <dt>{t('min_series')}</dt>
          <dd>{game.minSeries}</dd>
        </div>
        <div>
          <dt>{t('max_bet_series')}</dt>
          <dd>{game.maxBetSeries}</dd>
        </div>
        <div>
          <dt>{t('max_series')}</dt>
          <dd>{game.maxSeries}</dd>
        </div>
      </dl>
      <p className={styles.note}>{t('explanation', { maxBetSeries: game.maxBetSeries, minSeries: game.minSeries, maxSeries: game.maxSeries })}</p>
      {game.playGroups.length === 0 && <EmptyState title={t('no_plays')} />}
      {game.playGroups.map((group) => {
        const groupName = names.playGroup(group.group);
        return (
          <section key={group.group} className={styles.group}>
            <h3 className={styles.groupTitle}>{groupName}</h3>
            {/* Three columns fit a phone; a long name wraps, and the box scrolls rather than the page. */}
            <div className={styles.scroller}>
              <table className={styles.table} aria-label={groupName}>
                <thead>
                  <tr>
                    <th scope="col">{t('col_play')}</th>
                    <th scope="col" className={styles.number}>
                      {t('col_odds')}
                    </th>
                    <th scope="col" className={styles.number}>
                      {t('col_rebate')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {group.plays.map((play) => (
                    <tr key={play.playId}>
                      <th scope="row" className={styles.playName}>
                        {names.play(play.playCode)}
                      </th>
                      <td className={styles.number}>
                        {formatMoney(play.oddsMinor, { symbol: '' })}
                        {play.perHit && <span className={styles.perHit}> {t('per_hit')}</span>}
                      </td>
                      <td className={styles.number}>{percentText(play.rebatePercent)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
    </div>
  );
}

/**
 * Bonus Details: pick a lottery game (games grouped by their lobby group), then see its plays by
 * menu group, each with the prize of one winning ticket at the highest series a bet may use and
 * the rebate at the lowest, beside the game's series range.
 */
export default function BonusDetailsPage(_props: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const names = useLotteryNames();
  const pickerId = useId();
  const bonus = useCall((signal) => loadBonusGames(signal), [], { requiresSession: true });
  const [picked, setPicked] = useState<string | null>(null);

  const games = bonus.status === 'success' ? bonus.data : bonus.status === 'loading' ? bonus.staleData : undefined;
  let body: ReactNode;
  if (bonus.status === 'error') {
    body = (
      <LoadError title={t('load_failed')} error={bonus.error} onRetry={bonus.refresh} />
    );
  } else if (games === undefined) {
    body = (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  } else if (games.length === 0) {
    body = <EmptyState title={t('no_games')} />;
  } else {
    // The game picked, or the first one (also when the picked one is gone from a newer answer).
    const game = games.find((item) => item.gameCode === picked) ?? games[0];
    body = (
      <>
        <div className={styles.filterField}>
          <label htmlFor={pickerId} className={styles.filterLabel}>
            {t('game')}
          </label>
          <select id={pickerId} className={styles.select} value={game.gameCode} onChange={(event) => setPicked(event.target.value)}>
            {groupGames(games).map((group) => (
              <optgroup key={group.gameGroupCode} label={names.gameGroup(group.gameGroupCode)}>
                {group.games.map((item) => (
                  <option key={item.gameCode} value={item.gameCode}>
                    {names.game(item.gameCode, item.gameName)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <GameBonus key={game.gameCode} game={game} />
      </>
    );
  }
  return (
    <div className={styles.page} data-testid="bonus-details" aria-busy={bonus.status === 'loading'}>
      <ProductRebates />
      {body}
    </div>
  );
}
