import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatTime, localeOf, Notice, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import styles from './games.module.css';

/** A round of an official-result game waiting for its result (GET /lottery/results). */
export interface AwaitingRound {
  roundId: number;
  gameCode: string;
  gameName: string;
  kind: string;
  /** How many numbers its result has (the server's draw rules). */
  size: number;
  /**
   * The digits of each number in the entry's order (the server's draw rules): exactly that many for
   * the Vietnamese kinds (VN, VN18: zero-padded), at most for the others.
   */
  widths?: number[];
  numero: string;
  drawAt: number;
  openBets: number;
  /** Who entered the result once (never the numbers); null: nobody yet. */
  firstEntry: { operator: string; enteredAt: number } | null;
  mismatches: number;
}

/** The numbers as typed: separated by spaces, commas or new lines. */
export const typedNumbers = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

/** The kinds whose numbers are written with all their digits (the Vietnamese prize tables). */
const EXACT_WIDTH_KINDS = new Set(['VN', 'VN18']);

/**
 * The first typed number (1-based) whose digits the round's result cannot have, with the digits
 * it should have; null when all fit so far. Typing a southern or central result from G8 up, as the
 * sheet prints it, is caught at the first number: the special prize has six digits.
 */
export function misfit(round: Pick<AwaitingRound, 'kind' | 'widths'>, numbers: readonly string[]): { index: number; digits: number } | null {
  if (!round.widths) return null;
  const exact = EXACT_WIDTH_KINDS.has(round.kind);
  const at = numbers.findIndex((number, index) => index < round.widths!.length && (exact ? number.length !== round.widths![index] : number.length > round.widths![index]));
  return at < 0 ? null : { index: at + 1, digits: round.widths[at] };
}

const HINTS: Record<string, string> = { VN: 'games.results.vnHint', VN18: 'games.results.vn18Hint' };

/**
 * Rounds of games set to official results whose draw time has passed: risk staff type the official
 * numbers, and a second operator types them again from the official source (the first entry's
 * numbers are never shown); when both agree the round is drawn and then settled, when they differ
 * both are set aside and it is entered twice again.
 */
export function OfficialResultsPanel() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api, may, session } = useBackOffice();
  const { data, error, loading, reload } = useLoad(() => api.get<{ list: AwaitingRound[] }>('/lottery/results'), [], { refreshMs: 30_000 });
  const action = useAction();
  const mayEnter = may('POST /lottery/results/:roundId');

  return (
    <section aria-label={t('games.results.title')} className={ui.panel}>
      <div className={ui.toolbar}>
        <h2 className={styles.heading}>{t('games.results.title')}</h2>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
      </div>
      <p className={styles.muted}>{t('games.results.intro')}</p>
      <Notice>{action.outcome.notice}</Notice>
      <ErrorMessage>{action.outcome.error}</ErrorMessage>
      <ErrorMessage>{error && t('games.loadFailed', { reason: error })}</ErrorMessage>
      {data && data.list.length === 0 && <p className={ui.empty}>{t('games.results.none')}</p>}
      {data?.list.map((round) => (
        <div key={round.roundId} className={styles.resultRound} data-testid="awaiting-result" data-round={round.roundId}>
          <p>
            <strong>
              {round.gameName} {round.numero}
            </strong>{' '}
            · {t('games.results.drawAt', { time: formatTime(round.drawAt, locale), bets: round.openBets })}
          </p>
          <p className={styles.muted}>
            {round.firstEntry
              ? round.firstEntry.operator === session.operator.username
                ? t('games.results.yoursWaits', { time: formatTime(round.firstEntry.enteredAt, locale) })
                : t('games.results.secondWanted', { operator: round.firstEntry.operator, time: formatTime(round.firstEntry.enteredAt, locale) })
              : t('games.results.firstWanted')}
            {round.mismatches > 0 && <> {t('games.results.mismatches', { count: round.mismatches })}</>}
          </p>
          {mayEnter && round.firstEntry?.operator !== session.operator.username && (
            <ResultForm
              round={round}
              busy={action.busy}
              onEnter={(numbers) =>
                void action
                  .run(async () => {
                    const entered = await api.post<{ state: 'awaiting_second' | 'drawn'; numbers?: string[] }>(`/lottery/results/${round.roundId}`, { numbers });
                    return entered.state === 'drawn'
                      ? t('games.results.drawn', { round: `${round.gameName} ${round.numero}`, numbers: (entered.numbers ?? []).join(' ') })
                      : t('games.results.awaitingSecond', { round: `${round.gameName} ${round.numero}` });
                  })
                  .finally(() => void reload())
              }
            />
          )}
        </div>
      ))}
    </section>
  );
}

function ResultForm({ round, busy, onEnter }: { round: AwaitingRound; busy: boolean; onEnter: (numbers: string[]) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const numbers = typedNumbers(text);
  const size = round.size;
  const wrong = misfit(round, numbers);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onEnter(numbers);
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('games.results.formFor', { round: `${round.gameName} ${round.numero}` })}>
      <Field label={t('games.results.numbers', { count: size })}>
        <textarea className={styles.numbers} rows={EXACT_WIDTH_KINDS.has(round.kind) ? 4 : 1} value={text} onChange={(event) => setText(event.target.value)} spellCheck={false} autoComplete="off" />
      </Field>
      <p className={styles.muted}>{t(HINTS[round.kind] ?? 'games.results.hint')}</p>
      <p className={styles.muted} aria-live="polite">
        {t('games.results.typed', { count: numbers.length, size })}
        {wrong && <> {t(EXACT_WIDTH_KINDS.has(round.kind) ? 'games.results.widthExact' : 'games.results.widthMost', wrong)}</>}
      </p>
      <div className={ui.actions}>
        <Button type="submit" disabled={busy || numbers.length !== size || wrong !== null}>
          {t('games.results.enter')}
        </Button>
      </div>
    </form>
  );
}
