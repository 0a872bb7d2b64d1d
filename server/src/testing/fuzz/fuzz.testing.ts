import { constants, createCipheriv, createPublicKey, generateKeyPairSync, publicEncrypt, randomBytes, type KeyObject } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { GUEST_MEMBER_TYPE, SERVER_ERROR_CODES, type Envelope, type RsaKey } from '@platform/contract';
import { encryptForServer } from '../../http/encryption';
import { ensureHouseAccount, ensureMemberAccount, grantFreePlay, postTransaction } from '../../modules/ledger';
import { createMember, tokenFor } from '../../modules/member/member.testing';
import { createTestApp, json, type TestContext } from '../test-app';
import { databaseChanges, snapshotDatabase } from './db-snapshot';
import { describePlan, OTHER_MERCHANT, requestPlans, TOKEN, unknownPathPlans, type AnswerKind, type FuzzRoute, type Payload, type RequestPlan } from './requests';
import type { Json } from './json-text';
import type { FuzzSchema } from './schema-arbitraries';

// The fuzz harness: a real app on a database of its own (createTestApp), a member and a free-play
// guest with live sessions and money on the ledger, every route of the OpenAPI document with its
// schemas, and the run: for each route, fast-check generates request plans (requests.ts), each is
// sent with app.inject, and every answer is checked:
//   - no 5xx;
//   - the envelope { success, value, message, errorCode } (failures: success false and an error
//     code of the contract), as JSON; the two browser-navigation routes answer a 302 to a path of
//     this site instead, and /remotes.json a plain array;
//   - no 2xx (or 3xx) from a route that changes state: every input sent there is a bad one;
//   - the database unchanged (db-snapshot.ts): after each request to a route that changes state,
//     and for the whole run at its end.

/** Routes of the OpenAPI document the fuzzer leaves out, and why. */
export const ROUTES_NOT_FUZZED: Readonly<Record<string, string>> = {
  'GET /healthz': 'takes no input and answers its own health shape, not the envelope (load balancers read it)',
  'GET /metrics': "takes no input and answers Prometheus' text format, not the envelope, on the operator listener only (metrics/metrics.test.ts)",
  'GET /readyz': 'takes no input and answers its own readiness shape, not the envelope (gateways read it; 503 while starting or draining: modules/health/drain.test.ts)',
  'GET /wps/v2/wallets/balance/events':
    'an event stream that stays open (an injected request never completes); its only input is the session token, whose refusal is tested in modules/ledger/balance-stream.test.ts',
  'GET /wps/chat/events':
    'an event stream that stays open (an injected request never completes); its inputs are the session token and the message id to resume after, tested in modules/chat/chat.stream.test.ts',
};
/**
 * Prefixes of the document's paths that are not the site's API: swagger-ui's own pages and files,
 * and the operator API (its own bearer tokens, refused before validation without one; its bad
 * input is tested with an operator's token in modules/operator/operator.test.ts).
 */
const NOT_API = ['/docs', '/ops/'];

/** Browser navigations: a 302, never an envelope on success (oauth.routes.ts). */
const REDIRECT_ROUTES = new Set(['GET /wps/session/oauth/{provider}/start', 'GET /wps/session/oauth/{provider}/callback']);
/** A plain JSON array for the shell, not enveloped (remotes.routes.ts); failures are envelopes. */
const PLAIN_ROUTES = new Set(['GET /remotes.json']);

/** The fuzzer's own accounts (their passwords appear in no generated input). */
const FUZZ_MEMBER = { username: 'fuzzmember', password: 'Fuzz-member-password-7d3f' };
const FUZZ_GUEST = { username: 'fuzzguest', password: 'Fuzz-guest-password-91ac' };
/** An account named like a mobile number: what a registration by mobile number takes as its name. */
const FUZZ_MOBILE_NAMED = { username: '1712345678', password: 'Fuzz-mobile-password-5e20' };

/**
 * Routes that change state but cannot succeed without something the fuzzer never has, so they also
 * get well-formed inputs (which reach the handler and must be refused there), with these fields fixed.
 */
