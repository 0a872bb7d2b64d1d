import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Envelope, VendorMaintenanceValue } from '@platform/contract';
import { runOps, type OpsIo } from '../../scripts/ops';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createPool } from '../../db/pool';
import { assertLedgerReconciled } from '../ledger';
import { operatorLogin } from '../operator/operator.testing';
import { credit, memberWithSession, valueOf } from '../withdrawal/withdrawal.testing';
import { injectTransport, launch, providerClientFor, sessionTokenOf, signedProviderCall, vendorSecret } from './game-provider.testing';
import { secretsKeyFromEnv } from '../../secrets-key';
import { createProviderClient, ProviderCallError } from './provider-client';
import { rotateProviderSecret } from './provider-secret';

// The game vendors' desk of the operator API (/ops/v1/games/…) and the command-line tool's
// `games …` commands against the real server over HTTP: maintenance windows that launches and
// bets obey at once, clearing them, rotating a vendor's secret (the old one refused at once, the
// new one accepted at once, never in the audit trail), all audited; refusals change nothing.

let context: TestContext;
let opsUrl: string;
let token: string;
let counter = 0;
const PASSWORD = 'game vendors desk password';
const MINUTE = 60_000;

beforeAll(async () => {
  context = await createTestApp({ balanceStreams: false });
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  // The ops tool talks to the operator API's own listener.
  opsUrl = `http://127.0.0.1:${((await context.app.listenOperatorApi({ port: 0, host: '127.0.0.1' })).address() as AddressInfo).port}`;
  token = (await operatorLogin(context, { username: 'gina', password: PASSWORD })).token;
});

afterAll(async () => {
  await assertLedgerReconciled(context.pool);
  await context.close();
});

const ops = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, bearer: string | null = token) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: bearer ? { authorization: `Bearer ${bearer}` } : {}, ...(payload ? { payload } : {}) });

async function cli(argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const io: OpsIo = { env: { OPS_URL: opsUrl, OPS_TOKEN: token }, fetch, write: (line) => lines.push(line) };
  return { code: await runOps(argv, io), lines };
}

const id = (prefix: string): string => `${prefix}-${randomBytes(6).toString('hex')}`;

/** A funded member with a launched Fortune Gems session (or the launch's refusal). */
async function player(balanceMinor = 10_000) {
  const session = await memberWithSession(context, `gop${String(++counter).padStart(3, '0')}`);
  await credit(context.pool, context.merchantId, session.memberId, balanceMinor);
  return session;
}

const launchJl = (memberToken: string) => launch(context.app, memberToken, { gameId: 'JLS001', vassalage: 'JL', launchMode: 'GLS', language: 'EN' });

async function refusal(promise: Promise<unknown>): Promise<{ status: number; errorCode: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProviderCallError) return { status: error.statusCode, errorCode: error.errorCode };
    throw error;
  }
  throw new Error('expected a refusal');
}

const auditRows = async (action: string) =>
  (
    await context.pool.query<{ outcome: string; target_id: string; error_code: string | null; detail: Record<string, unknown> }>(
      "SELECT outcome, target_id, error_code, detail FROM operator_action WHERE action = $1 AND outcome <> 'started' ORDER BY id",
      [action],
    )
  ).rows;

