// The bet slip: its lines (each removable), the total of one round, the chase (0-120 further
// rounds on sale, stop on win, and a plan of a multiple per round: same multiple, doubling or a
// profit rate, chase-plan.ts, shown round by round) and the order's total (every round at its
// plan's factor); "place bet" asks for a login first, then a confirmation, then sends
// the order under an Idempotency-Key (the same key when the same order is sent again after a lost answer). Every refusal is said here,
// in the player's language, with what follows: the next round, or the deposit page.
import { amountMinorOf, bus, Button, ConfirmDialog, createRetryKey, formatMoney, requireRealAccount, useCall, useT } from '@platform/shared';
import { LOTTERY_MAX_CHASE, type LotteryGame } from '@platform/contract';
import { SLIP_MAX_MULTIPLE } from '@platform/lottery-rules';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { BetContent } from './bet-content';
import { failureOf, failureText, type Failure } from './bet-errors';
import { gameNameOf } from '../games/game-names';
import { loadNearRounds, placeBet, type BetOrder, type PlacedBet } from '../games/lottery-api';
import styles from './betting.module.css';
import {
  CHASE_PLAN_KINDS,
  chaseMultiplesOf,
  chasePlanOf,
  DEFAULT_CHASE_PLAN,
  MAX_RATE_PERCENT,
  slipFactsOf,
  type ChasePlan,
  type ChasePlanSettings,
} from './chase-plan';
import planStyles from './chase-plan.module.css';
import { betCartAmountText, slipText, slipTotalMinor, type SlipLine } from './slip';
import { NAMESPACE } from './translations';
import type { RoundView } from './use-round';

const money = (amountMinor: number) => formatMoney(amountMinorOf(amountMinor));

export interface BetSlipProps {
  game: LotteryGame;
  round: RoundView;
  lines: readonly SlipLine[];
  onRemove: (id: number) => void;
  onClear: () => void;
  /** The order was placed: the page empties the slip and reads today's orders again. */
  onPlaced: (placed: PlacedBet) => void;
  /** Today's orders may have changed (an answer was lost, a bet was not found). */
  onOrdersStale: () => void;
}

/** A whole number typed into a plan's field, kept within its bounds. */
const clampTo = (value: number, least: number, most: number) => Math.min(most, Math.max(least, Number.isFinite(value) ? Math.floor(value) : least));

/** The most a doubling plan multiplies by at each step. */
const MAX_DOUBLING_FACTOR = 100;

function PlanField({ label, value, least, most, onChange, testId }: { label: string; value: number; least: number; most: number; onChange: (value: number) => void; testId: string }) {
  const id = useId();
  return (
    <div className={planStyles.field}>
      <label htmlFor={id} className={styles.optionLabel}>
        {label}
      </label>
      <input
        id={id}
        className={planStyles.input}
        inputMode="numeric"
        value={String(value)}
        onChange={(event) => onChange(clampTo(Number(event.target.value.replace(/[^0-9]/g, '')) || least, least, most))}
        data-testid={testId}
      />
    </div>
  );
}

/** A round as the plan's narrow table names it: the day's draw number (the whole numero of a daily draw). */
const shortNumero = (numero: string) => numero.split('-').pop() ?? numero;