export const SEMANTIC_ROUTES: Readonly<Record<string, { why: string; fixed?: Record<string, Json> }>> = {
  'POST /wps/session/login': { why: 'the fuzzer never sends the password of an existing account (its usernames are random)' },
  'POST /wps/session/login/verification': { why: 'needs a login ticket the server issued; the fuzzer has none' },
  'POST /wps/session/login/verification/sms': { why: 'needs a login ticket the server issued; the fuzzer has none' },
  'POST /wps/session/login/verification/email': { why: 'needs a login ticket the server issued; the fuzzer has none' },
  'POST /wps/member/password/email': { why: 'needs an account name and its e-mail; no account has one the fuzzer sends' },
  'POST /wps/member/password/email/reset': { why: 'needs a reset token the server e-mailed; the fuzzer has none' },
  'POST /wps/member/password/verification': { why: 'needs an SMS code the server sent; none was sent' },
  'POST /wps/member/password': { why: "needs the member's current password, which the fuzzer never sends" },
  'PUT /wps/member/register': { why: 'the account name is taken (the fuzz member)', fixed: { username: FUZZ_MEMBER.username } },
  'PUT /wps/member/register/mobile': { why: 'the number is an existing account name', fixed: { mobileNum: FUZZ_MOBILE_NAMED.username } },
  'POST /wps/session/oauth/exchange': { why: 'needs a one-time code from a social login; the fuzzer has none' },
  'POST /wps/v2/member/2fa/totp/confirm': { why: 'confirms an enrolment the member never started (starting one is always sent with a fault)' },
  'DELETE /wps/v2/member/2fa/totp': { why: 'the member has no authenticator to remove, and the fuzzer does not know a code' },
  'POST /wps/v2/member/2fa/sms/code': { why: 'the member has no mobile number to send a code to' },
  'PUT /wps/v2/member/2fa/sms': { why: 'the member has no mobile number, so SMS sign-in can be neither enabled nor disabled' },
};

/** Error codes of the access layer: an answer with one of them never reached the route's own checks. */
const ACCESS_CODES = new Set(['CUSTOMER_NOT_LOGIN', 'user.or.token.invalid', 'guest.not.allowed', 'merchant.not.found', 'function.not.available']);

const KNOWN_ERROR_CODES = new Set<string>(SERVER_ERROR_CODES);

export interface FuzzHarness {
  context: TestContext;
  app: FastifyInstance;
  routes: FuzzRoute[];
  /** "METHOD path" of every operation of the OpenAPI document. */
  documentOperations: string[];
  close(): Promise<void>;
}

interface Credentials {
  memberToken: string;
  /** The member's token of a session logged out before the run. */
  revokedToken: string;
  guestToken: string;
  serverKey: KeyObject;
  serverKeyBase64: string;
  foreignKey: KeyObject;
}

let harnessCredentials: WeakMap<FastifyInstance, Credentials> = new WeakMap();

