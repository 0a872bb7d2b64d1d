import { Button, EmptyState, Spinner, Tabs, useBusState, useCall, usePaymentStatus, useT } from '@platform/shared';
import type { DepositState } from '@platform/contract';
import { LoadError } from '@platform/ui-blocks';
import { useEffect, useRef, useState } from 'react';
import { C2CDepositTab } from '../c2c';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { loadHub, loadPending, loadPromotionOptions, madeDeposit, readDeposit, type ActiveDeposit, type DepositRecord } from './deposit-api';
import { DepositForm } from './deposit-form';
import styles from './deposit.module.css';
import { ManualTransfer } from './manual-transfer';
import { OnlinePayment } from './online-payment';
import { PendingDeposits } from './pending-deposits';
import { NAMESPACE } from './translations';

/** The deposit on screen: made here, or a pending one the member came back to. */
interface Active {
  deposit: ActiveDeposit;
  state: DepositState;
  receiptSent: boolean;
}

/** A pending deposit from the records, with what this page remembers of it (where to pay). */
function activeOf(record: DepositRecord): Active {
  const remembered = madeDeposit(record.depositId);
  const deposit: ActiveDeposit =
    remembered ??
    (record.method === 'MT'
      ? { kind: 'MT', depositId: record.depositId, refCode: record.refCode, amountMinor: record.requestedMinor, vendorName: record.vendorName, receivingAccount: null }
      : {
          kind: 'online',
          method: record.method,
          depositId: record.depositId,
          refCode: record.refCode,
          amountMinor: record.requestedMinor,
          vendorName: record.vendorName,
          redirectUrl: null,
          qrContent: null,
          qrImgUrl: null,
          expiresAt: null,
        });
  return { deposit, state: record.state, receiptSent: false };
}

/**
 * The deposit hub (depositv2): the merchant's notice, the member's deposits in progress, and the
 * form with a tab per channel; once a deposit is made, how to pay it (manual transfer: the
 * receiving account and the receipt; online: the provider's page or QR code) and its state, read
 * again on request and whenever the balance moves (the push of a credit).
 */
