import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatAmount, formatTime, Input, localeOf, Notice, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import styles from './games.module.css';
import { OfficialResultsPanel } from './official-results-panel';

export interface LotteryRound {
  numero: string;
  state: 'open' | 'drawn' | 'settled' | 'void';
  openAt: number;
  closeAt: number;
  drawAt: number;
  numbers: number[] | null;
  voidReason: string | null;
  bets: number;
  stake: number;
}

/** The settings the engine reads; money in major units, 0: no limit. */
export interface LotterySettings {
  enabled: boolean;
  /** house: drawn from the house's seed; official: staff enter the official result (two of them). */
  resultSource: 'house' | 'official';
  closeSeconds: number;
  /** The game's local weekdays with draws: Monday 1, Tuesday 2 … Sunday 64 added up; 127 every day. */
  drawWeekdays: number;
  /** Prize series (奖金组): prizes pay series ÷ 2000 of fair; min ≤ default ≤ maxBet ≤ max (the rebate ceiling). */
  minSeries: number;
  defaultSeries: number;
  maxBetSeries: number;
  maxSeries: number;
  maxPrize: number;
  maxRoundPayout: number;
  maxNumberPayout: number;
  maxMemberStake: number;
}

export interface LotteryGame extends LotterySettings {
  gameCode: string;
  name: string;
  kind: string;
  intervalSeconds: number;
  firstDrawSeconds: number;
  drawsPerDay: number;
  utcOffsetMinutes: number;
  current: LotteryRound | null;
  next: LotteryRound | null;
}

/** What new weekdays did to the rounds not on sale yet (null: the weekdays stayed). */
export interface ReplannedRounds {
  moved: number;
  created: number;
  deleted: number;
  voided: number;
  refundedBets: number;
}

const LIMITS = ['maxPrize', 'maxRoundPayout', 'maxNumberPayout', 'maxMemberStake'] as const;
const SERIES = ['minSeries', 'defaultSeries', 'maxBetSeries', 'maxSeries'] as const;
/** The weekdays in the mask's order: Monday is bit 0 (1) … Sunday bit 6 (64). */
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const EVERY_DAY = 127;
const dayBit = (index: number) => 1 << index;

/** A mask's weekdays in the operator's language, Monday first: "Mon · Thu". */
function weekdaysText(mask: number, t: (key: string) => string): string {
  return WEEKDAYS.filter((_, index) => (mask & dayBit(index)) !== 0)
    .map((day) => t(`games.lottery.weekday.${day}`))
    .join(' · ');
}

/**
 * The lottery games (GET /lottery/games) with their schedule and the round on sale: content staff
 * change what the engine reads (on sale, how long before the draw sales close, the most a bet wins
 * and the liability limits); risk opens a game's rounds (GET /lottery/rounds) and voids one that
 * cannot settle, after confirming it with a reason (every open bet refunded). A game set to
 * official results waits past each draw for risk staff to enter them (OfficialResultsPanel). The
 * weekdays a game draws on are one more setting (a Vietnamese province draws on its own days): the
 * server re-plans the rounds not on sale yet, and the notice says what became of them, since a
 * round of a day dropped that had bets is voided and its bets refunded.
 */
