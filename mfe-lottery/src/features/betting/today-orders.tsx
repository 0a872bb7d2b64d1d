// Today's orders of the member on this game (newest first, paged): round, play, numbers, stake,
// state and prize; a bet whose round is still on sale can be cancelled (with a confirmation), and
// its stake goes back to the main wallet; so can the rest of a chase in one step (every round of
// its order still on sale, offered on the order's earliest bet that can still be cancelled). Read
// again after a bet and after each draw (wins appear).
import { amountMinorOf, Button, ConfirmDialog, EmptyState, formatDateTime, formatMoney, Pagination, Spinner, useT, type PagedListResult } from '@platform/shared';
import type { LotteryGame } from '@platform/contract';
import { isVietnamKind, playById } from '@platform/lottery-rules';
import { LoadError } from '@platform/ui-blocks';
import { useState } from 'react';
import { cancelBet, cancelChase, type BetRecord } from '../games/lottery-api';
import { BetContent, rowsOfContent } from './bet-content';
import { failureOf, failureText, type Failure } from './bet-errors';
import styles from './betting.module.css';
import { cx } from './cx';
import { NAMESPACE } from './translations';

export type TodayOrdersList = PagedListResult<BetRecord, { gameCode: string }>;

type ChaseRow = Pick<BetRecord, 'orderDetailId' | 'orderNo' | 'chase' | 'chaseIndex' | 'cancellable'>;

/**
 * The bets that offer "cancel remaining rounds": of each chase order on the page, its earliest
 * bet still cancellable (one action per order, on the round it starts from).
 */
export function chaseCancelRows(list: readonly ChaseRow[]): Set<number> {
  const first = new Map<string, ChaseRow>();
  for (const record of list) {
    if (!record.chase || !record.cancellable) continue;
    const known = first.get(record.orderNo);
    if (!known || record.chaseIndex < known.chaseIndex || (record.chaseIndex === known.chaseIndex && record.orderDetailId < known.orderDetailId)) first.set(record.orderNo, record);
  }
  return new Set([...first.values()].map((record) => record.orderDetailId));
}

function OrderRow({
  record,
  onCancel,
  onCancelChase,
}: {
  record: BetRecord;
  onCancel: (record: BetRecord) => void;
  /** Given on the bet that offers the cancel of its chase's remaining rounds. */
  onCancelChase?: (record: BetRecord) => void;
}) {
  const { t } = useT(NAMESPACE);
  const play = playById(record.playId);
  const won = record.status === 'won';
  return (
    <li className={styles.order} data-testid="order-row" data-status={record.status}>
      <div className={styles.orderMain}>
        <span className={styles.orderPlay}>{play ? t(`play_${play.code}`) : record.playCode}</span>
        {play ? <BetContent play={play} rows={rowsOfContent(record.betContent)} className={styles.orderNumbers} /> : <span>{record.betContent}</span>}
        <span className={styles.muted}>
          {t('order_round', { numero: record.numero })}
          {/* A chase round's multiple: its plan's (the line's multiple × the round's factor). */}
          {record.chase && ` · ${t('order_chase', { index: record.chaseIndex + 1 })} ×${record.multiple}`}
          {' · '}
          {formatDateTime(record.betTimeMs)}
        </span>
      </div>
      <div className={styles.orderSide}>
        <span>{formatMoney(record.betAmountMinor)}</span>
        <span className={cx(styles.status, won && styles.statusWon)} data-testid="order-status">
          {won ? t('order_won', { amount: formatMoney(record.winAmountMinor) }) : t(`bet_status_${record.status}`)}
        </span>
        {record.cancellable && (
          <Button variant="secondary" size="sm" onClick={() => onCancel(record)} data-testid="order-cancel">
            {t('cancel_bet')}
          </Button>
        )}
        {onCancelChase && (
          <Button variant="ghost" size="sm" onClick={() => onCancelChase(record)} data-testid="order-cancel-chase">
            {t('cancel_chase')}
          </Button>
        )}
      </div>
    </li>
  );
}

