import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatAmount, Input, localeOf, Notice, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import styles from './games.module.css';

/** An in-house game's stakes (GET /inhouse/settings); money in major units. */
export interface InhouseSetting {
  gameCode: string;
  name: string;
  kind: 'slot' | 'crash';
  /** The bounds of the game's certified maths: a slot's bet steps, the crash game's range; its RTP. */
  certified: { minBet: number; maxBet: number; betSteps: number[]; rtp: number };
  /** What the merchant's players may stake now. */
  minBet: number;
  maxBet: number;
  /** False: the certified bounds apply. */
  narrowed: boolean;
}

/**
 * The in-house games (two slots and the crash game) with the bounds of their certified maths and
 * the stakes this merchant's players may place. Risk narrows a game's range within the certified
 * bounds (a slot's ends are its certified bet steps, so they are chosen from a list; the crash
 * game takes any amount) or resets it to them; the server checks the range again and holds every
 * spin and bet to it, so the form only helps.
 */
export function InhousePanel() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api, may } = useBackOffice();
  const { data, error, loading, reload } = useLoad(() => api.get<{ list: InhouseSetting[] }>('/inhouse/settings'), []);
  const [editing, setEditing] = useState<string | null>(null);
  const action = useAction();
  const mayEdit = may('PUT /inhouse/settings/:gameCode');
  const mayReset = may('DELETE /inhouse/settings/:gameCode');
  const range = (min: number, max: number) => t('games.inhouse.range', { min: formatAmount(min, locale), max: formatAmount(max, locale) });

  const save = (game: InhouseSetting, asked: { minBet: number; maxBet: number }) =>
    void action
      .run(async () => {
        await api.put<InhouseSetting>(`/inhouse/settings/${encodeURIComponent(game.gameCode)}`, asked);
        return t('games.inhouse.saved', { game: game.name, range: range(asked.minBet, asked.maxBet) });
      })
      .then((done) => done && setEditing(null))
      .finally(() => void reload());

  const reset = (game: InhouseSetting) =>
    void action
      .run(async () => {
        await api.delete<InhouseSetting>(`/inhouse/settings/${encodeURIComponent(game.gameCode)}`);
        return t('games.inhouse.resetDone', { game: game.name });
      })
      .then((done) => done && setEditing(null))
      .finally(() => void reload());

  return (
    <section aria-label={t('games.tabs.inhouse')}>
      <div className={ui.toolbar}>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
      </div>
      <p className={styles.muted}>{t('games.inhouse.explain')}</p>
      <Notice>{action.outcome.notice}</Notice>
      <ErrorMessage>{action.outcome.error}</ErrorMessage>
      <ErrorMessage>{error && t('games.loadFailed', { reason: error })}</ErrorMessage>
      {data && data.list.length === 0 && <p className={[ui.panel, ui.empty].join(' ')}>{t('games.inhouse.none')}</p>}
      {data && data.list.length > 0 && (
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">{t('games.inhouse.game')}</th>
                <th scope="col">{t('games.inhouse.certified')}</th>
                <th scope="col">{t('games.inhouse.allowed')}</th>
                {(mayEdit || mayReset) && <th scope="col">{t('games.inhouse.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {data.list.map((game) => (
                <GameRow
                  key={game.gameCode}
                  game={game}
                  range={range}
                  busy={action.busy}
                  editing={editing === game.gameCode}
                  showActions={mayEdit || mayReset}
                  onEdit={mayEdit ? () => setEditing(editing === game.gameCode ? null : game.gameCode) : undefined}
                  onReset={mayReset && game.narrowed ? () => reset(game) : undefined}
                  onSave={(asked) => save(game, asked)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function GameRow({
  game,
  range,
  busy,
  editing,
  showActions,
  onEdit,
  onReset,
  onSave,
}: {
  game: InhouseSetting;
  range: (min: number, max: number) => string;
  busy: boolean;
  editing: boolean;
  showActions: boolean;
  onEdit?: () => void;
  onReset?: () => void;
  onSave: (asked: { minBet: number; maxBet: number }) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const rtp = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(game.certified.rtp);
  return (
    <>
      <tr data-testid="inhouse-row" data-game={game.gameCode}>
        <td>
          {game.name}
          <div className={styles.muted}>
            {game.gameCode} · {t(`games.inhouse.kind.${game.kind}`)}
          </div>
        </td>
        <td>
          <div>{range(game.certified.minBet, game.certified.maxBet)}</div>
          <div className={styles.muted}>
            {game.kind === 'slot' ? t('games.inhouse.steps', { steps: game.certified.betSteps.length }) : t('games.inhouse.anyAmount')} · {t('games.inhouse.rtp', { rtp })}
          </div>
        </td>
        <td>
          <div>{range(game.minBet, game.maxBet)}</div>
          <div className={styles.muted}>{game.narrowed ? t('games.inhouse.narrowed') : t('games.inhouse.certifiedApply')}</div>
        </td>
        {showActions && (
          <td>
            <div className={ui.actions}>
              {onEdit && (
                <Button variant="secondary" disabled={busy} onClick={onEdit} aria-label={t('games.inhouse.editGame', { game: game.name })}>
                  {t('games.inhouse.edit')}
                </Button>
              )}
              {onReset && (
                <Button variant="secondary" disabled={busy} onClick={onReset} aria-label={t('games.inhouse.resetGame', { game: game.name })}>
                  {t('games.inhouse.reset')}
                </Button>
              )}
            </div>
          </td>
        )}
      </tr>
      {editing && (
        <tr>
          <td colSpan={4}>
            <RangeForm game={game} busy={busy} onSave={onSave} onCancel={onEdit} />
          </td>
        </tr>
      )}
    </>
  );
}

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

function RangeForm({ game, busy, onSave, onCancel }: { game: InhouseSetting; busy: boolean; onSave: (asked: { minBet: number; maxBet: number }) => void; onCancel?: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [min, setMin] = useState(String(game.minBet));
  const [max, setMax] = useState(String(game.maxBet));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ minBet: Number(min), maxBet: Number(max) });
  };
  // Only what can be sent at all; the bounds themselves are the server's to check (its refusal is shown).
  const valid = AMOUNT.test(min) && AMOUNT.test(max);
  const amountField = (label: string, value: string, set: (value: string) => void) =>
    game.kind === 'slot' ? (
      <Field label={label}>
        <Select value={value} onChange={(event) => set(event.target.value)}>
          {game.certified.betSteps.map((step) => (
            <option key={step} value={String(step)}>
              {formatAmount(step, locale)}
            </option>
          ))}
        </Select>
      </Field>
    ) : (
      <Field label={label}>
        <Input type="number" min={game.certified.minBet} max={game.certified.maxBet} step="0.01" value={value} onChange={(event) => set(event.target.value)} />
      </Field>
    );
  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('games.inhouse.formFor', { game: game.name })}>
      {amountField(t('games.inhouse.minBet'), min, setMin)}
      {amountField(t('games.inhouse.maxBet'), max, setMax)}
      <div className={ui.actions}>
        <Button type="submit" disabled={busy || !valid}>
          {t('games.inhouse.save')}
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