export function LotteryPanel() {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const { data, error, loading, reload } = useLoad(() => api.get<{ list: LotteryGame[] }>('/lottery/games'), []);
  const [editing, setEditing] = useState<string | null>(null);
  const [rounds, setRounds] = useState<string | null>(null);
  const action = useAction();
  const mayEdit = may('POST /lottery/games/:gameCode');
  const mayRounds = may('GET /lottery/rounds');
  const officialGames = data?.list.some((game) => game.resultSource === 'official') ?? false;

  return (
    <section aria-label={t('games.tabs.lottery')}>
      <div className={ui.toolbar}>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
      </div>
      <Notice>{action.outcome.notice}</Notice>
      <ErrorMessage>{action.outcome.error}</ErrorMessage>
      <ErrorMessage>{error && t('games.loadFailed', { reason: error })}</ErrorMessage>
      {data && data.list.length === 0 && <p className={[ui.panel, ui.empty].join(' ')}>{t('games.lottery.none')}</p>}
      {data && data.list.length > 0 && (
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">{t('games.lottery.game')}</th>
                <th scope="col">{t('games.lottery.schedule')}</th>
                <th scope="col">{t('games.lottery.current')}</th>
                <th scope="col">{t('games.lottery.next')}</th>
                <th scope="col">{t('games.lottery.limits')}</th>
                <th scope="col">{t('games.lottery.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((game) => (
                <GameRow
                  key={game.gameCode}
                  game={game}
                  editing={editing === game.gameCode}
                  onEdit={mayEdit ? () => setEditing(editing === game.gameCode ? null : game.gameCode) : undefined}
                  onRounds={mayRounds ? () => setRounds(rounds === game.gameCode ? null : game.gameCode) : undefined}
                  busy={action.busy}
                  onSave={(asked) =>
                    void action
                      .run(async () => {
                        const saved = await api.post<LotteryGame & { replannedRounds?: ReplannedRounds | null }>(`/lottery/games/${game.gameCode}`, asked);
                        const replanned = saved.replannedRounds;
                        return replanned
                          ? t('games.lottery.savedReplanned', { game: game.name, created: replanned.created, removed: replanned.deleted, voided: replanned.voided, bets: replanned.refundedBets })
                          : t('games.lottery.saved', { game: game.name });
                      })
                      .then((done) => done && setEditing(null))
                      .finally(() => void reload())
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rounds && <RoundsList key={rounds} gameCode={rounds} onClose={() => setRounds(null)} />}
      {officialGames && may('GET /lottery/results') && <OfficialResultsPanel />}
    </section>
  );
}

function roundText(round: LotteryRound | null, locale: string, t: (key: string, options?: Record<string, unknown>) => string) {
  if (!round) return '–';
  return t('games.lottery.roundLine', { numero: round.numero, close: formatTime(round.closeAt, locale), draw: formatTime(round.drawAt, locale), bets: round.bets });
}

function GameRow({ game, editing, busy, onEdit, onRounds, onSave }: { game: LotteryGame; editing: boolean; busy: boolean; onEdit?: () => void; onRounds?: () => void; onSave: (asked: Partial<LotterySettings>) => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const limit = (amount: number) => (amount > 0 ? formatAmount(amount, locale) : t('games.lottery.noLimit'));
  return (
    <>
      <tr data-testid="lottery-row" data-game={game.gameCode}>
        <td className={game.enabled ? undefined : styles.off}>
          {game.name}
          <div className={styles.muted}>
            {game.gameCode} · {game.enabled ? t('games.lottery.onSale') : t('games.lottery.offSale')}
            {game.resultSource === 'official' && <> · {t('games.lottery.official')}</>}
          </div>
        </td>
        <td>
          {t('games.lottery.scheduleLine', { interval: game.intervalSeconds, draws: game.drawsPerDay, close: game.closeSeconds })}
          {game.drawWeekdays !== EVERY_DAY && <div data-testid="draw-days">{t('games.lottery.drawDaysLine', { days: weekdaysText(game.drawWeekdays, t) })}</div>}
          <div className={styles.muted}>{t('games.lottery.seriesLine', { min: game.minSeries, max: game.maxBetSeries, fallback: game.defaultSeries, ceiling: game.maxSeries })}</div>
        </td>
        <td>{roundText(game.current, locale, t)}</td>
        <td>{roundText(game.next, locale, t)}</td>
        <td>
          {LIMITS.map((name) => (
            <div key={name}>
              {t(`games.lottery.${name}`)}: {limit(game[name])}
            </div>
          ))}
        </td>
        <td>
          <div className={ui.actions}>
            {onEdit && (
              <Button variant="secondary" disabled={busy} onClick={onEdit} aria-label={t('games.lottery.editGame', { game: game.name })}>
                {t('games.lottery.edit')}
              </Button>
            )}
            {onRounds && (
              <Button variant="secondary" onClick={onRounds} aria-label={t('games.lottery.roundsOf', { game: game.name })}>
                {t('games.lottery.rounds')}
              </Button>
            )}
          </div>
        </td>
      </tr>
      {editing && (
        <tr>
          <td colSpan={6}>
            <SettingsForm game={game} busy={busy} onSave={onSave} onCancel={onEdit} />
          </td>
        </tr>
      )}
    </>
  );
}

function SettingsForm({ game, busy, onSave, onCancel }: { game: LotteryGame; busy: boolean; onSave: (asked: Partial<LotterySettings>) => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(game.enabled);
  const [resultSource, setResultSource] = useState(game.resultSource);
  const [close, setClose] = useState(String(game.closeSeconds));
  const [days, setDays] = useState(game.drawWeekdays);
  const [series, setSeries] = useState<Record<(typeof SERIES)[number], string>>({
    minSeries: String(game.minSeries),
    defaultSeries: String(game.defaultSeries),
    maxBetSeries: String(game.maxBetSeries),
    maxSeries: String(game.maxSeries),
  });
  const [limits, setLimits] = useState<Record<(typeof LIMITS)[number], string>>({
    maxPrize: String(game.maxPrize),
    maxRoundPayout: String(game.maxRoundPayout),
    maxNumberPayout: String(game.maxNumberPayout),
    maxMemberStake: String(game.maxMemberStake),
  });
  // A game draws on one weekday at least (the server refuses 0 as well).
  const valid = days !== 0 && /^\d+$/.test(close) && SERIES.every((name) => /^\d{4}$/.test(series[name])) && LIMITS.every((name) => /^\d+(\.\d{1,2})?$/.test(limits[name]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Enter in a field submits without the (disabled) button.
    if (!valid) return;
    // Only what changed is sent: the audit log then says what the operator meant to change.
    const asked: Partial<LotterySettings> = {};
    if (enabled !== game.enabled) asked.enabled = enabled;
    if (resultSource !== game.resultSource) asked.resultSource = resultSource;
    if (Number(close) !== game.closeSeconds) asked.closeSeconds = Number(close);
    if (days !== game.drawWeekdays) asked.drawWeekdays = days;
    for (const name of SERIES) if (Number(series[name]) !== game[name]) asked[name] = Number(series[name]);
    for (const name of LIMITS) if (Number(limits[name]) !== game[name]) asked[name] = Number(limits[name]);
    onSave(asked);
  };
  return (
    <form className={[styles.form, styles.settings].join(' ')} onSubmit={submit} aria-label={t('games.lottery.formFor', { game: game.name })}>
      <label className={styles.check}>
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        {t('games.lottery.onSale')}
      </label>
      <Field label={t('games.lottery.resultSource')}>
        <Select value={resultSource} onChange={(event) => setResultSource(event.target.value === 'official' ? 'official' : 'house')}>
          <option value="house">{t('games.lottery.sourceHouse')}</option>
          <option value="official">{t('games.lottery.sourceOfficial')}</option>
        </Select>
      </Field>
      <Field label={t('games.lottery.closeSeconds', { interval: game.intervalSeconds })}>
        <Input type="number" min={0} step={1} value={close} onChange={(event) => setClose(event.target.value)} />
      </Field>
      <fieldset className={styles.days}>
        <legend>{t('games.lottery.drawDays')}</legend>
        {WEEKDAYS.map((day, index) => (
          <label key={day} className={styles.check}>
            <input type="checkbox" checked={(days & dayBit(index)) !== 0} onChange={(event) => setDays(event.target.checked ? days | dayBit(index) : days & ~dayBit(index))} />
            {t(`games.lottery.weekday.${day}`)}
          </label>
        ))}
        <p className={styles.hint}>{t('games.lottery.drawDaysHint')}</p>
        <ErrorMessage>{days === 0 && t('games.lottery.drawDaysNone')}</ErrorMessage>
      </fieldset>
      {SERIES.map((name) => (
        <Field key={name} label={t(`games.lottery.${name}`)}>
          <Input type="number" min={1000} max={2000} step={1} value={series[name]} onChange={(event) => setSeries({ ...series, [name]: event.target.value })} />
        </Field>
      ))}
      {LIMITS.map((name) => (
        <Field key={name} label={t(`games.lottery.${name}`)}>
          <Input type="number" min={0} step="0.01" value={limits[name]} onChange={(event) => setLimits({ ...limits, [name]: event.target.value })} />
        </Field>
      ))}
      <p className={styles.muted}>{t('games.lottery.zeroNoLimit')}</p>
      <div className={ui.actions}>
        <Button type="submit" disabled={busy || !valid}>
          {t('games.lottery.save')}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

function RoundsList({ gameCode, onClose }: { gameCode: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { api, may } = useBackOffice();
  const locale = localeOf(i18n.language);
  const { data, error, reload } = useLoad(() => api.get<{ list: LotteryRound[] }>(`/lottery/rounds?gameCode=${encodeURIComponent(gameCode)}`), [gameCode]);
  const [voiding, setVoiding] = useState<LotteryRound | null>(null);
  const [reason, setReason] = useState('');
  const action = useAction();
  const mayVoid = may('POST /lottery/rounds/void');

  const confirmVoid = (event: FormEvent) => {
    event.preventDefault();
    if (!voiding) return;
    void action
      .run(async () => {
        const done = await api.post<{ refundedBets: number; refunded: number }>('/lottery/rounds/void', { gameCode, numero: voiding.numero, reason: reason.trim() });
        return t('games.lottery.voided', { numero: voiding.numero, bets: done.refundedBets, amount: formatAmount(done.refunded, locale) });
      })
      .then((done) => {
        if (done) {
          setVoiding(null);
          setReason('');
        }
      })
      .finally(() => void reload());
  };

  return (
    <section className={ui.panel} aria-label={t('games.lottery.roundsTitle', { game: gameCode })}>
      <div className={ui.toolbar}>
        <h2>{t('games.lottery.roundsTitle', { game: gameCode })}</h2>
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      </div>
      <Notice>{action.outcome.notice}</Notice>
      <ErrorMessage>{action.outcome.error}</ErrorMessage>
      <ErrorMessage>{error && t('games.loadFailed', { reason: error })}</ErrorMessage>
      {voiding && (
        <form className={styles.confirm} onSubmit={confirmVoid} aria-label={t('games.lottery.voidConfirmTitle')}>
          <p>{t('games.lottery.voidConfirm', { numero: voiding.numero, bets: voiding.bets, amount: formatAmount(voiding.stake, locale) })}</p>
          <Field label={t('games.lottery.voidReason')}>
            <Input value={reason} maxLength={180} required onChange={(event) => setReason(event.target.value)} />
          </Field>
          <div className={ui.actions}>
            <Button type="submit" variant="danger" disabled={action.busy || reason.trim() === ''}>
              {t('games.lottery.voidYes')}
            </Button>
            <Button variant="secondary" onClick={() => setVoiding(null)}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      )}
      {data && data.list.length === 0 && <p className={ui.empty}>{t('games.lottery.noRounds')}</p>}
      {data && data.list.length > 0 && (
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">{t('games.lottery.numero')}</th>
                <th scope="col">{t('games.lottery.state')}</th>
                <th scope="col">{t('games.lottery.drawAt')}</th>
                <th scope="col">{t('games.lottery.numbers')}</th>
                <th scope="col">{t('games.lottery.sales')}</th>
                {mayVoid && <th scope="col">{t('games.lottery.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {data.list.map((round) => (
                <tr key={round.numero} data-testid="round-row" data-numero={round.numero}>
                  <td>{round.numero}</td>
                  <td>
                    {t(`games.lottery.stateName.${round.state}`)}
                    {round.voidReason && <div className={styles.muted}>{round.voidReason}</div>}
                  </td>
                  <td>{formatTime(round.drawAt, locale)}</td>
                  <td>{round.numbers ? round.numbers.join(' ') : '–'}</td>
                  <td>{t('games.lottery.salesLine', { bets: round.bets, amount: formatAmount(round.stake, locale) })}</td>
                  {mayVoid && (
                    <td>
                      {(round.state === 'open' || round.state === 'drawn') && (
                        <Button variant="danger" disabled={action.busy} onClick={() => setVoiding(round)} aria-label={t('games.lottery.voidRound', { numero: round.numero })}>
                          {t('games.lottery.void')}
                        </Button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