describe('the operator API', () => {
  afterEach(async () => {
    await context.pool.query('DELETE FROM game_vendor_maintenance');
  });

  it('lists every vendor code: connected ones with their secret, the others as not connected', async () => {
    const response = await ops('GET', '/games/vendors');
    expect(response.statusCode).toBe(200);
    const list = json<Envelope<{ list: { vassalage: string; provider: boolean; adapter: string | null; hasSecret: boolean; categories: string[] }[] }>>(response).value.list;
    expect(list.find((row) => row.vassalage === 'JL')).toMatchObject({ provider: true, adapter: 'inhouse', hasSecret: true, enabled: true, sessionMinutes: 480, maintenance: [] });
    expect(list.find((row) => row.vassalage === 'JL')?.categories).toEqual(expect.arrayContaining(['INHOUSE', 'RNG']));
    expect(list.find((row) => row.vassalage === 'PG')).toMatchObject({ provider: false, adapter: null, hasSecret: false });
    expect((await ops('GET', '/games/vendors', undefined, null)).statusCode).toBe(401);
  });

  it('a maintenance window stops launches and bets at once (wins still settle); clearing it lets them through at once', async () => {
    const before = await player();
    const sessionToken = sessionTokenOf(valueOf<{ game_url: string }>(await launchJl(before.token)).game_url);
    const jl = await providerClientFor(context);
    const roundId = id('round');
    await jl.bet({ sessionToken, transactionId: id('bet'), roundId, gameCode: 'JLS001', amount: 100 });

    const endsAt = Date.now() + 30 * MINUTE;
    const set = await ops('POST', '/games/vendors/jl/maintenance', { endsAt, reason: 'reel upgrade' });
    expect(set.statusCode).toBe(200);
    expect(json<Envelope<unknown>>(set).value).toMatchObject({ id: expect.any(Number), endsAt, reason: 'reel upgrade', current: true });

    // The very next requests see it: no waiting for a cache.
    const refused = json<Envelope<VendorMaintenanceValue>>(await launchJl((await player()).token));
    expect(refused).toMatchObject({ success: false, errorCode: 'vendor_under_maintenance' });
    expect(refused.value.maintenanceEnd).toBe(endsAt);
    expect(await refusal(jl.bet({ sessionToken, transactionId: id('bet'), roundId, gameCode: 'JLS001', amount: 100 }))).toEqual({ status: 503, errorCode: 'provider.vendor.maintenance' });
    expect((await jl.win({ playerId: String(before.memberId), transactionId: id('win'), roundId, gameCode: 'JLS001', amount: 300 })).balance).toBe(10_200);
    const listed = json<Envelope<{ list: { vassalage: string; maintenance: unknown[] }[] }>>(await ops('GET', '/games/vendors')).value.list;
    expect(listed.find((row) => row.vassalage === 'JL')?.maintenance).toEqual([expect.objectContaining({ reason: 'reel upgrade', current: true, endsAt })]);

    // A window to come as well: clearing ends the current one now and removes the one to come.
    expect((await ops('POST', '/games/vendors/JL/maintenance', { startsAt: Date.now() + 60 * MINUTE, endsAt: null, reason: 'later' })).statusCode).toBe(200);
    const cleared = await ops('DELETE', '/games/vendors/JL/maintenance');
    expect(json<Envelope<unknown>>(cleared).value).toEqual({ ended: 1, removed: 1 });
    expect((await launchJl((await player()).token)).statusCode).toBe(200);
    expect((await jl.bet({ sessionToken, transactionId: id('bet'), roundId, gameCode: 'JLS001', amount: 100 })).balance).toBe(10_100);
    const history = await context.pool.query<{ reason: string; ended: boolean }>("SELECT reason, ends_at <= now() AS ended FROM game_vendor_maintenance WHERE vassalage = 'JL'");
    expect(history.rows).toEqual([{ reason: 'reel upgrade', ended: true }]);

    // Each change with the vendor's windows not over before and after it, and the reason.
    const upgrade = expect.objectContaining({ reason: 'reel upgrade', endsAt, current: true });
    const later = expect.objectContaining({ reason: 'later', endsAt: null, current: false });
    expect((await auditRows('vendor_maintenance.set')).slice(-2)).toEqual([
      expect.objectContaining({ outcome: 'ok', target_id: 'JL', detail: { reason: 'reel upgrade', before: { maintenance: [] }, after: { maintenance: [upgrade] } } }),
      expect.objectContaining({ outcome: 'ok', target_id: 'JL', detail: { reason: 'later', before: { maintenance: [upgrade] }, after: { maintenance: [upgrade, later] } } }),
    ]);
    expect(await auditRows('vendor_maintenance.clear')).toEqual([
      expect.objectContaining({ outcome: 'ok', target_id: 'JL', detail: { before: { maintenance: [upgrade, later] }, after: { maintenance: [], ended: 1, removed: 1 } } }),
    ]);
  });

  it('refuses a window that ends before it starts or in the past, an unknown vendor and bad input; nothing is written', async () => {
    const now = Date.now();
    const cases: [object, number, string][] = [
      [{ startsAt: now + 10 * MINUTE, endsAt: now + 5 * MINUTE, reason: 'x' }, 400, 'provider.maintenance.invalid'],
      [{ startsAt: now - 60 * MINUTE, endsAt: now - 30 * MINUTE, reason: 'x' }, 400, 'provider.maintenance.invalid'],
      [{ endsAt: now + MINUTE, reason: '' }, 400, 'request.param.err'],
      [{ endsAt: now + MINUTE }, 400, 'request.param.err'],
      [{ endsAt: 'tomorrow', reason: 'x' }, 400, 'request.param.err'],
    ];
    for (const [body, status, errorCode] of cases) {
      const response = await ops('POST', '/games/vendors/JL/maintenance', body);
      expect([response.statusCode, json<Envelope<null>>(response).errorCode]).toEqual([status, errorCode]);
    }
    for (const vendor of ['PG', 'NOPE']) {
      const response = await ops('POST', `/games/vendors/${vendor}/maintenance`, { reason: 'x' });
      expect([response.statusCode, json<Envelope<null>>(response).errorCode]).toEqual([404, 'provider.vendor.unknown']);
    }
    expect((await ops('POST', '/games/vendors/J%20L/maintenance', { reason: 'x' })).statusCode).toBe(400);
    expect((await context.pool.query('SELECT count(*)::int AS n FROM game_vendor_maintenance')).rows[0].n).toBe(0);
    expect((await auditRows('vendor_maintenance.set')).filter((row) => row.outcome === 'refused').map((row) => row.error_code)).toEqual(
      expect.arrayContaining(['provider.maintenance.invalid', 'provider.vendor.unknown']),
    );
  });

  it("rotates a vendor's secret: the old one is refused at once, the new one accepted at once, and the audit never holds it", async () => {
    const oldSecret = await vendorSecret(context);
    const response = await ops('POST', '/games/vendors/JL/secret');
    expect(response.statusCode).toBe(200);
    const { secret } = json<Envelope<{ vassalage: string; secret: string }>>(response).value;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secret).not.toBe(oldSecret);

    const body = { sessionToken: randomBytes(32).toString('base64url') };
    const withOld = await signedProviderCall(context.app, oldSecret, 'JL', 'balance', body);
    expect([withOld.statusCode, json<Envelope<null>>(withOld).errorCode]).toEqual([401, 'provider.signature.invalid']);
    const withNew = await signedProviderCall(context.app, secret, 'JL', 'balance', body);
    expect([withNew.statusCode, json<Envelope<null>>(withNew).errorCode]).toEqual([401, 'provider.session.expired']);
    // The in-house game server reads the stored secret itself.
    expect(await vendorSecret(context)).toBe(secret);

    const rows = await auditRows('vendor_secret.rotate');
    // Only that the secret changed: neither the old nor the new one.
    expect(rows).toEqual([expect.objectContaining({ outcome: 'ok', target_id: 'JL', detail: { before: { hasSecret: true }, after: { hasSecret: true, secretChanged: true } } })]);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(JSON.stringify(rows)).not.toContain(oldSecret);
    expect((await ops('POST', '/games/vendors/PG/secret')).statusCode).toBe(404);
  });

  it('a call signed with a secret rotated behind the cache (another replica) is accepted before the change is heard of', async () => {
    const p = await player();
    const sessionToken = sessionTokenOf(valueOf<{ game_url: string }>(await launchJl(p.token)).game_url);
    // Rotated through a pool of its own (not waiting for this app to hear of the new revision),
    // then called at once with the new secret, and with the old one.
    const other = createPool(context.appDatabaseUrl, 1);
    try {
      const oldSecret = await vendorSecret(context);
      const secret = await rotateProviderSecret(other, secretsKeyFromEnv(), context.merchantId, 'JL');
      const client = createProviderClient({ vassalage: 'JL', secret: secret as string, transport: injectTransport(context.app) });
      expect((await client.balance({ sessionToken })).balance).toBe(10_000);
      const stale = createProviderClient({ vassalage: 'JL', secret: oldSecret, transport: injectTransport(context.app) });
      // Refused as soon as the change is heard of (within milliseconds).
      let refusedAfterMs = -1;
      for (const started = Date.now(); Date.now() - started < 2000; ) {
        const outcome = await stale.balance({ sessionToken }).then(() => 'accepted', (error: unknown) => (error instanceof ProviderCallError ? error.errorCode : 'error'));
        if (outcome === 'provider.signature.invalid') {
          refusedAfterMs = Date.now() - started;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(refusedAfterMs).toBeGreaterThanOrEqual(0);
    } finally {
      await other.end();
    }
  });
});

describe('the command-line tool', () => {
  afterAll(async () => {
    await context.pool.query('DELETE FROM game_vendor_maintenance');
  });

  it('games list, maintenance, maintenance-clear and rotate-secret', async () => {
    const list = await cli(['games', 'list']);
    expect(list.code).toBe(0);
    expect(list.lines[0]).toMatch(/^vassalage\s+categories\s+adapter\s+enabled\s+secret\s+session\s+maintenance$/);
    expect(list.lines.find((line) => line.startsWith('JL '))).toMatch(/^JL\s+INHOUSE,RNG\s+inhouse\s+yes\s+yes\s+480 min$/);
    expect(list.lines.find((line) => line.startsWith('PG '))).toMatch(/^PG\s+\S+\s+no provider row/);

    const set = await cli(['games', 'maintenance', 'jl', '--to', '+2h', '--reason', 'New paytable']);
    expect(set).toEqual({ code: 0, lines: [expect.stringMatching(/^Maintenance of JL scheduled \(window \d+\): NOW \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} → \d{4}-.* \(New paytable\), UTC\.$/)] });
    expect((await launchJl((await player()).token)).statusCode).toBe(400);
    const later = await cli(['games', 'maintenance', 'JL', '--from', '2099-01-01T02:00Z', '--to', '2099-01-01 03:30', '--reason', 'Night window']);
    expect(later.lines[0]).toContain('2099-01-01 02:00:00 → 2099-01-01 03:30:00 (Night window)');
    expect((await cli(['games', 'list'])).lines.find((line) => line.startsWith('JL '))).toMatch(/NOW .*\(New paytable\); 2099-01-01 02:00:00 → 2099-01-01 03:30:00 \(Night window\)$/);

    expect(await cli(['games', 'maintenance', 'JL', '--from', '+2h', '--to', '+1h', '--reason', 'x'])).toEqual({
      code: 1,
      lines: [expect.stringMatching(/^Refused \(provider\.maintenance\.invalid\): The maintenance window must end after it starts/)],
    });
    expect((await cli(['games', 'maintenance', 'JL', '--to', 'soon', '--reason', 'x'])).code).toBe(2);
    expect((await cli(['games', 'maintenance', 'JL', '--to', '+1h'])).lines).toEqual(['ops: --reason is required']);
    expect((await cli(['games', 'maintenance', 'NOPE', '--reason', 'x'])).lines[0]).toMatch(/^Refused \(provider\.vendor\.unknown\)/);

    expect(await cli(['games', 'maintenance-clear', 'JL'])).toEqual({ code: 0, lines: ['Maintenance of JL cleared: 1 window(s) under way ended now, 1 to come removed.'] });
    expect((await launchJl((await player()).token)).statusCode).toBe(200);

    const rotated = await cli(['games', 'rotate-secret', 'JL']);
    expect(rotated.code).toBe(0);
    expect(rotated.lines[1]).toBe(await vendorSecret(context));
    expect((await cli(['games', 'explode'])).code).toBe(2);
    const audit = await cli(['audit', '--limit', '4']);
    expect(audit.lines.slice(1).map((line) => /gina\s+(vendor_\S+)\s+game_vendor:JL\s+(\S+)/.exec(line)?.slice(1).join(' '))).toEqual([
      'vendor_secret.rotate ok',
      'vendor_secret.rotate started',
      'vendor_maintenance.clear ok',
      'vendor_maintenance.clear started',
    ]);
  });
});
