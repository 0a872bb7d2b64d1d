import { Button, formatDateTime, formatMoney, Spinner, useCall, usePagedList, useT, type AmountMinor } from '@platform/shared';
import { MAIN_WALLET_ACCOUNT_TYPE_ID } from '@platform/contract';
import { periodRange, RecordsTable, type RecordsColumn } from '@platform/shared/records';
import { LoadError } from '@platform/ui-blocks';
import { useRef, useState } from 'react';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { createTransferKey } from './idempotency-key';
import { TransferForm } from './transfer-form';
import styles from './transfer-fund.module.css';
import { NAMESPACE } from './translations';
import { loadRecentTransfers, loadVendorNames, loadWallets, recallAll, type RecentTransfer, type Wallet, type Wallets } from './wallet-api';

/** Until the vendors' names arrive (or when they cannot be had), wallets show their codes. */
const NO_VENDOR_NAMES = new Map<string, string>();

/** Recent transfers shown: the last seven days, this many rows a page. */
const RECENT_PAGE_SIZE = 5;

const recentColumns: RecordsColumn<RecentTransfer>[] = [
  { id: 'time', headerKey: 'recent_time', render: (row) => formatDateTime(row.timeMs).slice(5) },
  { id: 'wallets', headerKey: 'recent_wallets', render: (row) => row.remark },
  { id: 'amount', headerKey: 'recent_amount', money: (row) => row.amountMinor },
];

/** My Wallet: the total, each wallet, transfers between the main wallet and a game wallet, and the recent transfers. */
export default function TransferFundPage(_props: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const wallets = useCall(loadWallets, [], { requiresSession: true });
  // No signal: the API client's cached vendor list is one request for all its callers.
  const names = useCall(() => loadVendorNames(), []);
  const vendorNames = (names.status === 'success' ? names.data : names.status === 'loading' ? names.staleData : undefined) ?? NO_VENDOR_NAMES;
  const recent = usePagedList<RecentTransfer, null>(
    ({ page, pageSize }, signal) => loadRecentTransfers(periodRange('last7Days'), page, pageSize, signal),
    { filters: null, pageSize: RECENT_PAGE_SIZE, requiresSession: true },
  );

  const nameOf = (wallet: Wallet): string =>
    wallet.accountTypeId === MAIN_WALLET_ACCOUNT_TYPE_ID ? t('main_wallet') : (vendorNames.get(wallet.code) ?? wallet.code);
  const changed = () => {
    wallets.refresh();
    recent.refresh();
  };

  const shown: Wallets | undefined = wallets.status === 'success' ? wallets.data : wallets.status === 'loading' ? wallets.staleData : undefined;
  if (wallets.status === 'error') {
    return <LoadError title={t('load_failed')} error={wallets.error} onRetry={wallets.refresh} />;
  }
  if (!shown) {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }
  // In the site's currency symbol, as the header and every records table show money.
  const money = (amountMinor: AmountMinor) => formatMoney(amountMinor);
  return (
    <div className={styles.page} data-testid="transfer-fund">
      <section className={styles.summary} aria-label={t('wallets')}>
        <div className={styles.total}>
          <span className={styles.totalLabel}>{t('total_balance')}</span>
          <strong className={styles.totalAmount} data-testid="wallet-total">
            {money(shown.totalMinor)}
          </strong>
        </div>
        <ul className={styles.wallets}>
          {[shown.main, ...(shown.isSingle ? [] : shown.games)].map((wallet) => (
            <li key={wallet.accountTypeId} className={styles.wallet} data-testid={`wallet-${wallet.accountTypeId}`}>
              <span className={styles.walletName}>{nameOf(wallet)}</span>
              <span className={styles.walletBalance} data-testid={`wallet-${wallet.accountTypeId}-balance`}>
                {money(wallet.balanceMinor)}
              </span>
            </li>
          ))}
        </ul>
        <RecallAllButton wallets={shown} onDone={changed} />
      </section>
      {shown.isSingle ? (
        <p className={styles.note} data-testid="wallet-single">
          {t('single_wallet')}
        </p>
      ) : (
        <>
          <TransferForm wallets={shown} nameOf={nameOf} onDone={changed} />
          <section className={styles.recent} aria-labelledby="transfer-fund-recent">
            <h3 id="transfer-fund-recent" className={styles.heading}>
              {t('recent_title')}
            </h3>
            <RecordsTable
              records={recent}
              columns={recentColumns}
              rowKey={(row) => row.orderNo}
              label={t('recent_title')}
              namespace={NAMESPACE}
              emptyTitle={t('recent_empty')}
            />
          </section>
        </>
      )}
    </div>
  );
}

/** Recall all: every game wallet's money back to the main wallet (also for a single-wallet site with money left in one). */
function RecallAllButton({ wallets, onDone }: { wallets: Wallets; onDone: () => void }) {
  const { t } = useT(NAMESPACE);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const retryKey = useRef(createTransferKey());
  const inGames = wallets.games.some((wallet) => wallet.balanceMinor > 0);
  if (wallets.isSingle && !inGames) return null;
  const recall = async () => {
    setBusy(true);
    setDone(false);
    try {
      // One recall per click: a retry after a failure sends the same key (it moves money once).
      await recallAll(retryKey.current.keyFor('recall'));
      retryKey.current.settled();
      setDone(true);
      onDone();
    } catch {
      // The API client told the member why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.recall}>
      <Button variant="secondary" size="sm" loading={busy} disabled={!inGames} onClick={recall} data-testid="wallet-recall-all">
        {t('recall_all')}
      </Button>
      {done && (
        <span role="status" className={styles.success} data-testid="wallet-recall-done">
          {t('recall_done')}
        </span>
      )}
    </div>
  );
}
