// @platform/shared/contract: the wire contract between the server and every app, one source per
// fact. It has no runtime dependencies and is NOT a federation singleton: each app bundles the
// version it was built with, so a remote can ship a new call without a new shell. The server
// imports it too (compiled to CommonJS in shared/dist/contract by tsconfig.contract.json).
export * from './envelope';
export * from './error-codes';
export * from './feature-switches';
export * from './member-types';
export * from './game-categories';
