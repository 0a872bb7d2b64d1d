import { bus, Button, ConfirmDialog, formatMoney, Modal, useCall, useT, type AmountMinor, type CallState, type PagedList } from '@platform/shared';
import { RecordsTable, type RecordsColumn, type RecordsSource } from '@platform/shared/records';
import { useState } from 'react';
import { useLotteryNames } from '../lottery-names';
import styles from './bet-history.module.css';
import { LotteryStatus, WinningNumbers } from './lottery-cells';
import { betContentText } from './lottery-format';
import { cancelLotteryBet, cancelLotteryChase, loadLotteryOrder, type LotteryBetRow, type LotteryOrder } from './lottery-records-api';
import { NAMESPACE } from './translations';

interface OrderDetailDialogProps {
  orderNo: string;
  onClose: () => void;
  /** A bet of the order was cancelled (or tried): the list behind loads again. */
  onChanged: () => void;
}

/** The order's bets as the records table takes them: one page, all of them. */
function betsOf(state: CallState<LotteryOrder>): CallState<PagedList<LotteryBetRow>> {
  switch (state.status) {
    case 'success':
      return { status: 'success', data: { list: state.data.bets, totalPages: 1 }, error: undefined };
    case 'loading':
      return { status: 'loading', data: undefined, error: undefined, staleData: state.staleData && { list: state.staleData.bets, totalPages: 1 } };
    default:
      return state;
  }
}

/**
 * An order's detail: its game, cost and chase settings, then every bet of it in round order with
 * the round's numbers, the multiple it was bet at (a chase plan's round multiple), the stake, the
 * state and the prize. A bet whose round has not closed can be cancelled (after a confirmation):
 * its stake goes back to the main wallet, and the dialog says how much. A chase can have all its
 * rounds still on sale cancelled in one step the same way.
 */
