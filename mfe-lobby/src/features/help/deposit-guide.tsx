import { bus, Button, EmptyState, Spinner, Tabs, useBusState, useCall, useT } from '@platform/shared';
import { DEPOSIT_METHODS, type DepositMethod } from '@platform/contract';
import { LoadError } from '@platform/ui-blocks';
import { loadDepositMethods, type DepositMethodEntry } from './help-api';
import styles from './help.module.css';
import { NAMESPACE } from './translations';

// The deposit tutorial: one tab per deposit method, its steps in the player's language. The
// help-centre articles are the operator's texts in one language and have none per method, so the
// steps are the page's own strings (the member centre's deposit page, step by step). A member sees
// the methods the merchant offers them (the deposit page's own list); a visitor, who has no such
// list, sees every method and is asked to log in for theirs.

interface MethodGuide {
  /** Translation keys: the method's name, what it is in a sentence, and its steps in order. */
  name: string;
  note: string;
  steps: readonly string[];
}

export const DEPOSIT_GUIDES: Record<DepositMethod, MethodGuide> = {
  MT: { name: 'method_MT', note: 'method_MT_note', steps: ['MT_step1', 'MT_step2', 'MT_step3', 'MT_step4', 'MT_step5'] },
  PG: { name: 'method_PG', note: 'method_PG_note', steps: ['PG_step1', 'PG_step2', 'PG_step3', 'PG_step4'] },
  QR: { name: 'method_QR', note: 'method_QR_note', steps: ['QR_step1', 'QR_step2', 'QR_step3', 'QR_step4'] },
  C2C: { name: 'method_C2C', note: 'method_C2C_note', steps: ['C2C_step1', 'C2C_step2', 'C2C_step3', 'C2C_step4', 'C2C_step5'] },
};

const isMethod = (value: string | null): value is DepositMethod => (DEPOSIT_METHODS as readonly (string | null)[]).includes(value);

function Guide({ method, channels, loggedIn }: { method: DepositMethod; channels: DepositMethodEntry['channels']; loggedIn: boolean }) {
  const { t } = useT(NAMESPACE);
  const guide = DEPOSIT_GUIDES[method];
  const names = [...new Set(channels.map((channel) => channel.vendorName))];
  return (
    <section className={styles.guide} data-testid="deposit-guide-method" data-method={method}>
      <h2 className={styles.articleTitle}>{t(guide.name)}</h2>
      <p className={styles.muted}>{t(guide.note)}</p>
      {names.length > 0 && (
        <p className={styles.channels} data-testid="deposit-guide-channels">
          {t('channels', { names: names.join(t('list_separator')) })}
        </p>
      )}
      <ol className={styles.steps}>
        {guide.steps.map((step) => (
          <li key={step}>{t(step)}</li>
        ))}
      </ol>
      {loggedIn && (
        <Button onClick={() => bus.dispatch({ type: 'openMemberCenter', page: 'depositv2' })} data-testid="deposit-guide-open">
          {t('deposit_now')}
        </Button>
      )}
    </section>
  );
}

export interface DepositGuideProps {
  /** The method the address names, or null (the first offered). */
  method: string | null;
  onMethodChange: (method: DepositMethod) => void;
}

export function DepositGuide({ method, onMethodChange }: DepositGuideProps) {
  const { t } = useT(NAMESPACE);
  const loggedIn = useBusState('session').token !== null;
  const offered = useCall((signal) => loadDepositMethods(signal), [], { requiresSession: true });

  let methods: { method: DepositMethod; channels: DepositMethodEntry['channels'] }[];
  if (!loggedIn) {
    methods = DEPOSIT_METHODS.map((each) => ({ method: each, channels: [] }));
  } else if (offered.status === 'error') {
    return <LoadError title={t('methods_failed')} error={offered.error} onRetry={offered.refresh} testId="deposit-guide-error" />;
  } else if (offered.status !== 'success') {
    return (
      <div className={styles.loading} aria-busy="true">
        <Spinner />
      </div>
    );
  } else {
    methods = offered.data.filter((entry) => isMethod(entry.method));
  }
  if (methods.length === 0) return <EmptyState title={t('no_methods')} />;

  const shown = methods.find((entry) => entry.method === (isMethod(method) ? method : null)) ?? methods[0];
  return (
    <div className={styles.guidePage} data-testid="deposit-guide">
      <p className={styles.muted}>{t('deposit_intro')}</p>
      {!loggedIn && (
        <div className={styles.notice}>
          <p className={styles.noticeText}>{t('login_for_methods')}</p>
          <Button variant="secondary" size="sm" onClick={() => bus.dispatch({ type: 'openLogin', tab: 'login' })} data-testid="deposit-guide-login">
            {t('login_button')}
          </Button>
        </div>
      )}
      <Tabs<DepositMethod>
        items={methods.map((entry) => ({ value: entry.method, label: <span data-testid={`deposit-guide-tab-${entry.method}`}>{t(DEPOSIT_GUIDES[entry.method].name)}</span> }))}
        value={shown.method}
        onChange={onMethodChange}
        label={t('methods_label')}
      >
        <Guide method={shown.method} channels={shown.channels} loggedIn={loggedIn} />
      </Tabs>
    </div>
  );
}
