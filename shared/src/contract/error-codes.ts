// Every error code that can reach a caller, one list (ARCHITECTURE.md "The contract"): the codes the
// server answers (each has its texts in seven languages beside the code that raises it, composed in
// server/src/messages.ts), the codes the API client gives failures that never got an envelope, and
// codes of the platform's other services (REFERENCE.md §2.2) the client must recognise although
// this server does not send them.
// An error code doubles as an i18n key on the front end.

/** Codes this server answers with; the server's message catalogue has one entry per code. */
export const SERVER_ERROR_CODES = [
  'request.param.err',
  'request.json.err',
  'request.media.type.err',
  'request.too.large',
  'request_body_required',
  'request.decrypt.err',
  'request.replay.err',
  'merchant.not.found',
  'function.not.available',
  'not.found',
  'system.err',
  // The site closed to the caller (SPEC §2 root views 1 and 2): maintenance, region restriction
  'system_under_maintenance',
  'region_restricted',
  // Accounts (login, sessions, registration)
  'CUSTOMER_NOT_LOGIN',
  'user.or.token.invalid',
  'guest.not.allowed',
  'password.change.required',
  'username.or.password.err',
  'captcha.err',
  'captcha.required',
  'botcheck.required',
  'botcheck.invalid',
  'TOO_MANY_REQUESTS',
  'server.busy',
  'member.blocked',
  'login_verify_required',
  'sms.code.invalid',
  'exists.username.err',
  'exists.mobile.err',
  'invalid.affiliate.code',
  'invalid.country.code',
  'inconsistent.twice',
  'password.too.common',
  'reg_field_required',
  'reg_pattern_invalid',
  'reg_pattern_0',
  'reg_pattern_1',
  'reg_pattern_2',
  'reg_pattern_3',
  'reg_pattern_4',
  'reg_pattern_5',
  'reg_pattern_6',
  'reg_pattern_7',
  'reg_pattern_8',
  'reg_pattern_9',
  'reg_pattern_10',
  'reg_pattern_11',
  'reg_pattern_12',
  'reg_pattern_13',
  // Verification codes, passwords, two-factor sign-in, social login
  'mobile.format.err',
  'mobile.invalid',
  'sms.too.frequent',
  'function.not.enabled',
  'username.email.not.exist',
  'password.reset.email.sent',
  'password.reset.success',
  'old.password.err',
  'password.same.as.old',
  'reset.link.invalid',
  'two.factor.code.invalid',
  'current.password.err',
  'login.verify.expired',
  'ga.already.bound',
  'ga.not.bound',
  'mobile.not.bound',
  'email.not.bound',
  'bank.card.not.bound',
  'bank.name.invalid',
  'oauth.not.configured',
  'oauth.login.failed',
  // The third-party (Firebase) SMS channel (phone-proof module): an ID token in place of the SMS code
  'firebase.token.invalid',
  'firebase.phone.mismatch',
  // The member's profile (member module, profile.*): nickname, real name, birthday, mobile and e-mail binding
  'nickname.format.err',
  'real.name.format.err',
  'real.name.locked',
  'birthday.format.err',
  'birthday.under.age',
  'birthday.locked',
  'mobile.already.bound',
  'mobile.change.sms.verification.on',
  'email.format.err',
  'exists.email.err',
  // Wallets (ledger module): transfers between the main wallet and game wallets
  'wallet.amount.invalid',
  'wallet.insufficient.balance',
  'wallet.not.found',
  'wallet.transfer.invalid',
  'wallet.single',
  'wallet.idempotency.key.required',
  'wallet.idempotency.conflict',
  // Platform messages (message module): inbox, outbox, replies
  'message.not.found',
  'message.reply.not.allowed',
  'message.send.limit',
  'message.subject.required',
  'message.content.required',
  'message.recipient.invalid',
  // Records (ledger module): the member's transaction records
  'records.period.invalid',
  // Deposits (deposit module): channels, manual transfers and receipts, payment gateways, records
  'deposit.channel.not.found',
  'deposit.amount.out.of.range',
  'deposit.pending.limit',
  'deposit.not.found',
  'deposit.state.invalid',
  'deposit.not.manual',
  'deposit.image.invalid',
  'deposit.image.too.large',
  'deposit.gateway.unavailable',
  'deposit.callback.invalid',
  'deposit.callback.signature.invalid',
  'deposit.report.period.invalid',
  // Withdrawals (withdrawal module): payment password, bound cards, withdraw, operator decisions, records
  'not.exists.payment.password',
  'exists.payment.password',
  'invalid.payment.pw',
  'withdraw_not_supported',
  'withdraw_turnover_not_enough',
  'withdraw.amount.too.small',
  'withdraw.amount.too.large',
  'withdraw.daily.limit',
  'withdraw.insufficient.balance',
  'withdraw.bank.invalid',
  'withdraw.card.number.invalid',
  'withdraw.address.invalid',
  'withdraw.payee.invalid',
  'withdraw.payee.mismatch',
  'withdraw.card.limit',
  'withdraw.card.exists',
  'withdraw.card.not.found',
  'withdraw.card.pending',
  'withdrawal.not.found',
  'withdrawal.already.settled',
  'withdraw.report.range.invalid',
  // The operator API (/ops/v1): the back office
  'operator.login.failed',
  'operator.token.invalid',
  'operator.member.not.found',
  'operator.adjustment.invalid',
  // Transfer to upline (agent-transfer module)
  'upline.transfer.not.agent',
  'upline.transfer.no.upline',
  'upline.transfer.amount.too.small',
  'upline.transfer.amount.too.large',
  // Profit and loss (profit module)
  'profit.period.invalid',
  // Player-to-player deposits (c2c module) and the withdrawals they pay
  'c2c.disabled',
  'c2c.amount.out.of.range',
  'c2c.no.match',
  'c2c.order.open',
  'c2c.order.not.found',
  'c2c.order.state.invalid',
  'c2c.order.expired',
  'c2c.received.amount.invalid',
  'c2c.images.required',
  'c2c.payer.name.required',
  'withdrawal.c2c.open',
  // Game launch and the seamless-wallet provider API (game-provider module)
  'vendor_under_maintenance',
  'launch_game_balance_not_enough',
  'game.vendor.not_connected',
  'game.not_found',
  'provider.signature.invalid',
  'provider.vendor.unknown',
  'provider.session.expired',
  'provider.insufficient.funds',
  'provider.vendor.maintenance',
  'provider.transaction.mismatch',
  'provider.transaction.rolled_back',
  'provider.round.not_found',
  'provider.round.closed',
  'provider.rollback.invalid',
  'provider.maintenance.invalid',
  // Bet records (bet-history module)
  'bet.history.period.invalid',
  // The in-house (JL) game server (inhouse module)
  'inhouse.session.expired',
  'inhouse.game.unknown',
  'inhouse.bet.invalid',
  'inhouse.insufficient.funds',
  'inhouse.vendor.maintenance',
  'inhouse.provider.unavailable',
  'inhouse.client_seed.invalid',
  'inhouse.round.not_found',
  'inhouse.crash.betting_closed',
  'inhouse.crash.bet_exists',
  'inhouse.crash.no_bet',
  'inhouse.crash.crashed',
  'inhouse.crash.too_early',
] as const;
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

/** Codes the API client itself gives failures that never got an envelope. */
export const CLIENT_ERROR_CODES = {
  network: 'network.error',
  timeout: 'network.timeout',
  canceled: 'request.canceled',
  invalidResponse: 'response.invalid',
  notLoggedIn: 'login.not.session',
  /** The browser could not prepare the request (no WebCrypto, a bad key). */
  client: 'client.error',
} as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES];

/**
 * Codes of the platform's other services (REFERENCE.md §2.2) that the client handles by rule
 * (a forced logout, no popup) although this server never sends them.
 */
export const PLATFORM_ERROR_CODES = [
  'token_ip_different',
  'merchant.acct.setup.err',
  'TOO_MANY_REQUEST',
  'bind_customer_required',
] as const;
export type PlatformErrorCode = (typeof PLATFORM_ERROR_CODES)[number];

export type ErrorCode = ServerErrorCode | ClientErrorCode | PlatformErrorCode;

/** Every code a caller can meet: the three groups above, which share none. */
export const ERROR_CODES: readonly ErrorCode[] = [...SERVER_ERROR_CODES, ...Object.values(CLIENT_ERROR_CODES), ...PLATFORM_ERROR_CODES];
