import fastifyCompress from '@fastify/compress';
import http, { type IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type pg from 'pg';
import { apiDocsEnabled, deliveryConfigFromEnv, parseRemoteOverrides, systemClock, type Clock, type DeliveryConfig } from './config';
import { ConfigRevisionWatch } from './db/config-revision';
import { sessionConnectionOf } from './db/pool';
import { storedSchemaCompilers } from './http/compiled-schemas';
import { registerEncryptedRoutes } from './http/encryption';
import { AppError } from './http/envelope';
import { failureFrom, registerErrorHandler } from './http/error-handler';
import { requestIdOf, withLogRedaction } from './http/logging';
import { InstanceLifecycle } from './http/lifecycle';
import { refuseNulBytes } from './http/nul-bytes';
import { errorEnvelope } from './http/schemas';
import { CATALOGUE } from './messages';
import { METRICS_PATH, metricsRoutes } from './metrics/metrics.routes';
import { agentTransferRoutes } from './modules/agent-transfer';
import { betHistoryRoutes } from './modules/bet-history';
import { createLotteryScheduler, DrawStreams, lotteryOperatorRoutes, lotteryRoutes } from './modules/lottery';
import { agentOperatorRoutes, agentRoutes, contractFlags, createRealtimeWageJob, createSalaryJob, subordinateIdOf, teamBettingHeadOf, wageIntervalFromEnv } from './modules/agent';
import { c2cDepositMethods, c2cOperatorRoutes, c2cRoutes, createC2CSweep } from './modules/c2c';
import { captchaRoutes } from './modules/captcha';
import { ChatHub, chatOperatorRoutes, chatRoutes } from './modules/chat';
import { botCheckRoutes } from './modules/bot-check';
import { contentOperatorRoutes, contentRoutes, getFirstBanners } from './modules/content';
import { brandOperatorRoutes } from './modules/brand';
import { riskOperatorRoutes } from './modules/risk';
import { depositRoutes, gatewaySimulatorRoutes } from './modules/deposit';
import { gameProviderOperatorRoutes, gameProviderRoutes } from './modules/game-provider';
import { gamesOperatorRoutes, gamesRoutes } from './modules/games';
import { healthRoutes } from './modules/health';
import { InhouseServer, inhouseJobsFromEnv, inhouseOperatorRoutes, type InhouseOptions } from './modules/inhouse';
import { BalanceStreams, ledgerRoutes, PaymentStreams, recordsRoutes } from './modules/ledger';
import { memberRoutes, profileRoutes } from './modules/member';
import { feedbackOperatorRoutes, feedbackRoutes } from './modules/feedback';
import { supportOperatorRoutes, supportRoutes } from './modules/support';
import { createPromotionTakeBackJob, depositPromotionChooser, promotionOperatorRoutes, promotionRoutes } from './modules/promotion';
import { prizeWheelOperatorRoutes, prizeWheelRoutes } from './modules/prize-wheel';
import { createPointsJob, pointsOperatorRoutes, pointsRoutes } from './modules/points';
import { createRebateJob, globalRebateSettings, rebateOperatorRoutes, rebateRoutes } from './modules/rebate';
import { createReferralJob, referralOperatorRoutes, referralRoutes } from './modules/referral';
import { createMissionLeaderboardJob, missionOperatorRoutes, missionRoutes } from './modules/mission';
import { memberLabelOperatorRoutes } from './modules/member-label';
import { messageRoutes, UnreadStreams } from './modules/message';
import { createSenderFactory, DeliveryWorker, deliveryStartupLine, senderConfigFromEnv, type DeliveryWorkerOptions } from './modules/notification';
import { oauthRoutes } from './modules/oauth';
import { OPERATOR_API_PREFIX, operatorRoutes } from './modules/operator';
import { passwordRoutes } from './modules/password';
import { createPhoneProofGate, type PhoneProofOptions } from './modules/phone-proof';
import { profitRoutes } from './modules/profit';
import { backOfficeSectionsOperatorRoutes, remotesOperatorRoutes, remotesRoutes } from './modules/remotes';
import { headersBeforeRouting, registerSecurityHeaders } from './modules/security-headers';
import {
  createAccountHooks,
  createRequestNonces,
  loadDecryptionKeys,
  sessionRoutes,
  useAuthentication,
  type AccountHooks,
  type RouteAccessEntry,
} from './modules/session';
import { getContentSources, loadCountryDatabase, systemRoutes, useSiteAccess, type CountryDatabase } from './modules/system';
import { twoFactorOperatorRoutes, twoFactorRoutes } from './modules/two-factor';
import { createVipMonthEndJob, vipOperatorRoutes, vipRoutes, vipWithdrawalPerks } from './modules/vip';
import { verificationRoutes } from './modules/verification';
import { withdrawalRoutes } from './modules/withdrawal';
import { BACK_OFFICE_PATH, isBackOfficePath, registerBackOffice } from './plugins/back-office';
import { registerDocs } from './plugins/docs';
import { createMerchantResolver, useMerchantResolution } from './plugins/merchant';
import { registerStaticSite } from './plugins/static-site';
import { secretsKeyFromEnv, type SecretsKey } from './secrets-key';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /wps route of the merchant scope with the access it declares (for review and tests). */
    readonly routeAccess: readonly RouteAccessEntry[];
    /** The config revision this app serves from memory (absent with configRevision: false). */
    readonly configRevision?: ConfigRevisionWatch;
    /** The member balance streams this app serves (absent with balanceStreams: false). */
    readonly balanceStreams?: BalanceStreams;
    /** The live chat's streams this app serves (absent with balanceStreams: false). */
    readonly chatHub?: ChatHub;
    /**
     * Serves the operator API (/ops/v1) on a listener of its own, the only one that serves it
     * (main.ts: OPS_PORT on 127.0.0.1 unless OPS_HOST says otherwise); closed with the app.
     */
    listenOperatorApi(address: { port: number; host: string }): Promise<http.Server>;
    /** Starting, ready or draining (http/lifecycle.ts): /readyz answers from it, draining ends the event streams. */
    readonly lifecycle?: InstanceLifecycle;
  }
}

