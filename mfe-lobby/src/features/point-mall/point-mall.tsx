import { Button, bus, createRetryKey, EmptyState, formatDateTime, formatMoney, isApiError, Modal, outcomeUnknown, Spinner, useBusState, useCall, useT, type AmountMinor } from '@platform/shared';
import type { PointConfig, PointItem, PointRedeem } from '@platform/contract';
import { useMemo, useState, type FormEvent } from 'react';
import { convertPoints, loadCatalogue, loadConfig, loadHistory, loadPoints, redeemItem } from './point-mall-api';
import styles from './point-mall.module.css';
import { NAMESPACE } from './translations';

type Translate = (key: string, values?: Record<string, string | number>) => string;

const money = (major: number): string => formatMoney(Math.round(major * 100) as AmountMinor);
const PASSWORD = /^[0-9]{6}$/;

/** A refusal in the page's language: the server's own message (its catalogue has the seven languages). */
const failureText = (failure: unknown, t: Translate): string => (isApiError(failure) && failure.message ? failure.message : t('action_failed'));

/** The earning rules in words, one line per source. */
export function ruleLines(config: PointConfig, t: Translate): string[] {
  return config.earnRules.map((rule) =>
    rule.source === 'deposit'
      ? t('rule_deposit', { points: rule.point, amount: money(rule.perAmount) })
      : t('rule_stake', { points: rule.point, amount: money(rule.perAmount), category: t(`category_${rule.source}`) }),
  );
}

/** What an item gives, in words. */
export function rewardText(item: PointItem, t: Translate): string {
  switch (item.kind) {
    case 'credit':
      return t('kind_credit', { amount: money(item.amount ?? 0) });
    case 'bonus':
      return t('kind_bonus', { amount: money(item.amount ?? 0), multiple: item.wageringMultiple ?? 0 });
    case 'tickets':
      return t('kind_tickets', { count: item.ticketCount ?? 0 });
    default:
      return t('kind_physical');
  }
}

/** Points the member may convert: at least the minimum, whole steps of the rate's points. */
export function convertProblem(points: number, config: PointConfig): 'invalid' | null {
  if (!Number.isSafeInteger(points) || points < config.minConvertPoint || config.convertPoint <= 0 || points % config.convertPoint !== 0) return 'invalid';
  return null;
}

interface PasswordDialogProps {
  title: string;
  summary: string;
  testId: string;
  onClose: () => void;
  /** Sends the action with the password and the key of this action. */
  send: (password: string, idempotencyKey: string) => Promise<void>;
}