/** The OpenAPI path of a Fastify URL ("/a/:b" → "/a/{b}"). */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export async function startFuzzHarness(): Promise<FuzzHarness> {
  const schemas = new Map<string, { body?: FuzzSchema; querystring?: FuzzSchema; params?: FuzzSchema; encrypted: boolean }>();
  const context = await createTestApp({
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        schemas.set(`${method} ${openApiPath(route.url)}`, {
          body: route.schema?.body as FuzzSchema | undefined,
          querystring: route.schema?.querystring as FuzzSchema | undefined,
          params: route.schema?.params as FuzzSchema | undefined,
          encrypted: route.config?.encrypted === true,
        });
      }
    },
  });
  const { app, pool, merchantId } = context;
  await app.ready();

  const document = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const documentOperations = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
  const access = new Map(app.routeAccess.map((entry) => [`${entry.method} ${openApiPath(entry.url)}`, entry]));
  const methodsByPath = new Map<string, string[]>();
  for (const key of schemas.keys()) {
    const [method, path] = key.split(' ');
    methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), method]);
  }

  const routes: FuzzRoute[] = [];
  for (const operation of documentOperations) {
    const [method, path] = operation.split(' ');
    if (operation in ROUTES_NOT_FUZZED || NOT_API.some((prefix) => path.startsWith(prefix))) continue;
    const schema = schemas.get(operation);
    const entry = access.get(operation);
    if (!schema || !entry) throw new Error(`${operation} is in the OpenAPI document but not among the app's routes`);
    const answer: AnswerKind = REDIRECT_ROUTES.has(operation) ? 'redirect' : PLAIN_ROUTES.has(operation) ? 'remotes' : 'envelope';
    routes.push({
      key: operation,
      method,
      url: path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1'),
      auth: entry.auth,
      realAccountOnly: entry.realAccountOnly,
      encrypted: schema.encrypted,
      body: schema.body,
      querystring: schema.querystring,
      params: schema.params,
      methodsOfUrl: methodsByPath.get(path) ?? [method],
      answer,
      mutating: method !== 'GET',
      semantic: operation in SEMANTIC_ROUTES,
      fixed: SEMANTIC_ROUTES[operation]?.fixed,
    });
  }

  // A member with money on the ledger, and a free-play guest with play money: balances to watch.
  const nowMs = Date.now();
  const memberId = await createMember(pool, merchantId, { ...FUZZ_MEMBER, nowMs });
  const wallet = await ensureMemberAccount(pool, merchantId, memberId, 'REAL', nowMs);
  const house = await ensureHouseAccount(pool, merchantId, 'house_cash', nowMs);
  await postTransaction(pool, {
    merchantId,
    idempotencyKey: 'fuzz:opening-balance',
    kind: 'fuzz_opening_balance',
    unit: 'REAL',
    postings: [
      { accountId: house, amountMinor: -123_456 },
      { accountId: wallet, amountMinor: 123_456 },
    ],
    nowMs,
  });
  await createMember(pool, merchantId, { ...FUZZ_MOBILE_NAMED, nowMs });
  await pool.query("INSERT INTO merchant (code, name) VALUES ($1, 'A bare second brand')", [OTHER_MERCHANT]);
  const guestId = await createMember(pool, merchantId, { ...FUZZ_GUEST, memberType: GUEST_MEMBER_TYPE, nowMs });
  await grantFreePlay(pool, merchantId, guestId, 50_000, nowMs);

  const revokedToken = await tokenFor(app, FUZZ_MEMBER.username, FUZZ_MEMBER.password);
  const logout = await app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: { authorization: revokedToken } });
  if (logout.statusCode !== 200) throw new Error(`logout failed: ${logout.body}`);
  const memberToken = await tokenFor(app, FUZZ_MEMBER.username, FUZZ_MEMBER.password);
  const guestToken = await tokenFor(app, FUZZ_GUEST.username, FUZZ_GUEST.password);
  const serverKeyBase64 = json<Envelope<RsaKey>>(await app.inject({ method: 'GET', url: '/wps/session/key/rsa' })).value.publicKey;
  const serverKey = createPublicKey({ key: Buffer.from(serverKeyBase64, 'base64'), format: 'der', type: 'spki' });
  const foreignKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
  harnessCredentials.set(app, { memberToken, revokedToken, guestToken, serverKey, serverKeyBase64, foreignKey });

  return {
    context,
    app,
    routes,
    documentOperations,
    close: async () => {
      harnessCredentials = new WeakMap();
      await context.close();
    },
  };
}

// ── Turning a plan into bytes ────────────────────────────────────────────────

function payloadBytes(payload: Payload): Buffer {
  const text = Buffer.from(payload.text, payload.utf16 ? 'utf16le' : 'utf8');
  if (!payload.splice) return text;
  const at = Math.floor(payload.splice.at * text.length);
  return Buffer.concat([text.subarray(0, at), Buffer.from(payload.splice.bytes), text.subarray(at)]);
}

