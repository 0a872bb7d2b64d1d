// Wallet calls (server module ledger/).
import { defineCall, type ValueOf } from './define-call';

export const balanceCall = /*#__PURE__*/ defineCall({
  name: 'balance',
  method: 'GET',
  path: '/wps/v2/wallets/balance',
  moduleId: 'WALLET3',
  token: true,
  value: {
    type: 'object',
    required: ['sumBalance'],
    properties: { sumBalance: { type: 'number', description: 'e.g. 2000.5 for 2,000.50' } },
  },
});

/** `GET /wps/v2/wallets/balance` value, in major units. */
export type WalletBalance = ValueOf<typeof balanceCall>;
