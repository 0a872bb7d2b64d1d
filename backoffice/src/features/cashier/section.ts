// The cashier section as its container exposes it (sections.json): the four queues a cashier works
// from, and their strings.
import type { SectionModule } from '@backoffice/kit';
import AdjustmentsPage from './adjustments-page';
import C2CPage from './c2c-page';
import DepositsPage from './deposits-page';
import cn from './locales/cn.json';
import en from './locales/en.json';
import WithdrawalsPage from './withdrawals-page';

const section: SectionModule = {
  version: __APP_VERSION__,
  strings: { EN: en, CN: cn },
  pages: { deposits: DepositsPage, withdrawals: WithdrawalsPage, adjustments: AdjustmentsPage, c2c: C2CPage },
};
export default section;