export interface BuildAppOptions {
  pool: pg.Pool;
  /** The repository's dist/ (shell/ and remotes/); omit to serve the API only. */
  staticRoot?: string;
  /**
   * Fastify logger option: true/options for JSON logs (pino), false for none. Default true. Secret
   * query parameters and credential headers are redacted whatever the options (http/logging.ts).
   */
  logger?: FastifyServerOptions['logger'];
  /**
   * Where the routes' compiled validators and serializers are kept between starts
   * (http/compiled-schemas.ts); SCHEMA_CACHE_DIR when not given, none when false or empty.
   */
  schemaCacheDir?: string | false;
  /** Seals private keys and message texts kept in the database; defaults to SECRETS_KEY of the environment. */
  secretsKey?: SecretsKey;
  /** Serve /docs (OpenAPI UI and JSON); defaults to API_DOCS, else outside production only. */
  apiDocs?: boolean;
  /** Fastify trustProxy (how far X-Forwarded-For is believed). Default false. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Remote name → manifest URL; defaults to the REMOTE_OVERRIDES environment variable. */
  remoteOverrides?: Record<string, string>;
  /** Time of every time-dependent rule (sessions, lockout, captcha); tests pass a movable one. */
  clock?: Clock;
  /** Login/registration hooks (SMS codes, two-factor); modules fill the shared object. */
  accountHooks?: AccountHooks;
  /**
   * Where an address is (the visitor's country for region rules and the status); defaults to the
   * bundled offline database, read once per process here, at start-up.
   */
  countryDatabase?: CountryDatabase;
  /** Sees every route as it is registered (the contract test compares them with the contract). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Merchants and configuration are served from memory, kept current by LISTEN on the config
   * revision (db/config-revision.ts) with a periodic check of the stored revision every
   * checkIntervalMs (default 5 s) as the safety net. false: read them on every request.
   */
  configRevision?: { checkIntervalMs?: number } | false;
  /** false: no balance push (no listener connection, no events route). */
  balanceStreams?: false;
  /** The C2C deadline sweep (modules/c2c/c2c.sweep.ts): every intervalMs (default 30 s); false: none. */
  c2cSweep?: { intervalMs?: number } | false;
  /** The lottery scheduler (modules/lottery): rounds, draws, settlement every second; default on unless LOTTERY_JOBS=0. */
  lotteryJobs?: boolean;
  /** The in-house (JL) game server (modules/inhouse): provider API address, crash scheduler and recovery job. */
  inhouse?: InhouseOptions;
  /**
   * The Firebase SMS channel's token check (modules/phone-proof): where Google's signing keys are
   * read (default FIREBASE_JWKS_URL of the environment, else Google's), or a key set in hand.
   */
  phoneProof?: PhoneProofOptions;
  /**
   * SMS and e-mail delivery (modules/notification/delivery.ts): the SMTP server and the SMS
   * providers' base URL (default SMTP_* and SMS_PROVIDER_BASE_URL of the environment) and the
   * worker's pace; false: no worker in this app (queued messages wait for another's).
   */
  delivery?: (Partial<DeliveryConfig> & Pick<DeliveryWorkerOptions, 'intervalMs' | 'leaseMs' | 'requestTimeoutMs' | 'batchSize' | 'retry'>) | false;
}

