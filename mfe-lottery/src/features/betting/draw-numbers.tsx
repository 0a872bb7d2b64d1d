// A draw's numbers as the player reads them: balls in draw order (Mark Six balls in their colour,
// 波色, with their zodiac, the special number set apart; the three dice of Fast 3 as dice), the sum
// that Fast 3 and Lucky 28 bets read, and for the Vietnam lottery the table of its prizes: the
// northern draw's 27 (ĐB, G1 … G7, top down as its results are printed), the southern and
// central draws' 18 (printed from G8 at the top down to ĐB at the bottom; the numbers come ĐB
// first either way).
import { useT } from '@platform/shared';
import { ZODIAC_KEYS, isVietnamKind, lhcColour, lhcZodiac, lunarYearOf, type LotteryKind } from '@platform/lottery-rules';
import styles from './betting.module.css';
import { cx } from './cx';
import { NAMESPACE } from './translations';

type PrizeRows = readonly (readonly [key: string, count: number])[];

/** The northern prizes in draw order: translation key and how many numbers each has (27 in all). */
export const VN_PRIZE_ROWS: PrizeRows = [
  ['vn_prize_db', 1],
  ['vn_prize_g1', 1],
  ['vn_prize_g2', 2],
  ['vn_prize_g3', 6],
  ['vn_prize_g4', 4],
  ['vn_prize_g5', 6],
  ['vn_prize_g6', 3],
  ['vn_prize_g7', 4],
];

/** The southern and central prizes in the numbers' order (ĐB first): 18 in all. */
export const VN18_PRIZE_ROWS: PrizeRows = [
  ['vn_prize_db', 1],
  ['vn_prize_g1', 1],
  ['vn_prize_g2', 1],
  ['vn_prize_g3', 2],
  ['vn_prize_g4', 7],
  ['vn_prize_g5', 1],
  ['vn_prize_g6', 3],
  ['vn_prize_g7', 1],
  ['vn_prize_g8', 1],
];

/**
 * The numbers of a Vietnamese draw (ĐB first), row by row, in the order its result is printed:
 * the northern draw's from ĐB down to G7, the southern and central draws' from G8 up to ĐB.
 */
export function vnPrizeRows(numbers: readonly string[], kind: LotteryKind = 'VN'): { key: string; numbers: string[] }[] {
  let at = 0;
  const rows = (kind === 'VN18' ? VN18_PRIZE_ROWS : VN_PRIZE_ROWS).map(([key, count]) => {
    const row = { key, numbers: numbers.slice(at, at + count) };
    at += count;
    return row;
  });
  return kind === 'VN18' ? rows.reverse() : rows;
}

export function VnPrizeTable({ kind = 'VN', numbers, caption }: { kind?: LotteryKind; numbers: readonly string[]; caption?: string }) {
  const { t } = useT(NAMESPACE);
  return (
    <table className={styles.vnTable} data-testid="vn-prize-table" data-kind={kind}>
      {caption && <caption className={styles.vnCaption}>{caption}</caption>}
      <tbody>
        {vnPrizeRows(numbers, kind).map((row) => (
          <tr key={row.key}>
            <th scope="row">{t(row.key)}</th>
            <td>
              <span className={cx(styles.vnNumbers, row.key === 'vn_prize_db' && styles.vnSpecial)}>
                {row.numbers.map((number, index) => (
                  <span key={index} className={styles.vnNumber}>
                    {number}
                  </span>
                ))}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Ball({ kind, number, special, lunarYear }: { kind: LotteryKind; number: string; special: boolean; lunarYear: number }) {
  const { t } = useT(NAMESPACE);
  const value = Number(number);
  if (kind === 'K3') return <li className={cx(styles.ball, styles.die)}>{number}</li>;
  if (kind !== 'LHC' || !Number.isInteger(value) || value < 1 || value > 49) {
    return <li className={styles.ball}>{number}</li>;
  }
  const colour = lhcColour(value);
  return (
    <li className={cx(styles.lhcItem, special && styles.lhcSpecial)} data-colour={colour}>
      <span className={cx(styles.ball, styles[`lhc_${colour}`])} title={t(`colour_${colour}`)}>
        {number}
      </span>
      <span className={styles.zodiac}>{t(ZODIAC_KEYS[lhcZodiac(value, lunarYear)])}</span>
    </li>
  );
}

/** Kinds whose bets mostly read the sum of the numbers: the page shows it after them. */
const SUM_KINDS: ReadonlySet<LotteryKind> = new Set<LotteryKind>(['K3', 'PC28']);

function DrawSum({ numbers }: { numbers: readonly string[] }) {
  const { t } = useT(NAMESPACE);
  const sum = numbers.reduce((total, number) => total + Number(number), 0);
  return (
    <li className={styles.drawSum} data-testid="draw-sum" aria-label={t('draw_sum', { value: sum })}>
      = {sum}
    </li>
  );
}

/**
 * A draw's numbers; `label` names the list for screen readers. Mark Six zodiacs follow the lunar
 * year of the draw's time (the map switches at Lunar New Year, lhc.ts).
 */
export function DrawNumbers({ kind, numbers, label, drawTime }: { kind: LotteryKind; numbers: readonly string[]; label: string; drawTime: number }) {
  if (isVietnamKind(kind)) return <VnPrizeTable kind={kind} numbers={numbers} caption={label} />;
  const lunarYear = kind === 'LHC' ? lunarYearOf(drawTime) : 0;
  return (
    <ol className={styles.balls} aria-label={label} data-testid="draw-numbers">
      {numbers.map((number, index) => (
        <Ball key={index} kind={kind} number={number} special={kind === 'LHC' && index === 6} lunarYear={lunarYear} />
      ))}
      {SUM_KINDS.has(kind) && <DrawSum numbers={numbers} />}
    </ol>
  );
}
