// Deposits: manual bank transfers decided by operators, and online payments through gateway
// adapters (with a simulator in development). Money moves only in deposit.settle.ts.
export { depositRoutes, type DepositPromotionChooser, type DepositRoutesOptions } from './deposit.routes';
export { depositMessages } from './deposit.messages';
export { gatewaySimulatorRoutes, type SimulatorRoutesOptions } from './gateways/simulator.routes';
export {
  createGatewayRegistry,
  gatewayRegistryFor,
  gatewaySecret,
  setGatewaySecret,
  simulatorEnabled,
  type GatewayRegistry,
  type GatewayRegistryOptions,
} from './gateways/registry';
export type { GatewayAccount, GatewayAdapter, CreateOrderInput, CreatedOrder, ProviderOrder, ProviderOrderStatus } from './gateways/gateway';
export { GatewaySimulator, SIMULATOR_PROVIDER } from './gateways/simulator';
export {
  DEPOSIT_HOUSE_ACCOUNT,
  DEPOSIT_LEDGER_KIND,
  approveDeposit,
  depositIdOf,
  depositNumber,
  depositReceipt,
  getDeposit,
  listDeposits,
  reconcileDeposits,
  rejectDeposit,
  type ApproveDepositInput,
  type DepositDecision,
  type DepositReconciliation,
  type DepositView,
  type RejectDepositInput,
  type ReconcileDepositsOptions,
} from './deposit.settle';
export type { DepositStatus } from './deposit.queries';
export { DEFAULT_DEPOSIT_SETTINGS, readDepositSettings, type DepositSettings, type ExtraDepositMethods } from './deposit.service';
// For C2C deposits (modules/c2c): the member's deposit lock and in-progress count it checks the pending limit under.
export { countInProgress, lockMemberDeposits } from './deposit.queries';
export { decodeReceiptImage, type ImageRefusalCodes, type ReceiptImage } from './receipt';