export default function DepositPage(_props: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const hub = useCall(loadHub, [], { requiresSession: true });
  const pending = useCall(loadPending, [], { requiresSession: true });
  // The deposit promotions on offer: the form's promotion choice (none shown while loading or when the call fails).
  const promotions = useCall(loadPromotionOptions, [], { requiresSession: true });
  const [active, setActive] = useState<Active | null>(null);
  const [checking, setChecking] = useState(false);
  // Player-to-player (features/c2c): a tab of its own when the merchant offers it.
  const [c2cTab, setC2cTab] = useState(false);
  const balance = useBusState('balance').sumBalanceMinor;

  const activeRef = useRef(active);
  activeRef.current = active;
  const update = (depositId: number, change: Partial<Active>) =>
    setActive((current) => (current && current.deposit.depositId === depositId ? { ...current, ...change } : current));

  /** Reads the deposit on screen again (the records call). */
  const check = async () => {
    const current = activeRef.current;
    if (!current) return;
    setChecking(true);
    try {
      const record = await readDeposit(current.deposit.depositId, current.deposit.kind === 'online' ? current.deposit.method : 'MT');
      if (record) update(current.deposit.depositId, { state: record.state });
    } catch {
      // The API client said why; the state shown stays.
    } finally {
      setChecking(false);
    }
  };

  // A credit moves the balance (pushed by the server): the deposit on screen and the list may have moved on.
  const lastBalance = useRef(balance);
  useEffect(() => {
    if (lastBalance.current === balance) return;
    lastBalance.current = balance;
    pending.refresh();
    // The credit is pushed a moment before the deposit's own state is written (the server posts the
    // money, then marks the deposit): read again for a few seconds while it still says pending.
    void (async () => {
      for (let attempt = 0; attempt < 5 && activeRef.current?.state === 'pending'; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
        await check();
      }
    })();
    // check and pending.refresh read the latest state through refs.
  }, [balance]);

  // A deposit's new status, pushed by the server (an operator confirmed or rejected it, a gateway
  // answered, it expired): the list, and the deposit on screen when it is that one, read again.
  usePaymentStatus(['deposit', 'c2c'], (change) => {
    pending.refresh();
    if (change.kind === 'deposit' && activeRef.current?.deposit.depositId === change.id) void check();
  });

  if (hub.status === 'error') {
    return <LoadError title={t('load_failed')} error={hub.error} onRetry={hub.refresh} retryTestId="deposit-retry" />;
  }
  const data = hub.status === 'success' ? hub.data : hub.status === 'loading' ? hub.staleData : undefined;
  if (!data) {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }
  const { settings } = data;
  const c2c = data.channels.find((channel) => channel.method === 'C2C');
  const channels = data.channels.filter((channel) => channel.method !== 'C2C');
  const symbol = settings.currencySymbol;
  const defaultChannel = channels.find((channel) => channel.method === settings.default_tab) ?? channels[0];
  const inProgress = (pending.status === 'success' ? pending.data : pending.status === 'loading' ? (pending.staleData ?? []) : []).filter(
    (record) => record.depositId !== active?.deposit.depositId,
  );

  const made = (deposit: ActiveDeposit) => {
    setActive({ deposit, state: 'pending', receiptSent: false });
    pending.refresh();
    hub.refresh();
    promotions.refresh();
  };
  const closeActive = () => {
    setActive(null);
    pending.refresh();
    hub.refresh();
    promotions.refresh();
  };
  const promotionOptions = promotions.status === 'success' ? promotions.data : promotions.status === 'loading' ? (promotions.staleData ?? []) : [];

  return (
    <div className={styles.page} data-testid="deposit-page">
      {settings.depositInfo && (
        <p className={styles.notice} data-testid="deposit-info">
          {settings.depositInfo}
        </p>
      )}
      {active ? (
        <>
          {active.deposit.kind === 'MT' ? (
            <ManualTransfer
              deposit={active.deposit}
              state={active.state}
              receiptSent={active.receiptSent}
              currencySymbol={symbol}
              onReceiptSent={() => update(active.deposit.depositId, { receiptSent: true })}
              onState={(state) => {
                if (state) update(active.deposit.depositId, { state });
                else void check();
                pending.refresh();
                hub.refresh();
              }}
            />
          ) : (
            <OnlinePayment deposit={active.deposit} state={active.state} currencySymbol={symbol} checking={checking} onCheck={check} />
          )}
          <Button variant="ghost" block onClick={closeActive} data-testid="deposit-new">
            {active.state === 'pending' ? t('back_to_form') : t('new_deposit')}
          </Button>
        </>
      ) : (
        <>
          {!settings.allowDeposit && (
            <p className={styles.warning} role="alert" data-testid="deposit-not-allowed">
              {settings.allowDepositMessage ?? t('not_allowed')}
            </p>
          )}
          {c2c && (
            <Tabs
              items={[
                { value: 'standard', label: <span data-testid="deposit-tab-standard">{t('form_title')}</span> },
                { value: 'c2c', label: <span data-testid="deposit-tab-c2c">{c2c.vendorName}</span> },
              ]}
              value={c2cTab ? 'c2c' : 'standard'}
              onChange={(value) => setC2cTab(value === 'c2c')}
              label={t('methods')}
            />
          )}
          {c2c && c2cTab ? (
            <C2CDepositTab
              currencySymbol={symbol}
              minMinor={c2c.minMinor}
              maxMinor={c2c.maxMinor}
              onChanged={() => {
                pending.refresh();
                hub.refresh();
              }}
            />
          ) : channels.length === 0 || !defaultChannel ? (
            <EmptyState title={t('no_methods')} />
          ) : (
            <DepositForm
              channels={channels}
              initialChannelId={defaultChannel.id}
              currencySymbol={symbol}
              disabled={!settings.allowDeposit}
              onMade={made}
              onChannelsChanged={hub.refresh}
              promotions={promotionOptions}
              onPromotionsChanged={promotions.refresh}
            />
          )}
          {settings.description && <p className={styles.description}>{settings.description}</p>}
        </>
      )}
      <PendingDeposits deposits={inProgress} currencySymbol={symbol} onOpen={(record) => (record.method === 'C2C' ? setC2cTab(true) : setActive(activeOf(record)))} />
    </div>
  );
}