/** The wire format of encrypted calls (encryption.ts), for any plaintext bytes and AES key. */
function seal(plaintext: Buffer, key: KeyObject, aesKey: Buffer = randomBytes(32)): { encryption: string; value: Buffer } {
  const iv = randomBytes(12);
  const wrapped = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, aesKey);
  if (aesKey.length !== 32) return { encryption: wrapped.toString('base64'), value: Buffer.concat([iv, randomBytes(plaintext.length), randomBytes(16)]) };
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
  const sealed = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { encryption: wrapped.toString('base64'), value: Buffer.concat([iv, sealed, cipher.getAuthTag()]) };
}

let gzipBomb: Buffer | undefined;

async function bodyOf(plan: RequestPlan, credentials: Credentials): Promise<{ headers: Record<string, string>; payload?: Buffer }> {
  const body = plan.body;
  const headers: Record<string, string> = {};
  if (body.contentType !== undefined) headers['content-type'] = body.contentType;
  if (body.contentEncoding !== undefined) headers['content-encoding'] = body.contentEncoding;
  let payload = body.payload ? payloadBytes(body.payload) : undefined;
  const enveloped = (value: string) => Buffer.from(JSON.stringify({ value }));
  switch (body.seal) {
    case undefined:
    case 'plaintext':
      break;
    case 'no-header':
      payload = enveloped(randomBytes(60).toString('base64'));
      break;
    case 'junk-header':
      headers.encryption = body.header ?? '';
      payload = enveloped(randomBytes(60).toString('base64'));
      break;
    case 'foreign-key':
    case 'short-key':
    case 'truncated':
    case 'tampered': {
      const key = body.seal === 'foreign-key' ? credentials.foreignKey : credentials.serverKey;
      const sealed = seal(payload ?? Buffer.alloc(0), key, body.seal === 'short-key' ? randomBytes(body.keyBytes ?? 16) : undefined);
      let value = sealed.value;
      const at = Math.min(value.length - 1, Math.floor((body.cut ?? 0) * value.length));
      if (body.seal === 'truncated') value = value.subarray(0, at);
      if (body.seal === 'tampered') value = Buffer.from(value.map((byte, index) => (index === at ? byte ^ 0x01 : byte)));
      headers.encryption = sealed.encryption;
      payload = enveloped(value.toString('base64'));
      break;
    }
    case 'bad-value':
      headers.encryption = seal(Buffer.from('{}'), credentials.serverKey).encryption;
      payload = Buffer.from(body.badValue ?? '');
      break;
    case 'sealed': {
      if (body.plainValue !== undefined) {
        // Exactly as the browser seals a request (timestamp and fresh nonce included; the app runs on the system clock).
        const sealed = await encryptForServer(body.plainValue, { publicKey: credentials.serverKeyBase64, serverTime: Date.now() });
        headers.encryption = sealed.encryption;
        payload = Buffer.from(JSON.stringify(sealed.body));
      } else {
        const sealed = seal(payload ?? Buffer.alloc(0), credentials.serverKey);
        headers.encryption = sealed.encryption;
        payload = enveloped(sealed.value.toString('base64'));
      }
      break;
    }
  }
  if (body.gzip === 'valid' && payload) payload = gzipSync(payload);
  if (body.gzip === 'garbage') payload = Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), randomBytes(64)]);
  if (body.gzip === 'bomb') payload = gzipBomb ??= gzipSync(Buffer.alloc(50_000_000, 0x20));
  return { headers, payload };
}

async function injectPlan(app: FastifyInstance, plan: RequestPlan, credentials: Credentials): Promise<LightMyRequestResponse> {
  const { headers: bodyHeaders, payload } = await bodyOf(plan, credentials);
  const token = plan.identity === 'guest' ? credentials.guestToken : plan.identity === 'revoked' ? credentials.revokedToken : credentials.memberToken;
  const headers: Record<string, string | string[]> = { ...plan.headers, ...bodyHeaders };
  if (plan.authorization !== undefined) headers.authorization = plan.authorization.replaceAll(TOKEN, token);
  return app.inject({
    method: plan.method as 'GET',
    url: plan.query ? `${plan.path}?${plan.query}` : plan.path,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    remoteAddress: plan.remoteAddress,
  });
}

