import { Button, useT } from '@platform/shared';
import type { AgentContract, RealtimeTerms } from '@platform/contract';
import { TextField, useForm, type FieldErrors } from '@platform/shared/forms';
import { useState } from 'react';
import { OfferDialog, useOfferSending } from '../contracts';
import { offerContract } from './realtime-api';
import { checkOffer, RATE_KINDS, ratePercentText, ratesFor, type RateKind, type RateProblem, type RatesProblems, type TypedRates } from './rates';
import styles from './realtime-salary.module.css';
import { NAMESPACE } from './translations';

interface Values {
  downlineId: string;
  profitRate: string;
  lossRate: string;
}

export interface OfferContractDialogProps {
  /** The agent's own terms: an offer may not exceed them. */
  own: RealtimeTerms;
  /** The agent's current contracts with downlines: those agents are not offered another. */
  current: readonly AgentContract[];
  /** The lottery games a rate may be set for. */
  gameCodes: readonly string[];
  gameName: (gameCode: string) => string;
  onClose: () => void;
  onOffered: () => void;
}

const BLANK: TypedRates = { profitRate: '', lossRate: '' };

/**
 * Offer a contract to a direct downline agent: a default profit and loss rate, and optionally other
 * rates for some lottery games (blank: the default), each no higher than the agent's own.
 */
export function OfferContractDialog({ own, current, gameCodes, gameName, onClose, onOffered }: OfferContractDialogProps) {
  const { t } = useT(NAMESPACE);
  const sending = useOfferSending();
  const [gameRates, setGameRates] = useState<Record<string, TypedRates>>({});
  const [gameProblems, setGameProblems] = useState<Record<string, RatesProblems>>({});
  const [showGames, setShowGames] = useState(false);

  const problemText = (problem: RateProblem | undefined): string | undefined => {
    if (!problem) return undefined;
    switch (problem.key) {
      case 'rate_required':
        return t('rate_required');
      case 'rate_format':
        return t('rate_format');
      case 'rate_above_own':
        return t('rate_above_own', { max: ratePercentText(problem.maxUnits) });
      case 'rate_default_above_own':
        return t('rate_default_above_own', { max: ratePercentText(problem.maxUnits) });
    }
  };

  const check = (values: Values) => checkOffer({ default: { profitRate: values.profitRate, lossRate: values.lossRate }, games: gameRates }, own, gameCodes);

  const form = useForm<Values>({
    initialValues: { downlineId: '', profitRate: '', lossRate: '' },
    validate: (values) => {
      const result = check(values);
      setGameProblems(result.games);
      if (Object.keys(result.games).length > 0) setShowGames(true);
      const errors: FieldErrors<Values> = {
        downlineId: sending.downlineError(values.downlineId),
        profitRate: result.default.profitRate ? { text: problemText(result.default.profitRate) as string } : null,
        lossRate: result.default.lossRate ? { text: problemText(result.default.lossRate) as string } : null,
      };
      return errors;
    },
    onSubmit: async (values) => {
      const { terms } = check(values);
      if (!terms) {
        form.setFormError(t('game_rates_invalid'));
        return;
      }
      await sending.send(() => offerContract(Number(values.downlineId), terms));
      onOffered();
    },
    failureMessage: sending.failureMessage,
  });

  const setGameRate = (gameCode: string, kind: RateKind, value: string) => {
    setGameRates((rates) => ({ ...rates, [gameCode]: { ...(rates[gameCode] ?? BLANK), [kind]: value } }));
    setGameProblems((problems) => {
      if (!problems[gameCode]?.[kind]) return problems;
      const { [kind]: _cleared, ...rest } = problems[gameCode];
      return { ...problems, [gameCode]: rest };
    });
  };

  return (
    <OfferDialog form={form} current={current} onClose={onClose}>
      <div className={styles.rateFields}>
        {RATE_KINDS.map((kind) => (
          <TextField
            key={kind}
            name={kind}
            label={kind === 'profitRate' ? t('field_profit_rate') : t('field_loss_rate')}
            value={form.values[kind]}
            onChange={(value) => form.setValue(kind, value)}
            inputMode="numeric"
            required
            maxLength={6}
            placeholder="0.00"
            hint={t('own_rate', { rate: ratePercentText(own.default[kind]) })}
            error={form.errors[kind]?.text}
            testIdPrefix="offer"
          />
        ))}
      </div>
      <p className={styles.note}>{t('rates_explained')}</p>
      {gameCodes.length > 0 && (
        <div className={styles.gameRates}>
          <Button variant="ghost" size="sm" aria-expanded={showGames} onClick={() => setShowGames((shown) => !shown)} data-testid="offer-games-toggle">
            {showGames ? t('hide_game_rates') : t('show_game_rates')}
          </Button>
          {showGames && (
            <ul className={styles.gameList}>
              {gameCodes.map((gameCode) => {
                const mine = ratesFor(own, gameCode);
                const problems = gameProblems[gameCode] ?? {};
                return (
                  <li key={gameCode} className={styles.gameRow} data-testid={`offer-game-${gameCode}`}>
                    <span className={styles.gameName}>{gameName(gameCode)}</span>
                    {RATE_KINDS.map((kind) => {
                      const label = `${gameName(gameCode)}: ${kind === 'profitRate' ? t('field_profit_rate') : t('field_loss_rate')}`;
                      const error = problemText(problems[kind]);
                      return (
                        <span key={kind} className={styles.gameRate}>
                          <span className={styles.gameRateLabel} aria-hidden="true">
                            {kind === 'profitRate' ? t('profit_rate') : t('loss_rate')} ≤ {ratePercentText(mine[kind])}
                          </span>
                          <input
                            className={error ? `${styles.rateInput} ${styles.rateInputInvalid}` : styles.rateInput}
                            aria-label={label}
                            aria-invalid={error ? true : undefined}
                            inputMode="decimal"
                            maxLength={6}
                            placeholder={t('placeholder_default')}
                            value={gameRates[gameCode]?.[kind] ?? ''}
                            onChange={(event) => setGameRate(gameCode, kind, event.target.value)}
                            data-testid={`offer-game-${gameCode}-${kind}`}
                          />
                          {error && (
                            <span className={styles.fieldError} role="alert">
                              {error}
                            </span>
                          )}
                        </span>
                      );
                    })}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </OfferDialog>
  );
}