/**
 * The whole HTTP application, every plugin and module registered here in one place. Returned
 * before `ready()`, so tests may add routes (e.g. an encrypted echo) before the first inject.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { pool } = options;
  const clock = options.clock ?? systemClock;
  // One object shared by the modules that read hooks and the modules that provide them.
  const accountHooks = options.accountHooks ?? createAccountHooks();
  // The Firebase SMS channel: one key set per process, every merchant's tokens checked with it.
  accountHooks.phoneProof ??= createPhoneProofGate({
    jwksUrl: process.env.FIREBASE_JWKS_URL || undefined,
    ...options.phoneProof,
  });
  const countries = options.countryDatabase ?? loadCountryDatabase();
  // Every failure envelope is worded from the one catalogue the modules' parts compose (messages.ts).
  const failure = failureFrom(CATALOGUE);
  const secretsKey = options.secretsKey ?? secretsKeyFromEnv(process.env);
  const delivery: DeliveryConfig = { ...deliveryConfigFromEnv(process.env), ...(options.delivery || {}) };
  const schemaCacheDir = options.schemaCacheDir === undefined ? process.env.SCHEMA_CACHE_DIR || undefined : options.schemaCacheDir || undefined;
  const app = Fastify({
    logger: withLogRedaction(options.logger ?? true),
    trustProxy: options.trustProxy ?? false,
    // Keep a caller's (or the edge proxy's) X-Request-Id so one id follows a request everywhere,
    // but only a plain identifier (http/logging.ts); anything else gets a new one.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Errors raised before routing (a URL that does not decode) get the same envelope.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ err: error }, 'request rejected before routing');
      // Its reply is typed for a route with no schema; the envelope is the plain reply body here.
      // No hook runs before routing: the security headers are set here.
      void (reply as FastifyReply)
        .status(400)
        .headers(headersBeforeRouting(request as FastifyRequest))
        .send(failure(request as FastifyRequest, 'request.param.err', { detail: 'the URL is malformed' }));
    },
    // Compiled once and kept, when a folder is named (http/compiled-schemas.ts).
    ...(schemaCacheDir ? { schemaController: storedSchemaCompilers(schemaCacheDir) } : {}),
    ajv: {
      customOptions: {
        // Query values arrive as strings; coerce "1" to 1 where a schema says integer.
        coerceTypes: 'array',
        removeAdditional: true,
        useDefaults: true,
        // Gives validation errors their schema, so messages can quote its description.
        verbose: true,
      },
    },
  });

  // Ready once every route and hook is loaded; draining from main.ts's shutdown (http/lifecycle.ts).
  const lifecycle = new InstanceLifecycle();
  app.decorate('lifecycle', lifecycle);
  app.addHook('onReady', async () => lifecycle.markReady());
  // Counted from the first route on; served on the operator listener only (below).
  await metricsRoutes(app, { pool, lifecycle });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // The operator API never answers on the site's listener, and its own listener answers nothing
  // else (server/README.md "Operators"): no gateway or port forward in front of the site can
  // expose the back office by accident. Requests are told apart by the socket they came in on;
  // app.inject (tests, in-process callers) reaches both sides.
  const siteRequests = new WeakSet<IncomingMessage>();
  const operatorRequests = new WeakSet<IncomingMessage>();
  app.server.prependListener('request', (request: IncomingMessage) => siteRequests.add(request));
  const operatorServers = new Set<http.Server>();
  app.decorate('listenOperatorApi', async (address: { port: number; host: string }) => {
    const server = http.createServer((request, response) => {
      operatorRequests.add(request);
      app.routing(request, response);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(address.port, address.host, () => resolve());
    });
    operatorServers.add(server);
    return server;
  });
  app.addHook('preClose', async () => {
    await Promise.all([...operatorServers].map((server) => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    })));
  });
  let backOfficeServed = false;
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    // The back office's pages (plugins/back-office.ts) sit beside its API, under the same /ops;
    // the metrics for Prometheus are the operators' too (metrics/metrics.routes.ts).
    const operatorRoute = route !== undefined && (isBackOfficePath(route) || route === METRICS_PATH);
    // The operator listener's root is the back office, when it is built.
    if (backOfficeServed && !operatorRoute && operatorRequests.has(request.raw) && request.url === '/') return reply.redirect(`${BACK_OFFICE_PATH}/`, 302);
    if (operatorRoute ? siteRequests.has(request.raw) : operatorRequests.has(request.raw)) throw new AppError(404, 'not.found');
  });
  // One listener per app; requests read the revision it keeps, never the database (until it is down).
  let revisionWatch: ConfigRevisionWatch | undefined;
  if (options.configRevision !== false) {
    const watch = new ConfigRevisionWatch({
      connection: sessionConnectionOf(pool),
      db: pool,
      checkIntervalMs: options.configRevision?.checkIntervalMs,
      onProblem: (message, error) => app.log.warn({ err: error }, message),
    });
    revisionWatch = watch;
    app.decorate('configRevision', watch);
    app.addHook('onClose', () => watch.close());
  }
  // One listener per app for the balance push; open streams end before the server closes.
  let balanceStreams: BalanceStreams | undefined;
  if (options.balanceStreams !== false) {
    const streams = new BalanceStreams({ db: pool, connection: sessionConnectionOf(pool), onProblem: (message, error) => app.log.warn({ err: error }, message) });
    balanceStreams = streams;
    app.decorate('balanceStreams', streams);
    app.addHook('preClose', async () => streams.endStreams());
    app.addHook('onClose', () => streams.close());
  }
  // The unread count of messages rides on the balance stream (modules/message/unread-streams.ts).
  const unreadStreams = balanceStreams && new UnreadStreams({ db: pool, connection: sessionConnectionOf(pool), onProblem: (message, error) => app.log.warn({ err: error }, message) });
  if (unreadStreams) app.addHook('onClose', () => unreadStreams.close());
  // Deposit and withdrawal status changes ride on it too (modules/ledger/payment-stream.ts).
  const paymentStreams = balanceStreams && new PaymentStreams({ connection: sessionConnectionOf(pool), onProblem: (message, error) => app.log.warn({ err: error }, message) });
  if (paymentStreams) app.addHook('onClose', () => paymentStreams.close());
  // The live chat pushed to members and operators (modules/chat/chat.hub.ts); its unread count rides on the balance stream too.
  let chatHub: ChatHub | undefined;
  if (options.balanceStreams !== false) {
    const hub = new ChatHub({ db: pool, connection: sessionConnectionOf(pool), clock, onProblem: (message, error) => app.log.warn({ err: error }, message) });
    chatHub = hub;
    app.decorate('chatHub', hub);
    app.addHook('preClose', async () => hub.endStreams());
    app.addHook('onClose', () => hub.close());
  }
  // The JL game server: calls the provider API over HTTP (this app through app.inject by default).
  const inhouse = new InhouseServer(app, {
    pool,
    clock,
    secretsKey,
    providerBaseUrl: options.inhouse?.providerBaseUrl ?? (process.env.JL_PROVIDER_URL || undefined),
    onProblem: (message, error) => app.log.warn({ err: error }, message),
  });
  app.addHook('preClose', async () => inhouse.close());
  // The lottery's draw push: one listener per app, open streams end before the server closes.
  let drawStreams: DrawStreams | undefined;
  if (options.balanceStreams !== false) {
    const streams = new DrawStreams({ db: pool, connection: sessionConnectionOf(pool), onProblem: (message, error) => app.log.warn({ err: error }, message) });
    drawStreams = streams;
    app.addHook('preClose', async () => streams.endStreams());
    app.addHook('onClose', () => streams.close());
  }
  const resolveMerchant = createMerchantResolver(pool, revisionWatch);
  app.decorateRequest('merchant', null);
  const routeAccess: RouteAccessEntry[] = [];
  app.decorate('routeAccess', routeAccess);
  app.addSchema(errorEnvelope);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  registerErrorHandler(app, failure);
  // Before every route: the headers go on pages, remote files, images and API answers alike.
  const remoteOverrides = options.remoteOverrides ?? parseRemoteOverrides(process.env.REMOTE_OVERRIDES);
  await registerSecurityHeaders(app, { db: pool, overrides: remoteOverrides, resolveMerchant });
  refuseNulBytes(app);
  // Must precede the routes: both are onRoute hooks.
  const nonces = createRequestNonces(pool);
  registerEncryptedRoutes(app, () => loadDecryptionKeys(pool, secretsKey), {
    clock,
    claimNonce: (nonce, nowMs, expiresAtMs) => nonces.claim(nonce, nowMs, expiresAtMs),
  });
  await registerDocs(app, { serve: options.apiDocs ?? apiDocsEnabled(process.env) });
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip', 'deflate'] });

  await app.register(healthRoutes, { db: pool, configRevision: () => revisionWatch?.revision, lifecycle });

  // Everything that belongs to a brand: the merchant is resolved before these routes run.
  await app.register(async (merchantScope) => {
    useMerchantResolution(merchantScope, resolveMerchant);
    // After merchant resolution, before the session is looked up: during maintenance and for a
    // restricted visitor every route below is refused unless its config says it stays available
    // (config.availability: see modules/system/site-access.ts).
    useSiteAccess(merchantScope, { db: pool, clock, countries });
    // Every route below is closed unless its config says otherwise
    // (config.auth, realAccountOnly, feature: see modules/session/authentication.ts).
    useAuthentication(merchantScope, { db: pool, clock, routeTable: routeAccess });
    // SMS and e-mail are written to the outbox table, queued for the delivery worker (below) when
    // their channel has a provider (SMTP_HOST; the merchant's SMS provider), else kept there.
    const senderConfig = senderConfigFromEnv(process.env, clock, secretsKey, delivery);
    if (senderConfig.logMessageText) {
      app.log.warn('NOTIFICATION_LOG_SECRETS=1: SMS and e-mail texts (codes, reset links) are written to the log (development only)');
    }
    const senders = createSenderFactory(pool, senderConfig);
    await merchantScope.register(systemRoutes, { db: pool, clock, countries });
    await merchantScope.register(contentRoutes, { db: pool });
    await merchantScope.register(gamesRoutes, { db: pool, clock });
    await merchantScope.register(sessionRoutes, { db: pool, clock, hooks: accountHooks, secretsKey });
    await merchantScope.register(memberRoutes, { db: pool, clock, hooks: accountHooks });
    await merchantScope.register(captchaRoutes, { db: pool, clock });
    await merchantScope.register(botCheckRoutes, { db: pool, clock, secretsKey, hooks: accountHooks });
    // A deposit may name a deposit promotion (the deposit page's choice): modules/promotion checks and joins it.
    await merchantScope.register(depositRoutes, { db: pool, clock, secretsKey, extraMethods: c2cDepositMethods, choosePromotion: depositPromotionChooser(pool) });
    await merchantScope.register(gameProviderRoutes, { db: pool, clock, secretsKey });
    await merchantScope.register(ledgerRoutes, {
      db: pool,
      clock,
      balanceStreams,
      memberEvents: [unreadStreams, paymentStreams, chatHub?.unreadSource].filter((source) => source !== undefined),
      contractFlags: (merchantId, memberId) => contractFlags(pool, merchantId, memberId),
    });
    await merchantScope.register(messageRoutes, { db: pool, clock });
    await merchantScope.register(chatRoutes, { db: pool, clock, hub: chatHub });
    await merchantScope.register(feedbackRoutes, { db: pool, clock });
    // Support questions: an answer is delivered into the member's platform messages (modules/message).
    await merchantScope.register(supportRoutes, { db: pool, clock });
    await merchantScope.register(recordsRoutes, { db: pool, subordinateOf: (caller, username) => subordinateIdOf(pool, caller, username) });
    // A member's VIP level may allow more withdrawals a day, more free ones, and put them first in the
    // review queue: modules/vip reads the level (the withdrawal module cannot import it: vip reads its settings).
    await merchantScope.register(withdrawalRoutes, { db: pool, clock, perksOf: vipWithdrawalPerks });
    await merchantScope.register(c2cRoutes, { db: pool, clock, senders });
    await merchantScope.register(agentTransferRoutes, { db: pool, clock });
    await merchantScope.register(profitRoutes, { db: pool });
    await merchantScope.register(inhouse.routes);
    await merchantScope.register(betHistoryRoutes, { db: pool });
    await merchantScope.register(lotteryRoutes, { db: pool, clock, drawStreams, teamHeadOf: (caller, name) => teamBettingHeadOf(pool, caller, name) });
    await merchantScope.register(agentRoutes, { db: pool, clock });
    await merchantScope.register(promotionRoutes, { db: pool, clock, secretsKey });
    await merchantScope.register(prizeWheelRoutes, { db: pool, clock, secretsKey });
    await merchantScope.register(pointsRoutes, { db: pool, clock, secretsKey });
    await merchantScope.register(rebateRoutes, { db: pool, clock });
    await merchantScope.register(referralRoutes, { db: pool, clock });
    await merchantScope.register(missionRoutes, { db: pool, clock, secretsKey });
    // VIP ranks: a level's benefits show its betting-rebate rates (the rebate module's).
    await merchantScope.register(vipRoutes, { db: pool, clock, rebateRates: async (merchantId) => (await globalRebateSettings(pool, merchantId)).list });
    await merchantScope.register(verificationRoutes, { db: pool, clock, senders, hooks: accountHooks });
    await merchantScope.register(twoFactorRoutes, { db: pool, clock, senders, hooks: accountHooks, secretsKey });
    await merchantScope.register(passwordRoutes, { db: pool, clock, senders });
    await merchantScope.register(profileRoutes, { db: pool, clock, senders });
    await merchantScope.register(oauthRoutes, { db: pool, clock, hooks: accountHooks });
    await merchantScope.register(remotesRoutes, {
      db: pool,
      staticRoot: options.staticRoot,
      overrides: remoteOverrides,
    });
  });

  // The back office's API: its own authentication (operator tokens), outside the merchant scope.
  await app.register(operatorRoutes, { prefix: OPERATOR_API_PREFIX, db: pool, secretsKey, clock, extraRoutes: [promotionOperatorRoutes(secretsKey), c2cOperatorRoutes, gameProviderOperatorRoutes(secretsKey), gamesOperatorRoutes, feedbackOperatorRoutes, agentOperatorRoutes, lotteryOperatorRoutes(secretsKey), inhouseOperatorRoutes, remotesOperatorRoutes(options.staticRoot), backOfficeSectionsOperatorRoutes(options.staticRoot), prizeWheelOperatorRoutes(secretsKey), pointsOperatorRoutes, rebateOperatorRoutes, referralOperatorRoutes, vipOperatorRoutes, missionOperatorRoutes, memberLabelOperatorRoutes, supportOperatorRoutes, chatOperatorRoutes(chatHub), contentOperatorRoutes, riskOperatorRoutes, brandOperatorRoutes, twoFactorOperatorRoutes] });

  // The back office's pages, on the operator listener only (the hook above).
  backOfficeServed = await registerBackOffice(app, { staticRoot: options.staticRoot, failure, apiPrefix: OPERATOR_API_PREFIX });

  // The payment gateway simulator's pages (development and tests only; nothing in production).
  await app.register(gatewaySimulatorRoutes, { db: pool, clock, secretsKey });

  await registerStaticSite(app, {
    staticRoot: options.staticRoot,
    failure,
    banners: {
      resolveMerchant,
      firstBanners: (merchant) => getFirstBanners(pool, merchant),
      imageSources: (merchant) => getContentSources(pool, merchant),
    },
  });
  // Last, so that nothing above can fail with the listener's connection left open.
  await revisionWatch?.start();
  await balanceStreams?.start();
  await unreadStreams?.start();
  await paymentStreams?.start();
  await inhouse.start(options.inhouse?.jobs ?? inhouseJobsFromEnv(process.env));
  await drawStreams?.start();
  await chatHub?.start();
  // The lottery's rounds, draws and settlement: one replica at a time, stopped before close.
  if (options.lotteryJobs ?? process.env.LOTTERY_JOBS !== '0') {
    const scheduler = createLotteryScheduler({ pool, secretsKey, clock, onProblem: (message, error) => app.log.warn({ err: error }, message) });
    app.addHook('preClose', () => scheduler.close());
    scheduler.start();
    // Real-time salary from the settled rounds (every 5 minutes; AGENT_WAGE_INTERVAL_MS).
    const wages = createRealtimeWageJob({ pool, clock, intervalMs: wageIntervalFromEnv(process.env), onProblem: (message, error) => app.log.warn({ err: error }, message) });
    app.addHook('preClose', () => wages.close());
    wages.start();
    // Daily and hourly salary: each finished period once (checked every minute).
    const salaries = createSalaryJob({ pool, clock, onProblem: (message, error) => app.log.warn({ err: error }, message) });
    app.addHook('preClose', () => salaries.close());
    salaries.start();
  }
  // Bonuses not wagered in time are taken back (checked every minute, one replica at a time).
  const takeBack = createPromotionTakeBackJob({ db: pool, clock, onProblem: (message, error) => app.log.warn({ err: error }, message) });
  app.addHook('onClose', () => takeBack.close());
  takeBack.start();
  // The betting rebate of merchants that pay it by themselves (mode auto): each closed day once, one replica at a time.
  const rebates = createRebateJob({ db: pool, clock, onProblem: (message, error) => app.log.warn({ err: error }, message) });
  app.addHook('onClose', () => rebates.close());
  rebates.start();
  // Invite a friend: friends advanced and rewarded, each closed day's rebates counted and paid once, one replica at a time.
  const referrals = createReferralJob({ db: pool, clock, onProblem: (message, error) => app.log.warn({ err: error }, message) });
  app.addHook('onClose', () => referrals.close());
  referrals.start();
  // Points earned on each closed day (stakes per category, deposits), credited once per source, one replica at a time.
  const points = createPointsJob({ db: pool, clock, onProblem: (message, error) => app.log.warn({ err: error }, message) });
  app.addHook('onClose', () => points.close());
  points.start();
  // Mission leaderboards' prizes, once each mission has ended: one replica at a time, each mission once.
  const missionLeaderboards = createMissionLeaderboardJob({ db: pool, clock, onProblem: (message, error) => app.log.warn({ err: error }, message) });
  app.addHook('onClose', () => missionLeaderboards.close());
  missionLeaderboards.start();
  // VIP month ends: each merchant's ended month decided once (promotions, relegations), one replica at a time.
  const vipMonthEnds = createVipMonthEndJob({ db: pool, clock, onProblem: (message, error) => app.log.warn({ err: error }, message) });
  app.addHook('onClose', () => vipMonthEnds.close());
  vipMonthEnds.start();
  // SMS and e-mail delivery: every replica claims due outbox rows (SKIP LOCKED), woken by LISTEN
  // outbox_queued; one start-up line says where messages go, or that they stay in the outbox.
  if (options.delivery !== false) {
    const worker = new DeliveryWorker({
      ...options.delivery,
      pool,
      clock,
      secretsKey,
      delivery,
      listen: sessionConnectionOf(pool),
      log: app.log,
      onProblem: (message, error) => app.log.warn({ err: error }, message),
    });
    app.addHook('onClose', () => worker.close());
    await worker.start();
    // The line reads the merchants' SMS providers: a database that does not answer yet must not
    // stop the start (/healthz then says so), and the app must still close what it started.
    void deliveryStartupLine(pool, delivery).then(
      ({ line }) => app.log.info(line),
      (error: unknown) => app.log.warn({ err: error }, 'Delivery: could not read where SMS go (the database did not answer)'),
    );
  }
  // C2C deadlines (expiry, confirmation timeout): one replica at a time, stopped on close.
  if (options.c2cSweep !== false) {
    const sweep = createC2CSweep({ db: pool, clock, intervalMs: options.c2cSweep?.intervalMs, onProblem: (message, error) => app.log.warn({ err: error }, message) });
    app.addHook('onClose', () => sweep.close());
    sweep.start();
  }
  return app;
}
