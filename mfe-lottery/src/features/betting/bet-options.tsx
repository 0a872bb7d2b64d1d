// How a line is bet: the multiple (1-10 000), the money mode (元 ×1, 角 ×0.1, 分 ×0.01), and the
// prize series (the game's minSeries … maxBetSeries) with the prize of one winning ticket at it
// (each level's, for a play paying several) and the rebate it earns; then the live ticket count
// and cost of the picks, and "add to slip".
import { amountMinorOf, formatMoney, useT } from '@platform/shared';
import type { LotteryGame } from '@platform/contract';
import { SLIP_MAX_MULTIPLE, rebateFraction, ticketPrizeMinor, topTierWeight, type MoneyMode, type PlayDefinition } from '@platform/lottery-rules';
import { useId } from 'react';
import styles from './betting.module.css';
import { NAMESPACE } from './translations';

export const MONEY_MODES: readonly MoneyMode[] = [1, 2, 3];

export interface BetOptionsValue {
  mode: MoneyMode;
  series: number;
  multiple: number;
}

/**
 * The series a game offers: from its minSeries to its maxBetSeries in steps of 10, both ends and
 * its default always included.
 */
export function seriesChoices(game: Pick<LotteryGame, 'minSeries' | 'maxBetSeries' | 'defaultSeries'>): number[] {
  const choices = new Set<number>([game.minSeries, game.maxBetSeries, game.defaultSeries]);
  for (let series = Math.ceil(game.minSeries / 10) * 10; series <= game.maxBetSeries; series += 10) choices.add(series);
  return [...choices].filter((series) => series >= game.minSeries && series <= game.maxBetSeries).sort((a, b) => a - b);
}

/** The rebate of a series as a percentage with up to two decimals ("8", "2.75"). */
export function rebatePercent(series: number, maxSeries: number): string {
  const { num, den } = rebateFraction(Math.min(series, maxSeries), maxSeries);
  return String(Math.round((num * 10000) / den) / 100);
}

/** A multiple typed or stepped: a whole number within 1-10 000. */
export function clampMultiple(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(SLIP_MAX_MULTIPLE, Math.max(1, Math.floor(value)));
}

/** VN lô pays per occurrence of its number (a hit), every other play per winning ticket. */
const paysPerHit = (play: PlayDefinition) => play.perOccurrence === true;

export interface BetOptionsProps {
  game: LotteryGame;
  play: PlayDefinition;
  /** The picks so far: a play priced by its picks (Mark Six 过关) has a prize only for a valid bet. */
  picks: readonly bigint[];
  value: BetOptionsValue;
  onChange: (value: BetOptionsValue) => void;
}

export function BetOptions({ game, play, picks, value, onChange }: BetOptionsProps) {
  const { t } = useT(NAMESPACE);
  const multipleId = useId();
  const seriesId = useId();
  // A play priced by its picks shows no prize until they are a bet (prices.ts betProbability).
  const priced = !play.probabilityOf || play.probabilityOf(picks) !== undefined;
  // One winning ticket at this multiple, rounded once as the server pays it (prices.ts ticketPrizeMinor).
  const prize = priced ? ticketPrizeMinor(play, value.series, value.mode, value.multiple, picks) : 0;
  // The game's cap on one bet (0: none): a ticket above it is refused by the server, so say so here.
  // A play paying several levels (Mark Six 三中二) is held to it at its top level, as the server does.
  const capMinor = Math.round((game.maxPrize ?? 0) * 100);
  const topPrize = prize * topTierWeight(play);
  const set = (patch: Partial<BetOptionsValue>) => onChange({ ...value, ...patch });
  return (
    <div className={styles.options} data-testid="bet-options">
      <div className={styles.option}>
        <label htmlFor={multipleId} className={styles.optionLabel}>
          {t('multiple')}
        </label>
        <div className={styles.stepper}>
          <button type="button" className={styles.stepButton} aria-label={t('multiple_down')} disabled={value.multiple <= 1} onClick={() => set({ multiple: clampMultiple(value.multiple - 1) })}>
            −
          </button>
          <input
            id={multipleId}
            className={styles.stepInput}
            inputMode="numeric"
            value={String(value.multiple)}
            onChange={(event) => set({ multiple: clampMultiple(Number(event.target.value.replace(/[^0-9]/g, '')) || 1) })}
            data-testid="bet-multiple"
          />
          <button
            type="button"
            className={styles.stepButton}
            aria-label={t('multiple_up')}
            disabled={value.multiple >= SLIP_MAX_MULTIPLE}
            onClick={() => set({ multiple: clampMultiple(value.multiple + 1) })}
          >
            +
          </button>
        </div>
      </div>
      <div className={styles.option}>
        <span className={styles.optionLabel} id={`${multipleId}-mode`}>
          {t('money_mode')}
        </span>
        <div className={styles.segments} role="group" aria-labelledby={`${multipleId}-mode`}>
          {MONEY_MODES.map((mode) => (
            <button key={mode} type="button" className={styles.segment} aria-pressed={value.mode === mode} onClick={() => set({ mode })} data-testid={`money-mode-${mode}`}>
              {t(`money_mode_${mode}`)}
            </button>
          ))}
        </div>
      </div>
      <div className={styles.option}>
        <label htmlFor={seriesId} className={styles.optionLabel}>
          {t('series')}
        </label>
        <select id={seriesId} className={styles.select} value={value.series} onChange={(event) => set({ series: Number(event.target.value) })} data-testid="bet-series">
          {seriesChoices(game).map((series) => (
            <option key={series} value={series}>
              {t('series_option', { series, rebate: rebatePercent(series, game.maxSeries) })}
            </option>
          ))}
        </select>
      </div>
      <p className={styles.prizeLine} data-testid="bet-prize">
        {!priced
          ? t('prize_by_legs')
          : play.prizeTiers
          ? play.prizeTiers.map((tier, index) => (
              <span key={tier.labelKey} data-testid="bet-prize-tier" data-weight={tier.weight}>
                {index > 0 && ' · '}
                {t('prize_tier', { tier: t(tier.labelKey), amount: formatMoney(amountMinorOf(prize * tier.weight)) })}
              </span>
            ))
          : t(paysPerHit(play) ? 'prize_per_hit' : 'prize_per_ticket', { amount: formatMoney(amountMinorOf(prize)) })}
        {' · '}
        {t('rebate_percent', { percent: rebatePercent(value.series, game.maxSeries) })}
      </p>
      {capMinor > 0 && (
        <p className={topPrize > capMinor ? styles.prizeWarning : styles.prizeCap} role={topPrize > capMinor ? 'alert' : undefined} data-testid="bet-prize-cap">
          {t(topPrize > capMinor ? 'prize_over_cap' : 'prize_cap', { cap: formatMoney(amountMinorOf(capMinor)) })}
        </p>
      )}
    </div>
  );
}