// ── Checking an answer ───────────────────────────────────────────────────────

function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'gzip':
      return gunzipSync(raw).toString('utf8');
    case 'br':
      return brotliDecompressSync(raw).toString('utf8');
    case 'deflate':
      return inflateSync(raw).toString('utf8');
    default:
      return raw.toString('utf8');
  }
}

interface Verdict {
  problems: string[];
  errorCode?: string;
}

/** What is wrong with the answer to `plan` (nothing, for most). */
export function judge(route: FuzzRoute | undefined, plan: RequestPlan, response: LightMyRequestResponse): Verdict {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`answered ${status}`);
  const mustRefuse = route === undefined || route.mutating;
  if (mustRefuse && status < 400) problems.push(`answered ${status} to an input it must refuse`);
  if (plan.method === 'HEAD') return { problems };
  if (route?.answer === 'redirect' && status === 302) {
    const location = String(response.headers.location ?? '');
    if (!/^\/(?![/\\])/.test(location)) problems.push(`redirected off the site, to ${JSON.stringify(location)}`);
    return { problems };
  }
  let body: unknown;
  try {
    body = JSON.parse(decoded(response));
  } catch {
    problems.push(`answered ${status} with a body that is not JSON: ${JSON.stringify(response.body.slice(0, 200))}`);
    return { problems };
  }
  const contentType = String(response.headers['content-type'] ?? '');
  if (!contentType.startsWith('application/json')) problems.push(`answered content-type ${JSON.stringify(contentType)}`);
  if (route?.answer === 'remotes' && status === 200) {
    if (!Array.isArray(body)) problems.push('/remotes.json answered 200 without an array');
    return { problems };
  }
  const envelope = body as Partial<Envelope<unknown>>;
  const isEnvelope =
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    typeof envelope.success === 'boolean' &&
    'value' in envelope &&
    (typeof envelope.message === 'string' || envelope.message === null) &&
    (typeof envelope.errorCode === 'string' || envelope.errorCode === null);
  if (!isEnvelope) {
    problems.push(`answered ${status} without the envelope: ${JSON.stringify(body).slice(0, 200)}`);
    return { problems };
  }
  if (status >= 300) {
    if (envelope.success !== false) problems.push(`answered ${status} with success ${String(envelope.success)}`);
    if (typeof envelope.errorCode !== 'string' || !KNOWN_ERROR_CODES.has(envelope.errorCode)) problems.push(`answered ${status} with an error code the contract does not list: ${String(envelope.errorCode)}`);
    if (typeof envelope.message !== 'string' || envelope.message === '') problems.push(`answered ${status} without a message`);
  } else if (envelope.success !== true) {
    problems.push(`answered ${status} with success ${String(envelope.success)}`);
  }
  return { problems, errorCode: typeof envelope.errorCode === 'string' ? envelope.errorCode : undefined };
}

// ── The run ──────────────────────────────────────────────────────────────────

export interface RouteFigures {
  inputs: number;
  /** Sent with the member's or guest's live token and answered past the access layer. */
  pastAccess: number;
  /** Well-formed inputs of semantic routes (they reach the handler). */
  wellFormed: number;
  statuses: Record<string, number>;
}

export interface FuzzReport {
  seed: number;
  inputs: number;
  routes: number;
  /** Routes of the OpenAPI document fuzzed (plus unknown paths under /wps/). */
  byRoute: Record<string, RouteFigures>;
  byStatus: Record<string, number>;
  byErrorCode: Record<string, number>;
  byFault: Record<string, number>;
  elapsedMs: number;
  /** Plain injects of GET /wps/system/status per second, measured in the same run. */
  baselinePerSecond: number;
  fuzzPerSecond: number;
  /** Requests whose answer broke an invariant (fast-check's shrunk counterexamples). */
  failures: string[];
  /** What the whole run changed in the database (must be nothing). */
  databaseChanges: string[];
}

