// @platform/contract: the wire contract between the server and every app, one source per
// fact. It has no runtime dependencies and is NOT a federation singleton: each app bundles the
// version it was built with, so a remote can ship a new call without a new shell. The server
// imports it too (compiled for Node to contract/dist by tsconfig.build.json).
// Each call is a row (`defineCall`) of its domain's file; callers import the rows they use.
export * from './envelope';
export * from './error-codes';
export * from './feature-switches';
export * from './page-keys';
export * from './member-types';
export * from './game-categories';
export * from './define-call';
export * from './system';
export * from './content';
export * from './games';
export * from './session';
export * from './two-factor';
export * from './oauth';
export * from './captcha';
export * from './bot-check';
export * from './phone-proof';
export * from './feedback';
export * from './verification';
export * from './member';
export * from './password';
export * from './profile';
export * from './wallet';
export * from './withdrawal';
export * from './deposit';
export * from './records';
export * from './message';
export * from './agent-transfer';
export * from './profit';
export * from './c2c';
export * from './game-launch';
export * from './game-provider';
export * from './bet-history';
export * from './inhouse-games';
export * from './remotes';
export * from './lottery';
export * from './agent';
export * from './agent-reports';
export * from './promotion';
export * from './prize-wheel';
export * from './rebate';
export * from './referral';
export * from './vip';
export * from './points';
export * from './mission';
export * from './support';
export * from './chat';