export function OrderDetailDialog({ orderNo, onClose, onChanged }: OrderDetailDialogProps) {
  const { t } = useT(NAMESPACE);
  const names = useLotteryNames();
  const order = useCall((signal) => loadLotteryOrder(orderNo, signal), [orderNo], { requiresSession: true });
  const [confirming, setConfirming] = useState<LotteryBetRow | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [refund, setRefund] = useState<{ numero: string; amountMinor: AmountMinor } | null>(null);
  const [confirmingChase, setConfirmingChase] = useState(false);
  const [chaseRefund, setChaseRefund] = useState<AmountMinor | null>(null);

  const shown = order.status === 'success' ? order.data : order.status === 'loading' ? order.staleData : undefined;
  const bets: RecordsSource<LotteryBetRow> = { ...betsOf(order), page: 1, setPage: () => undefined, refresh: order.refresh };
  // The wire names the order's game by code only; its bets carry the English name.
  const englishGameName = shown?.bets[0]?.gameName ?? shown?.gameCode ?? '';

  const cancel = async (bet: LotteryBetRow) => {
    setCancelling(true);
    setChaseRefund(null);
    try {
      const refundedMinor = await cancelLotteryBet(bet);
      setRefund({ numero: bet.numero, amountMinor: refundedMinor });
      bus.dispatch({ type: 'refreshBalance' });
    } catch {
      // The API client has told the member why (the round closed meanwhile, say); the bet's state is reloaded below.
      setRefund(null);
    } finally {
      setCancelling(false);
      setConfirming(null);
      order.refresh();
      onChanged();
    }
  };

  const cancelChase = async (chase: LotteryOrder) => {
    setCancelling(true);
    setRefund(null);
    try {
      setChaseRefund(await cancelLotteryChase({ orderNo: chase.orderNo, lottoArea: chase.bets[0]?.lottoArea ?? 'LOTT' }));
      bus.dispatch({ type: 'refreshBalance' });
    } catch {
      // The API client has told the member why (nothing left on sale, say); the order is reloaded below.
      setChaseRefund(null);
    } finally {
      setCancelling(false);
      setConfirmingChase(false);
      order.refresh();
      onChanged();
    }
  };
  // A chase with a round still on sale can have all of them cancelled at once.
  const chaseCancellable = !!shown?.chase && shown.bets.some((bet) => bet.cancellable);

  const columns: RecordsColumn<LotteryBetRow>[] = [
    { id: 'numero', headerKey: 'col_numero', render: (row) => <span className={styles.numero}>{row.numero}</span> },
    { id: 'playName', headerKey: 'col_playName', render: (row) => names.play(row.playCode) },
    { id: 'betContent', headerKey: 'col_betContent', render: (row) => <span className={styles.betContent}>{betContentText(row.betContent)}</span> },
    { id: 'multiple', headerKey: 'col_multiple', render: (row) => `×${row.multiple}` },
    { id: 'winningNumber', headerKey: 'col_winningNumber', render: (row) => <WinningNumbers numbers={row.winningNumber} /> },
    { id: 'betAmount', headerKey: 'col_betAmount', money: (row) => row.betMinor },
    { id: 'status', headerKey: 'col_status', render: (row) => <LotteryStatus status={row.status} /> },
    { id: 'winAmount', headerKey: 'col_winAmount', money: (row) => row.winMinor },
  ];
  // The action column only while a bet can still be cancelled.
  if (shown?.bets.some((bet) => bet.cancellable)) {
    columns.push({
      id: 'action',
      headerKey: 'col_action',
      render: (row) =>
        row.cancellable && (
          <Button variant="secondary" size="sm" aria-label={t('cancel_bet_of', { numero: row.numero })} onClick={() => setConfirming(row)}>
            {t('cancel_bet')}
          </Button>
        ),
    });
  }

  return (
    <>
      <Modal open onClose={onClose} title={t('order_title', { orderNo })} size="lg" testId="lottery-order">
        <div className={styles.detail}>
          {shown && (
            <dl className={styles.summary}>
              <div>
                <dt>{t('col_gameName')}</dt>
                <dd>{names.game(shown.gameCode, englishGameName)}</dd>
              </div>
              <div>
                <dt>{t('order_amount')}</dt>
                <dd className={styles.money}>{formatMoney(shown.amountMinor)}</dd>
              </div>
              <div>
                <dt>{t('order_chase')}</dt>
                <dd>{shown.chase ? t('chase_rounds', { rounds: new Set(shown.bets.map((bet) => bet.numero)).size }) : t('no')}</dd>
              </div>
              {shown.chase && (
                <div>
                  <dt>{t('winning_stop')}</dt>
                  <dd>{t(shown.winningStop ? 'winning_stop_on' : 'winning_stop_off')}</dd>
                </div>
              )}
            </dl>
          )}
          {shown?.stopped && (
            <p className={styles.notice} data-testid="chase-stopped">
              {t('chase_stopped')}
            </p>
          )}
          <div role="status" className={refund || chaseRefund !== null ? styles.refund : undefined}>
            {refund && t('refunded', { numero: refund.numero, amount: formatMoney(refund.amountMinor) })}
            {chaseRefund !== null && t('chase_refunded', { amount: formatMoney(chaseRefund) })}
          </div>
          {chaseCancellable && (
            <div>
              <Button variant="secondary" size="sm" onClick={() => setConfirmingChase(true)} data-testid="lottery-cancel-chase">
                {t('cancel_chase')}
              </Button>
            </div>
          )}
          <RecordsTable records={bets} columns={columns} rowKey={(row) => row.orderDetailId} label={t('order_bets')} namespace={NAMESPACE} />
        </div>
      </Modal>
      <ConfirmDialog
        open={confirming !== null}
        title={t('cancel_bet')}
        message={confirming ? t('cancel_confirm', { numero: confirming.numero, amount: formatMoney(confirming.betMinor) }) : ''}
        confirmLabel={t('cancel_bet')}
        cancelLabel={t('keep_bet')}
        danger
        busy={cancelling}
        testId="lottery-cancel-confirm"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) void cancel(confirming);
        }}
      />
      <ConfirmDialog
        open={confirmingChase}
        title={t('cancel_chase')}
        message={t('cancel_chase_confirm', { orderNo })}
        confirmLabel={t('cancel_chase')}
        cancelLabel={t('keep_chase')}
        danger
        busy={cancelling}
        testId="lottery-cancel-chase-confirm"
        onCancel={() => setConfirmingChase(false)}
        onConfirm={() => {
          if (shown) void cancelChase(shown);
        }}
      />
    </>
  );
}