export interface FuzzOptions {
  /** At least this many requests are generated, spread over the routes. */
  inputs: number;
  seed?: number;
  /**
   * Compare the database around every request to a route that changes state (slow: a read of every
   * table each time); otherwise around each route's inputs, and around each request only to find
   * the one that changed it.
   */
  checkEachMutation?: boolean;
  /** Receives one line per request sent (route, status, milliseconds): for following a long run. */
  trace?: (line: string) => void;
}

const increment = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

/** Weight of a route in the spread of inputs: routes with input schemas or encryption get twice as many. */
const weightOf = (route: FuzzRoute) => (route.body || route.querystring || route.params || route.encrypted ? 2 : 1);

async function baselineRate(app: FastifyInstance): Promise<number> {
  const count = 200;
  const started = performance.now();
  for (let index = 0; index < count; index += 1) await app.inject({ method: 'GET', url: '/wps/system/status' });
  return count / ((performance.now() - started) / 1000);
}

export async function runFuzz(harness: FuzzHarness, options: FuzzOptions): Promise<FuzzReport> {
  const { app, routes, context } = harness;
  const credentials = harnessCredentials.get(app);
  if (!credentials) throw new Error('the harness is closed');
  const seed = options.seed ?? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
  const firstSegments = [...new Set(routes.map((route) => route.url.split('/')[2]).filter(Boolean))];
  const targets: Array<{ key: string; route: FuzzRoute | undefined; plans: fc.Arbitrary<RequestPlan>; weight: number }> = [
    ...routes.map((route) => ({ key: route.key, route, plans: requestPlans(route), weight: weightOf(route) })),
    { key: 'ANY /wps/<unknown>', route: undefined, plans: unknownPathPlans(firstSegments), weight: 1 },
  ];
  const totalWeight = targets.reduce((sum, target) => sum + target.weight, 0);
  const report: FuzzReport = {
    seed,
    inputs: 0,
    routes: routes.length,
    byRoute: {},
    byStatus: {},
    byErrorCode: {},
    byFault: {},
    elapsedMs: 0,
    baselinePerSecond: Math.round(await baselineRate(app)),
    fuzzPerSecond: 0,
    failures: [],
    databaseChanges: [],
  };
  const start = await snapshotDatabase(context.pool);
  // The database is read between routes (reading it around every request costs more than the
  // requests); a route whose inputs changed it gets them again, each checked on its own.
  let before = start;
  const started = performance.now();
  for (const [index, target] of targets.entries()) {
    const figures: RouteFigures = (report.byRoute[target.key] = { inputs: 0, pastAccess: 0, wellFormed: 0, statuses: {} });
    const numRuns = Math.ceil((options.inputs * target.weight) / totalWeight);
    const property = (checkEach: boolean) =>
      fc.asyncProperty(target.plans, async (plan) => {
        const before = checkEach ? await snapshotDatabase(context.pool) : undefined;
        const sentAt = performance.now();
        const response = await injectPlan(app, plan, credentials);
        const verdict = judge(target.route, plan, response);
        options.trace?.(`${target.key} ${plan.method} ${response.statusCode} ${Math.round(performance.now() - sentAt)} ms ${verdict.errorCode ?? '-'} ${plan.wellFormed ? 'well-formed' : plan.faults.join('; ')}`);
        report.inputs += 1;
        figures.inputs += 1;
        increment(figures.statuses, String(response.statusCode));
        increment(report.byStatus, String(response.statusCode));
        if (verdict.errorCode) increment(report.byErrorCode, verdict.errorCode);
        for (const fault of plan.faults) increment(report.byFault, fault.split(':')[0]);
        if (plan.wellFormed) figures.wellFormed += 1;
        if ((plan.identity === 'member' || plan.identity === 'guest') && response.statusCode !== 401 && !(verdict.errorCode && ACCESS_CODES.has(verdict.errorCode))) figures.pastAccess += 1;
        // Keys like __proto__ and constructor.prototype must never reach a shared prototype.
        if ('polluted' in {} || 'polluted' in Object.prototype) verdict.problems.push('Object.prototype was polluted');
        if (before) {
          const changes = databaseChanges(before, await snapshotDatabase(context.pool));
          if (changes.length > 0) verdict.problems.push(`changed the database: ${changes.join('; ')}`);
        }
        if (verdict.problems.length > 0) {
          throw new Error(`${verdict.problems.join('\n')}\nanswer body: ${response.body.slice(0, 300)}`);
        }
      });
    const routeSeed = (seed + index) | 0;
    // Shrinking a counterexample is bounded (generously: a loaded machine must not cut the runs
    // short); a partly shrunk one is reported all the same.
    const parameters = { numRuns, seed: routeSeed, interruptAfterTimeLimit: Math.max(300_000, numRuns * 1_000) };
    const failed = (details: fc.RunDetails<[RequestPlan]>, note = '') => {
      const counterexample = details.counterexample ? describePlan(details.counterexample[0]) : '(none)';
      const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      options.trace?.(`FAILURE ${target.key}: ${error}\n${counterexample}`);
      report.failures.push(`${target.key}${note} (fast-check seed ${routeSeed}, path ${details.counterexamplePath}):\n${error}\n${counterexample}`);
    };
    const details = await fc.check(property(options.checkEachMutation === true && target.route?.mutating !== false), parameters);
    if (details.failed) failed(details);
    const after = await snapshotDatabase(context.pool);
    const changes = databaseChanges(before, after);
    before = after;
    if (changes.length > 0 && !options.checkEachMutation) {
      const again = await fc.check(property(true), parameters);
      if (again.failed) failed(again, ' (sent again, the database read around each request)');
      else report.failures.push(`${target.key} (fast-check seed ${routeSeed}): its inputs changed the database (${changes.join('; ')}), but no single one did when sent again`);
      before = await snapshotDatabase(context.pool);
    } else if (changes.length > 0) {
      report.failures.push(`${target.key} (fast-check seed ${routeSeed}): its inputs changed the database (${changes.join('; ')})`);
    }
  }
  report.elapsedMs = Math.round(performance.now() - started);
  report.fuzzPerSecond = Math.round(report.inputs / (report.elapsedMs / 1000));
  report.databaseChanges = databaseChanges(start, await snapshotDatabase(context.pool));
  // The sessions must have lived through the run, or the requests made with them tested nothing past 401.
  for (const [name, token] of [['member', credentials.memberToken], ['guest', credentials.guestToken]] as const) {
    const info = await app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: token } });
    if (info.statusCode !== 200) report.failures.push(`the ${name}'s session did not survive the run: GET /wps/member/info answered ${info.statusCode} ${info.body}`);
  }
  return report;
}

