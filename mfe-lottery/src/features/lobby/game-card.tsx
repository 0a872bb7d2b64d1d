import { Link, useT } from '@platform/shared';
import type { LotteryGame, LotteryRound } from '@platform/contract';
import { gameNameOf, gamePath } from '../games/game-names';
import { RoundCountdown } from '../games/round-countdown';
import styles from './lobby.module.css';
import { NAMESPACE } from './translations';

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z" />
    </svg>
  );
}

/** A card's round: the one on sale (null: none) on the server's clock. */
export interface CardRound {
  current: LotteryRound | null;
  offsetMs: number;
}

export interface GameCardProps {
  game: LotteryGame;
  /** The round on sale (the countdown); undefined while unknown. */
  round?: CardRound;
  favourite: boolean;
  onToggleFavourite: (gameCode: string) => void;
  vietnam?: boolean;
}

/** One game: its name and the countdown of its round open its page; a star toggles it as a favourite. */
export function GameCard({ game, round, favourite, onToggleFavourite, vietnam = false }: GameCardProps) {
  const { t } = useT(NAMESPACE);
  const name = gameNameOf(t, game);
  return (
    <li className={styles.card} data-testid="lottery-game-card" data-game-code={game.gameCode}>
      <Link to={gamePath(game.gameCode, vietnam)} className={styles.cardLink}>
        <span className={styles.cardKind} aria-hidden="true">
          {game.kind}
        </span>
        <span className={styles.cardName}>{name}</span>
        {round && <RoundCountdown round={round.current} offsetMs={round.offsetMs} className={styles.cardMeta} />}
      </Link>
      <button
        type="button"
        className={styles.favourite}
        aria-pressed={favourite}
        aria-label={t(favourite ? 'favourite_remove' : 'favourite_add', { name })}
        data-testid="lottery-favourite"
        onClick={() => onToggleFavourite(game.gameCode)}
      >
        <StarIcon filled={favourite} />
      </button>
    </li>
  );
}

export interface GameCardsProps {
  games: readonly LotteryGame[];
  label: string;
  rounds: ReadonlyMap<string, CardRound>;
  isFavourite: (gameCode: string) => boolean;
  onToggleFavourite: (gameCode: string) => void;
  vietnam?: boolean;
}

/** Cards in a grid that wraps to the width (two a row at 390 px). */
export function GameCards({ games, label, rounds, isFavourite, onToggleFavourite, vietnam }: GameCardsProps) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {games.map((game) => (
        <GameCard
          key={game.gameCode}
          game={game}
          round={rounds.get(game.gameCode)}
          favourite={isFavourite(game.gameCode)}
          onToggleFavourite={onToggleFavourite}
          vietnam={vietnam}
        />
      ))}
    </ul>
  );
}
