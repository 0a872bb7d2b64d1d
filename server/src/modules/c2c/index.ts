// Player-to-player (C2C) deposits matched to pending withdrawals, and the withdrawers'
// confirmation of them (c2c.service.ts: the money rules). app.ts registers the member routes in
// the merchant scope, the operator desk inside the operator API, the C2C entry of the deposit
// channel list, and the deadline sweep.
export { c2cRoutes, type C2CRoutesOptions } from './c2c.routes';
export { c2cOperatorRoutes } from './c2c.operator-routes';
export { c2cMessages } from './c2c.messages';
export { createC2CSweep, type C2CSweepOptions } from './c2c.sweep';
export { c2cDepositMethods, settleDue as settleC2CDeadlines } from './c2c.service';
export { DEFAULT_C2C_SETTINGS, readC2CSettings, type C2CSettings } from './c2c.settings';