/** The payment password asked before points are spent; a retry after an unknown outcome keeps the key. */
function PasswordDialog({ title, summary, testId, onClose, send }: PasswordDialogProps) {
  const { t } = useT(NAMESPACE);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const retryKey = useMemo(() => createRetryKey(undefined, outcomeUnknown), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!PASSWORD.test(password)) {
      setError(t('password_invalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send(password, retryKey.keyFor({ title, password }));
      retryKey.settled();
      onClose();
    } catch (failure) {
      retryKey.settled(failure);
      setError(failureText(failure, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open onClose={onClose} title={title} size="sm" testId={testId}>
      <form onSubmit={submit} className={styles.page} noValidate>
        <p className={styles.muted}>{summary}</p>
        <label className={styles.field}>
          {t('password_label')}
          <input
            className={styles.input}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={password}
            onChange={(event) => setPassword(event.target.value.replace(/\D/g, ''))}
            data-testid="point-password"
          />
        </label>
        {error && (
          <p className={styles.error} role="alert" data-testid="point-refusal">
            {error}
          </p>
        )}
        <div className={styles.convertRow}>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={busy} data-testid="point-confirm">
            {t('confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function ItemCard({ item, loggedIn, points, onRedeem }: { item: PointItem; loggedIn: boolean; points: number | null; onRedeem: (item: PointItem) => void }) {
  const { t } = useT(NAMESPACE);
  const soldOut = item.stock !== null && item.stock < 1;
  const limitReached = item.memberLimit !== null && item.redeemed !== null && item.redeemed >= item.memberLimit;
  const short = points !== null && points < item.point;
  return (
    <li className={styles.card} data-testid="point-item">
      {item.imageUrl && <img className={styles.image} src={item.imageUrl} alt="" loading="lazy" />}
      <h3 className={styles.cardName}>{item.name}</h3>
      <p className={styles.muted}>{rewardText(item, t)}</p>
      {item.description && <p className={styles.muted}>{item.description}</p>}
      <span className={styles.price} data-testid="point-item-price">
        {t('price', { points: item.point })}
      </span>
      <ul className={styles.facts}>
        <li data-testid="point-item-stock">{soldOut ? t('sold_out') : item.stock === null ? t('stock_unlimited') : t('stock_left', { count: item.stock })}</li>
        {item.memberLimit !== null && <li>{item.redeemed === null ? t('limit', { limit: item.memberLimit }) : t('limit_used', { redeemed: item.redeemed, limit: item.memberLimit })}</li>}
      </ul>
      {loggedIn ? (
        <Button block disabled={soldOut || limitReached || short} onClick={() => onRedeem(item)} data-testid="point-redeem">
          {soldOut ? t('sold_out') : limitReached ? t('limit_reached') : short ? t('not_enough') : t('redeem_button')}
        </Button>
      ) : (
        <Button block variant="secondary" onClick={() => bus.dispatch({ type: 'openLogin', tab: 'login' })}>
          {t('login_button')}
        </Button>
      )}
    </li>
  );
}

function ConvertBox({ config, points, onConvert }: { config: PointConfig; points: number; onConvert: (points: number) => void }) {
  const { t } = useT(NAMESPACE);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!config.convertEnabled) return <p className={styles.muted}>{t('convert_off')}</p>;
  const value = Number(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text === '' || convertProblem(value, config)) return setError(t('convert_invalid', { min: config.minConvertPoint, step: config.convertPoint }));
    if (value > points) return setError(t('not_enough'));
    setError(null);
    onConvert(value);
  };
  const receive = text !== '' && !convertProblem(value, config) ? money((value / config.convertPoint) * config.convertAmount) : null;
  return (
    <form className={styles.page} onSubmit={submit} noValidate>
      <p className={styles.muted} data-testid="point-rate">
        {t('convert_rate', { points: config.convertPoint, amount: money(config.convertAmount) })} · {t('convert_min', { points: config.minConvertPoint, step: config.convertPoint })}
      </p>
      <div className={styles.convertRow}>
        <label className={styles.field}>
          {t('convert_label')}
          <input className={styles.input} inputMode="numeric" value={text} onChange={(event) => setText(event.target.value.replace(/\D/g, ''))} data-testid="point-convert-input" />
        </label>
        <Button type="submit" data-testid="point-convert">
          {t('convert_button')}
        </Button>
      </div>
      {receive && <p className={styles.muted}>{t('convert_receive', { amount: receive })}</p>}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

const statusText = (redeem: PointRedeem, t: Translate): string =>
  redeem.deliveryStatus === 'pending' ? t('status_pending') : redeem.deliveryStatus === 'delivered' ? t('status_delivered') : t('status_done');

function History({ version }: { version: number }) {
  const { t } = useT(NAMESPACE);
  const history = useCall((signal) => loadHistory(signal), [version]);
  if (history.status === 'error') return <p className={styles.error}>{t('load_failed')}</p>;
  if (history.status !== 'success') return <Spinner />;
  if (history.data.list.length === 0) return <EmptyState title={t('history_empty')} />;
  return (
    <ul className={styles.history} data-testid="point-history">
      {history.data.list.map((redeem) => (
        <li key={redeem.redeemId} className={styles.historyRow} data-testid="point-history-row">
          <span>{redeem.name}</span>
          <span>{t('price', { points: redeem.point })}</span>
          <span>{formatDateTime(redeem.redeemTime)}</span>
          <span className={styles.status} data-testid="point-history-status">
            {statusText(redeem, t)}
          </span>
        </li>
      ))}
    </ul>
  );
}

type Pending = { kind: 'redeem'; item: PointItem } | { kind: 'convert'; points: number };

/** The point mall: balance, how points are earned, the rewards, converting, and the member's redeems. */
export function PointMall() {
  const { t } = useT(NAMESPACE);
  const loggedIn = useBusState('session').token !== null;
  const [version, setVersion] = useState(0);
  const config = useCall((signal) => loadConfig(signal), []);
  const catalogue = useCall((signal) => loadCatalogue(signal), [version]);
  const balance = useCall((signal) => (loggedIn ? loadPoints(signal) : Promise.resolve(null)), [loggedIn, version]);
  const [pending, setPending] = useState<Pending | null>(null);
  const points = balance.status === 'success' ? balance.data : null;
  const items = catalogue.status === 'success' ? catalogue.data : catalogue.status === 'loading' ? catalogue.staleData : undefined;
  const changed = () => {
    setVersion((value) => value + 1);
    bus.dispatch({ type: 'refreshBalance' });
  };

  return (
    <div className={styles.page} data-testid="point-mall">
      <section className={styles.section} aria-labelledby="point-balance-title">
        <div className={styles.balanceRow}>
          <div>
            <h2 id="point-balance-title" className={styles.sectionTitle}>
              {t('balance_title')}
            </h2>
            {loggedIn ? (
              <span className={styles.balance} data-testid="point-balance">
                {points ?? '…'}
              </span>
            ) : (
              <p className={styles.muted}>{t('login_prompt')}</p>
            )}
          </div>
          {!loggedIn && (
            <Button onClick={() => bus.dispatch({ type: 'openLogin', tab: 'login' })} data-testid="point-login">
              {t('login_button')}
            </Button>
          )}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="point-rules-title">
        <h2 id="point-rules-title" className={styles.sectionTitle}>
          {t('rules_title')}
        </h2>
        {config.status === 'success' && (
          <ul className={styles.rules} data-testid="point-rules">
            {ruleLines(config.data, t).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        <p className={styles.muted}>{t('rules_note')}</p>
      </section>

      <section className={styles.section} aria-labelledby="point-catalogue-title">
        <h2 id="point-catalogue-title" className={styles.sectionTitle}>
          {t('catalogue_title')}
        </h2>
        {catalogue.status === 'error' && (
          <p className={styles.error}>
            {t('load_failed')}{' '}
            <Button size="sm" variant="secondary" onClick={catalogue.refresh}>
              {t('retry')}
            </Button>
          </p>
        )}
        {!items && catalogue.status !== 'error' && <Spinner />}
        {items && items.length === 0 && <EmptyState title={t('catalogue_empty')} />}
        {items && items.length > 0 && (
          <ul className={styles.grid} data-testid="point-catalogue">
            {items.map((item) => (
              <ItemCard key={item.itemId} item={item} loggedIn={loggedIn} points={points} onRedeem={(chosen) => setPending({ kind: 'redeem', item: chosen })} />
            ))}
          </ul>
        )}
      </section>

      {loggedIn && config.status === 'success' && (
        <section className={styles.section} aria-labelledby="point-convert-title">
          <h2 id="point-convert-title" className={styles.sectionTitle}>
            {t('convert_title')}
          </h2>
          <ConvertBox config={config.data} points={points ?? 0} onConvert={(chosen) => setPending({ kind: 'convert', points: chosen })} />
        </section>
      )}

      {loggedIn && (
        <section className={styles.section} aria-labelledby="point-history-title">
          <h2 id="point-history-title" className={styles.sectionTitle}>
            {t('history_title')}
          </h2>
          <History version={version} />
        </section>
      )}

      {pending?.kind === 'redeem' && (
        <PasswordDialog
          testId="point-redeem-dialog"
          title={t('redeem_title', { name: pending.item.name })}
          summary={t('redeem_summary', { points: pending.item.point })}
          onClose={() => setPending(null)}
          send={async (password, key) => {
            await redeemItem(pending.item.itemId, password, key);
            bus.dispatch({ type: 'toast', level: 'success', message: t('redeem_done', { name: pending.item.name }) });
            changed();
          }}
        />
      )}
      {pending?.kind === 'convert' && config.status === 'success' && (
        <PasswordDialog
          testId="point-convert-dialog"
          title={t('convert_title')}
          summary={t('convert_receive', { amount: money((pending.points / config.data.convertPoint) * config.data.convertAmount) })}
          onClose={() => setPending(null)}
          send={async (password, key) => {
            const converted = await convertPoints(pending.points, password, key);
            bus.dispatch({ type: 'toast', level: 'success', message: t('convert_done', { amount: money(converted.amount) }) });
            changed();
          }}
        />
      )}
    </div>
  );
}