export function ChasePanel({
  game,
  round,
  chase,
  winningStop,
  onChase,
  onWinningStop,
  nearRefreshKey,
  plan = null,
  settings,
  onSettings,
}: {
  game: LotteryGame;
  round: RoundView;
  chase: number;
  winningStop: boolean;
  onChase: (chase: number) => void;
  onWinningStop: (winningStop: boolean) => void;
  nearRefreshKey: number;
  /** The plan of the chosen rounds (null: no chase yet, or no line to plan). */
  plan?: ChasePlan | null;
  /** The plan's type and inputs; without them the panel offers no plan (every round at the lines' multiples). */
  settings?: ChasePlanSettings;
  onSettings?: (settings: ChasePlanSettings) => void;
}) {
  const { t } = useT(NAMESPACE);
  const countId = useId();
  const kindId = useId();
  const openNumero = round.open?.numero ?? null;
  const near = useCall((signal) => loadNearRounds(game.gameCode, signal), [game.gameCode, openNumero, nearRefreshKey], { enabled: openNumero !== null });
  const after = near.status === 'success' && round.open ? near.data.filter((candidate) => candidate.drawTime > (round.open?.drawTime ?? 0)) : [];
  const maxChase = Math.min(LOTTERY_MAX_CHASE, after.length);
  const set = (value: number) => onChase(Math.max(0, Math.min(maxChase, Number.isFinite(value) ? Math.floor(value) : 0)));
  // Fewer rounds on sale than chosen (read again at each new round): the chase shrinks to fit.
  // Only a list read for the round on sale counts: between one round's close and the next
  // round's opening there is no round on sale, and the list of the round before is stale for
  // a render after the next one opens; neither may cut the player's chosen rounds.
  const current = near.status === 'success' && openNumero !== null && near.data.some((candidate) => candidate.numero === openNumero);
  useEffect(() => {
    if (current && chase > maxChase) onChase(maxChase);
  }, [current, chase, maxChase, onChase]);
  const numeroOf = (index: number) => (index === 0 ? openNumero : after[index - 1]?.numero) ?? '—';
  const change = (patch: Partial<ChasePlanSettings>) => {
    if (settings && onSettings) onSettings({ ...settings, ...patch });
  };
  const profit = plan?.kind === 'profit';

  return (
    <div className={styles.chase} data-testid="chase-panel">
      <div className={styles.option}>
        <label htmlFor={countId} className={styles.optionLabel}>
          {t('chase_rounds')}
        </label>
        <div className={styles.stepper}>
          <button type="button" className={styles.stepButton} aria-label={t('chase_down')} disabled={chase <= 0} onClick={() => set(chase - 1)}>
            −
          </button>
          <input
            id={countId}
            className={styles.stepInput}
            inputMode="numeric"
            value={String(chase)}
            onChange={(event) => set(Number(event.target.value.replace(/[^0-9]/g, '')) || 0)}
            disabled={maxChase === 0}
            data-testid="chase-count"
          />
          <button type="button" className={styles.stepButton} aria-label={t('chase_up')} disabled={chase >= maxChase} onClick={() => set(chase + 1)}>
            +
          </button>
        </div>
      </div>
      <p className={styles.muted} data-testid="chase-range">
        {near.status === 'loading' ? t('chase_loading') : chase > 0 && after[chase - 1] ? t('chase_range', { from: after[0].numero, to: after[chase - 1].numero }) : t('chase_max', { count: maxChase })}
      </p>
      <label className={styles.checkbox}>
        <input type="checkbox" checked={winningStop} onChange={(event) => onWinningStop(event.target.checked)} disabled={chase === 0} data-testid="chase-winning-stop" />
        {t('chase_stop_on_win')}
      </label>
      {settings && onSettings && (
        <div className={planStyles.plan} data-testid="chase-plan">
          <span className={styles.optionLabel} id={kindId}>
            {t('plan_kind')}
          </span>
          <div className={styles.segments} role="group" aria-labelledby={kindId}>
            {CHASE_PLAN_KINDS.map((kind) => (
              <button key={kind} type="button" className={styles.segment} aria-pressed={settings.kind === kind} onClick={() => change({ kind })} data-testid={`plan-kind-${kind}`}>
                {t(`plan_kind_${kind}`)}
              </button>
            ))}
          </div>
          <div className={planStyles.fields}>
            {settings.kind !== 'profit' && (
              <PlanField
                label={t(settings.kind === 'same' ? 'plan_multiple' : 'plan_start')}
                value={settings.multiple}
                least={1}
                most={SLIP_MAX_MULTIPLE}
                onChange={(multiple) => change({ multiple })}
                testId="plan-multiple"
              />
            )}
            {settings.kind === 'double' && (
              <>
                <PlanField label={t('plan_every')} value={settings.every} least={1} most={LOTTERY_MAX_CHASE} onChange={(every) => change({ every })} testId="plan-every" />
                <PlanField label={t('plan_factor')} value={settings.factor} least={1} most={MAX_DOUBLING_FACTOR} onChange={(factor) => change({ factor })} testId="plan-factor" />
              </>
            )}
            {settings.kind === 'profit' && (
              <PlanField label={t('plan_rate')} value={settings.ratePercent} least={0} most={MAX_RATE_PERCENT} onChange={(ratePercent) => change({ ratePercent })} testId="plan-rate" />
            )}
          </div>
          {settings.kind === 'profit' && <p className={styles.muted}>{t('plan_profit_note')}</p>}
          {plan && plan.stoppedAt !== null && (
            <p className={planStyles.warning} role="status" data-testid="plan-stopped">
              {plan.rounds.length === 0
                ? t(profit ? 'plan_unreachable' : 'plan_over_limit', { limit: plan.limit, rate: settings.ratePercent })
                : t(profit ? 'plan_stops_rate' : 'plan_stops_limit', { round: plan.stoppedAt + 1, limit: plan.limit, rate: settings.ratePercent })}
            </p>
          )}
          {plan && plan.rounds.length > 0 && (
            <div className={planStyles.tableWrap}>
              <table className={planStyles.table} data-testid="chase-plan-table">
                <thead>
                  <tr>
                    <th scope="col">{t('plan_col_round')}</th>
                    <th scope="col">{t('plan_col_multiple')}</th>
                    <th scope="col">{t('plan_col_amount')}</th>
                    <th scope="col">{t('plan_col_cumulative')}</th>
                    {profit && <th scope="col">{t('plan_col_profit')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {plan.rounds.map((planned) => (
                    <tr key={planned.index} data-testid="chase-plan-row">
                      <td title={numeroOf(planned.index)}>{shortNumero(numeroOf(planned.index))}</td>
                      <td>×{planned.factor}</td>
                      <td>{money(planned.amountMinor)}</td>
                      <td>{money(planned.cumulativeMinor)}</td>
                      {profit && <td>{money(planned.profitMinor)}</td>}
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr data-testid="chase-plan-total">
                    <th scope="row" colSpan={2}>
                      {t('plan_total')}
                    </th>
                    <td colSpan={profit ? 3 : 2}>{money(plan.totalMinor)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/** The plan's factors as the confirmation says them: all of a short plan, the first six and the last of a long one. */
function multiplesText(multiples: readonly number[]): string {
  if (multiples.length <= 8) return multiples.map((factor) => `×${factor}`).join(' ');
  return [...multiples.slice(0, 6).map((factor) => `×${factor}`), '…', `×${multiples[multiples.length - 1]}`].join(' ');
}

export function BetSlip({ game, round, lines, onRemove, onClear, onPlaced, onOrdersStale }: BetSlipProps) {
  const { t } = useT(NAMESPACE);
  const [chaseOpen, setChaseOpen] = useState(false);
  const [chase, setChase] = useState(0);
  const [winningStop, setWinningStop] = useState(true);
  const [planSettings, setPlanSettings] = useState<ChasePlanSettings>(DEFAULT_CHASE_PLAN);
  const [nearRefreshKey, setNearRefreshKey] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [placed, setPlaced] = useState<PlacedBet | null>(null);
  const orderKey = useRef(createRetryKey());

  const roundTotal = slipTotalMinor(lines);
  // The game's cap on one bet (0: none): no round of a plan may take a line's winning ticket past it.
  const capMinor = Math.round((game.maxPrize ?? 0) * 100);
  const facts = useMemo(() => slipFactsOf(lines, capMinor), [lines, capMinor]);
  const plan = useMemo(() => (chase > 0 && facts ? chasePlanOf(planSettings, chase + 1, facts) : null), [chase, facts, planSettings]);
  // A plan that stops early bets its rounds only; one that cannot start bets nothing.
  const plannedChase = plan ? Math.max(0, plan.rounds.length - 1) : 0;
  const multiples = plan ? chaseMultiplesOf(plan) : undefined;
  const total = plan ? plan.totalMinor : roundTotal;
  const planEmpty = plan !== null && plan.rounds.length === 0;
  const tickets = lines.reduce((sum, line) => sum + line.tickets, 0);
  const open = round.open;

  const toggleChase = () => {
    // A closed chase panel bets on the round on sale only.
    if (chaseOpen) setChase(0);
    setChaseOpen(!chaseOpen);
  };

  const startBet = () => {
    setPlaced(null);
    setFailure(null);
    if (!requireRealAccount()) return;
    setConfirming(true);
  };

  const send = async () => {
    const numero = round.open?.numero;
    if (!numero) {
      setConfirming(false);
      setFailure({ key: 'error_round_closed', serverMessage: null, action: null });
      return;
    }
    const order: BetOrder = {
      gameCode: game.gameCode,
      currentNumero: numero,
      bettingSlipString: slipText(lines),
      betCartAmountSum: betCartAmountText(total),
      chase: plannedChase,
      winningStop: plannedChase > 0 && winningStop,
      ...(multiples ? { chaseMultiples: multiples } : {}),
    };
    setBusy(true);
    try {
      const result = await placeBet(order, orderKey.current.keyFor(order));
      orderKey.current.settled();
      setPlaced(result);
      setChase(0);
      setChaseOpen(false);
      onPlaced(result);
    } catch (error) {
      orderKey.current.settled(error);
      const next = failureOf(error);
      setFailure(next);
      if (next.action === 'refresh_round') round.refresh();
      if (next.action === 'refresh_chase') setNearRefreshKey((key) => key + 1);
      if (next.action === 'refresh_orders') onOrdersStale();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <section className={styles.slip} aria-labelledby="lottery-slip-title" data-testid="bet-slip">
      <header className={styles.slipHeader}>
        <h3 id="lottery-slip-title" className={styles.slipTitle}>
          {t('slip_title')}
        </h3>
        {lines.length > 0 && (
          <Button variant="ghost" size="sm" onClick={onClear} data-testid="slip-clear">
            {t('slip_clear')}
          </Button>
        )}
      </header>
      {lines.length === 0 ? (
        <p className={styles.muted} data-testid="slip-empty">
          {t('slip_empty')}
        </p>
      ) : (
        <ul className={styles.slipLines}>
          {lines.map((line) => (
            <li key={line.id} className={styles.slipLine} data-testid="slip-line">
              <div className={styles.slipLineText}>
                <span className={styles.slipPlay}>{t(`play_${line.play.code}`)}</span>
                <BetContent play={line.play} rows={line.rows} className={styles.slipNumbers} />
                <span className={styles.muted}>
                  {t('line_details', { tickets: t('tickets', { count: line.tickets }), multiple: line.multiple, mode: t(`money_mode_${line.mode}`), series: line.series })}
                </span>
              </div>
              <span className={styles.slipAmount}>{money(line.amountMinor)}</span>
              <button type="button" className={styles.remove} onClick={() => onRemove(line.id)} aria-label={t('slip_remove', { play: t(`play_${line.play.code}`) })} data-testid="slip-remove">
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.slipTotal} data-testid="slip-total">
        {t('slip_total', { lines: t('lines', { count: lines.length }), tickets: t('tickets', { count: tickets }), amount: money(roundTotal) })}
      </p>
      <button type="button" className={styles.disclosure} aria-expanded={chaseOpen} onClick={toggleChase} data-testid="chase-toggle">
        {t('chase')}
      </button>
      {chaseOpen && (
        <ChasePanel
          game={game}
          round={round}
          chase={chase}
          winningStop={winningStop}
          onChase={setChase}
          onWinningStop={setWinningStop}
          nearRefreshKey={nearRefreshKey}
          plan={plan}
          settings={planSettings}
          onSettings={setPlanSettings}
        />
      )}
      <p className={styles.orderTotal} data-testid="order-total">
        {plannedChase > 0 ? t('order_total_chase', { amount: money(total), rounds: plannedChase + 1 }) : t('order_total', { amount: money(total) })}
      </p>
      {failure && (
        <div className={styles.failure} role="alert" data-testid="bet-error">
          <p>{failureText(t, failure)}</p>
          {failure.action === 'deposit' && (
            <Button variant="secondary" size="sm" onClick={() => bus.dispatch({ type: 'openMemberCenter', page: 'depositv2' })} data-testid="bet-deposit">
              {t('deposit')}
            </Button>
          )}
        </div>
      )}
      {placed && (
        <p className={styles.success} role="status" data-testid="bet-placed">
          {t('bet_placed', { orderNo: placed.orderNo, amount: money(placed.amountMinor) })}
        </p>
      )}
      <Button block disabled={lines.length === 0 || !open || planEmpty} loading={busy} onClick={startBet} data-testid="place-bet">
        {open ? t('place_bet') : t('betting_closed')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('confirm_title')}
        busy={busy}
        confirmLabel={t('confirm_bet')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void send()}
        testId="bet-confirm"
        message={
          <span className={styles.confirmText}>
            <span>{t('confirm_game_round', { game: gameNameOf(t, game), numero: open?.numero ?? '—' })}</span>
            <span>{t('confirm_lines', { lines: t('lines', { count: lines.length }), tickets: t('tickets', { count: tickets }), amount: money(roundTotal) })}</span>
            {plannedChase > 0 && <span>{t(winningStop ? 'confirm_chase_stop' : 'confirm_chase', { count: plannedChase })}</span>}
            {multiples && <span data-testid="confirm-plan">{t('confirm_plan', { multiples: multiplesText(multiples) })}</span>}
            <strong>{t('confirm_total', { amount: money(total) })}</strong>
          </span>
        }
      />
    </section>
  );
}
