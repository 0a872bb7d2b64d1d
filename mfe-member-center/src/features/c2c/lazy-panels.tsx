import { Spinner } from '@platform/shared';
import { lazy, Suspense } from 'react';
import type { C2CConfirmationPanelProps } from './c2c-confirmation-panel';
import type { C2CDepositPanelProps } from './c2c-deposit-panel';
import { translationsLoaded } from './translations';

// The panels as the deposit and withdraw pages render them: their code and strings (namespace
// mcC2C, the language in use) are fetched when a panel is first shown, in a chunk of their own.

const DepositPanel = lazy(async () => {
  const [module] = await Promise.all([import(/* webpackChunkName: "c2c" */ './c2c-deposit-panel'), translationsLoaded]);
  return { default: module.C2CDepositPanel };
});

const ConfirmationPanel = lazy(async () => {
  const [module] = await Promise.all([import(/* webpackChunkName: "c2c" */ './c2c-confirmation-panel'), translationsLoaded]);
  return { default: module.C2CConfirmationPanel };
});

/** The deposit page's C2C tab. */
export function C2CDepositTab(props: C2CDepositPanelProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <DepositPanel {...props} />
    </Suspense>
  );
}

/** The withdraw page's confirmation section (nothing while the member has no C2C payment). */
export function C2CConfirmations(props: C2CConfirmationPanelProps) {
  return (
    <Suspense fallback={null}>
      <ConfirmationPanel {...props} />
    </Suspense>
  );
}