const sorted = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([key, count]) => `${key} ${count}`)
    .join(', ');

/** The figures of a run, for the test log and the bench. */
export function formatReport(report: FuzzReport): string {
  const lines = [
    `fuzz: ${report.inputs} inputs over ${report.routes} routes of the OpenAPI document + unknown /wps paths, seed ${report.seed}`,
    `  time ${(report.elapsedMs / 1000).toFixed(1)} s: ${report.fuzzPerSecond} inputs/s vs ${report.baselinePerSecond} plain GET /wps/system/status injects/s → ratio ${(report.fuzzPerSecond / report.baselinePerSecond).toFixed(3)}`,
    `  answers by status: ${sorted(report.byStatus)}`,
    `  faults carried (a request may carry several): ${sorted(report.byFault)}`,
    `  error codes: ${sorted(report.byErrorCode)}`,
    `  per route (inputs / past the access layer with a live token / well-formed):`,
    ...Object.entries(report.byRoute).map(([key, figures]) => `    ${key}: ${figures.inputs} / ${figures.pastAccess} / ${figures.wellFormed} — ${sorted(figures.statuses)}`),
    `  database changes over the run: ${report.databaseChanges.join('; ') || 'none'}`,
    `  failures: ${report.failures.length === 0 ? 'none' : `\n${report.failures.join('\n\n')}`}`,
  ];
  return lines.join('\n');
}
