// One line in the making: the picker of the chosen play, the options, and the live ticket count
// (ticketsOf) and cost (betAmountMinor) of the picks; "add to slip" turns them into a slip line
// and clears the picker for the next one.
import { amountMinorOf, Button, formatMoney, useT } from '@platform/shared';
import type { LotteryGame } from '@platform/contract';
import { betAmountMinor, type PlayDefinition } from '@platform/lottery-rules';
import { useState } from 'react';
import { BetOptions, type BetOptionsValue } from './bet-options';
import styles from './betting.module.css';
import { NumberPicker } from './number-picker';
import { emptyPicks, rowProblems } from './picker';
import { lineOf, type SlipLineDraft } from './slip';
import { NAMESPACE } from './translations';

export interface BetBuilderProps {
  game: LotteryGame;
  play: PlayDefinition;
  options: BetOptionsValue;
  onOptions: (options: BetOptionsValue) => void;
  /** Whether the slip takes one more line (50 lines, 20 000 characters). */
  fits: (line: SlipLineDraft) => boolean;
  onAdd: (line: SlipLineDraft) => void;
}

/** Mount with `key={play.id}`: another play starts with an empty picker. */
export function BetBuilder({ game, play, options, onOptions, fits, onAdd }: BetBuilderProps) {
  const { t } = useT(NAMESPACE);
  const [picks, setPicks] = useState<bigint[]>(() => emptyPicks(play));
  const tickets = play.ticketsOf(picks);
  const amountMinor = tickets > 0 ? betAmountMinor(play, tickets, options.mode, options.multiple) : 0;
  const line = lineOf(play, picks, options);
  const picked = picks.some((mask) => mask !== 0n);

  let hint: string | null = null;
  if (picked && tickets === 0) {
    const [problem] = rowProblems(play, picks);
    hint = problem
      ? t(problem.kind === 'too_few' ? 'row_too_few' : 'row_too_many', { row: t(play.rows[problem.row].labelKey), count: problem.limit })
      : t('picks_make_no_bet');
  } else if (tickets > 0 && amountMinor === undefined) {
    hint = t('amount_not_whole');
  } else if (line && !fits(line)) {
    hint = t('slip_full');
  }

  return (
    <section className={styles.builder} aria-label={t('your_numbers')} data-testid="bet-builder">
      <NumberPicker play={play} picks={picks} onChange={setPicks} />
      <BetOptions game={game} play={play} picks={picks} value={options} onChange={onOptions} />
      <div className={styles.addBar}>
        <p className={styles.summary} data-testid="bet-summary" aria-live="polite">
          {t('tickets_cost', { tickets: t('tickets', { count: tickets }), amount: formatMoney(amountMinorOf(amountMinor ?? 0)) })}
        </p>
        {hint && (
          <p className={styles.hint} data-testid="bet-hint">
            {hint}
          </p>
        )}
        <Button
          disabled={!line || !fits(line)}
          onClick={() => {
            if (!line || !fits(line)) return;
            onAdd(line);
            setPicks(emptyPicks(play));
          }}
          data-testid="add-to-slip"
        >
          {t('add_to_slip')}
        </Button>
      </div>
    </section>
  );
}
