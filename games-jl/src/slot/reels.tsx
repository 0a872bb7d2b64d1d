import { useTranslation } from 'react-i18next';
import type { Cell, SlotSymbol } from '../api/types';
import styles from './slot.module.css';
import { symbolLook, symbolName } from './symbols';

export interface ReelsProps {
  gameCode: string;
  symbols: SlotSymbol[];
  /** grid[reel][row] */
  grid: string[][];
  spinning: boolean;
  /** Cells of winning lines and scatters. */
  highlighted: Cell[];
}

/** The reels: one column per reel; spinning blurs and scrolls them (not with reduced motion: CSS). */
export function Reels({ gameCode, symbols, grid, spinning, highlighted }: ReelsProps) {
  const { t } = useTranslation();
  const isHighlighted = (reel: number, row: number) => highlighted.some(([r, w]) => r === reel && w === row);
  return (
    <div className={styles.reels} role="grid" aria-label={t('slot.reels')} aria-busy={spinning} data-testid="reels">
      {grid.map((column, reel) => (
        <div key={reel} role="row" className={`${styles.reel} ${spinning ? styles.spinning : ''}`} style={{ animationDelay: `${reel * 60}ms` }}>
          {column.map((id, row) => {
            const look = symbolLook(gameCode, symbols, id);
            const symbol = symbols.find((candidate) => candidate.id === id);
            const name = symbolName(t, symbol, id);
            return (
              <div
                key={row}
                role="gridcell"
                aria-label={name}
                data-symbol={id}
                data-win={isHighlighted(reel, row) ? 'true' : undefined}
                className={`${styles.cell} ${styles[`tone${look.tone}`]} ${isHighlighted(reel, row) ? styles.highlight : ''}`}
              >
                <span aria-hidden="true">{look.picture}</span>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