export function TodayOrders({ game, list }: { game: LotteryGame; list: TodayOrdersList }) {
  const { t } = useT(NAMESPACE);
  const [cancelling, setCancelling] = useState<BetRecord | null>(null);
  const [cancellingChase, setCancellingChase] = useState<BetRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [refunded, setRefunded] = useState<number | null>(null);
  const [chaseRefunded, setChaseRefunded] = useState<number | null>(null);
  const page = list.status === 'success' ? list.data : list.status === 'loading' ? list.staleData : undefined;
  const chaseRows = page ? chaseCancelRows(page.list) : new Set<number>();
  const area = isVietnamKind(game.kind) ? 'VN' : 'LOTT';

  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    setFailure(null);
    setRefunded(null);
    setChaseRefunded(null);
    try {
      setRefunded(await cancelBet(cancelling.orderDetailId, area));
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
      setCancelling(null);
      list.refresh();
    }
  };

  const cancelRest = async () => {
    if (!cancellingChase) return;
    setBusy(true);
    setFailure(null);
    setRefunded(null);
    setChaseRefunded(null);
    try {
      setChaseRefunded((await cancelChase(cancellingChase.orderNo, area)).refundedMinor);
    } catch (error) {
      const next = failureOf(error);
      // Nothing left of the chase to cancel: said of the chase, not of one bet.
      setFailure(next.key === 'error_bet_not_cancellable' ? { ...next, key: 'error_chase_not_cancellable' } : next);
    } finally {
      setBusy(false);
      setCancellingChase(null);
      list.refresh();
    }
  };

  return (
    <section className={styles.orders} aria-labelledby="lottery-orders-title" data-testid="today-orders">
      <header className={styles.slipHeader}>
        <h3 id="lottery-orders-title" className={styles.slipTitle}>
          {t('today_orders')}
        </h3>
        <Button variant="ghost" size="sm" onClick={list.refresh} data-testid="orders-refresh">
          {t('refresh')}
        </Button>
      </header>
      {failure && (
        <p className={styles.failure} role="alert" data-testid="cancel-error">
          {failureText(t, failure)}
        </p>
      )}
      {refunded !== null && (
        <p className={styles.success} role="status" data-testid="cancel-done">
          {t('cancel_done', { amount: formatMoney(amountMinorOf(refunded)) })}
        </p>
      )}
      {chaseRefunded !== null && (
        <p className={styles.success} role="status" data-testid="cancel-chase-done">
          {t('cancel_chase_done', { amount: formatMoney(amountMinorOf(chaseRefunded)) })}
        </p>
      )}
      {list.status === 'error' && !page ? (
        <LoadError title={t('orders_load_failed')} onRetry={list.refresh} />
      ) : !page ? (
        <Spinner label={t('loading')} />
      ) : page.list.length === 0 ? (
        <EmptyState title={t('no_orders_today')} />
      ) : (
        <>
          <ul className={styles.orderList}>
            {page.list.map((record) => (
              <OrderRow key={record.orderDetailId} record={record} onCancel={setCancelling} onCancelChase={chaseRows.has(record.orderDetailId) ? setCancellingChase : undefined} />
            ))}
          </ul>
          <Pagination page={list.page} totalPages={page.totalPages} onChange={list.setPage} />
        </>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        danger
        busy={busy}
        title={t('cancel_title')}
        message={cancelling ? t('cancel_message', { numero: cancelling.numero, amount: formatMoney(cancelling.betAmountMinor) }) : ''}
        confirmLabel={t('cancel_bet')}
        cancelLabel={t('keep_bet')}
        onCancel={() => setCancelling(null)}
        onConfirm={() => void cancel()}
        testId="cancel-confirm"
      />
      <ConfirmDialog
        open={cancellingChase !== null}
        danger
        busy={busy}
        title={t('cancel_chase_title')}
        message={cancellingChase ? t('cancel_chase_message', { orderNo: cancellingChase.orderNo }) : ''}
        confirmLabel={t('cancel_chase')}
        cancelLabel={t('keep_chase')}
        onCancel={() => setCancellingChase(null)}
        onConfirm={() => void cancelRest()}
        testId="cancel-chase-confirm"
      />
    </section>
  );
}
