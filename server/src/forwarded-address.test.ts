import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Envelope, SystemStatus } from '@platform/contract';
import { parse } from 'yaml';
import { buildApp } from './app';
import { parseTrustProxy } from './config';
import { REPO_ROOT } from './paths';
import { createTestApp, json, type TestContext } from './testing/test-app';

// A client behind the shipped gateway must not be able to choose the address the API sees: every
// per-address limit (login, SMS, captcha, free play, reset e-mails), the region rules and the
// addresses recorded on sessions depend on it. This drives the real deployment files: the
// gateway's X-Forwarded-For rule (deploy/nginx/gateway.conf) and the API's TRUST_PROXY and the
// gateway's address (docker-compose.yml).

const CLIENT_ADDRESS = '198.51.100.4';
const FORGED_ADDRESS = '203.0.113.77';

interface ApiLocation {
  location: string;
  /** The value of `proxy_set_header X-Forwarded-For`, or null when the location sets none. */
  forwardedForRule: string | null;
}

function apiLocations(): ApiLocation[] {
  const gateway = readFileSync(path.join(REPO_ROOT, 'deploy', 'nginx', 'gateway.conf'), 'utf8');
  return [...gateway.matchAll(/location ([^{]+)\{([^}]*proxy_pass http:\/\/api:3000;[^}]*)\}/g)].map(([, location, body]) => ({
    location: location.trim(),
    forwardedForRule: /proxy_set_header X-Forwarded-For ([^;]+);/i.exec(body)?.[1].trim() ?? null,
  }));
}

/** The X-Forwarded-For nginx sends upstream for a client's request, by the location's rule. */
function forwardedByGateway(rule: string | null, clientAddress: string, clientHeader: string | undefined): string | undefined {
  if (rule === '$remote_addr') return clientAddress;
  if (rule === '$proxy_add_x_forwarded_for') return clientHeader ? `${clientHeader}, ${clientAddress}` : clientAddress;
  if (rule === null) return clientHeader; // nginx passes the client's own header through
  throw new Error(`unknown X-Forwarded-For rule ${rule}`);
}

function composeTrust(): { trustProxy: string; gatewayAddress: string } {
  const compose = parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
  const api = compose.services.api;
  const gatewayNetworks = compose.services.gateway.networks as Record<string, { ipv4_address?: string } | null>;
  const apiNetworks: string[] = Array.isArray(api.networks) ? api.networks : Object.keys(api.networks ?? {});
  const shared = Object.entries(gatewayNetworks).find(([name, settings]) => apiNetworks.includes(name) && settings?.ipv4_address);
  if (!shared) throw new Error('the gateway has no fixed address on a network it shares with the api');
  const trustProxy = parseTrustProxy(String(api.environment.TRUST_PROXY));
  if (trustProxy === false) throw new Error('the api behind the gateway trusts no proxy');
  return { trustProxy, gatewayAddress: shared[1]!.ipv4_address! };
}

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

async function addressSeen(app: TestContext['app'], gatewayAddress: string, forwardedFor: string | undefined): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/wps/system/status',
    remoteAddress: gatewayAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  return json<Envelope<SystemStatus>>(response).value.location.ip;
}

test('the api trusts exactly the gateway: its fixed address on the network they share', () => {
  const { trustProxy, gatewayAddress } = composeTrust();
  expect(trustProxy.split(',').map((entry) => entry.trim())).toEqual([gatewayAddress]);
});

test('every location the gateway sends to the api sets X-Forwarded-For from the peer address', () => {
  const locations = apiLocations();
  expect(locations.map(({ location }) => location)).toEqual(expect.arrayContaining(['/wps/', '/lgw/', '= /remotes.json']));
  for (const { location, forwardedForRule } of locations) expect({ location, forwardedForRule }).toEqual({ location, forwardedForRule: '$remote_addr' });
});

test('a client that forges X-Forwarded-For through the gateway is still seen at its own address', async () => {
  const { trustProxy, gatewayAddress } = composeTrust();
  const api = await buildApp({ pool: context.pool, logger: false, trustProxy, remoteOverrides: {} });
  try {
    for (const { forwardedForRule } of apiLocations()) {
      for (const forged of [FORGED_ADDRESS, `${FORGED_ADDRESS}, 10.0.0.1`, undefined]) {
        expect(await addressSeen(api, gatewayAddress, forwardedByGateway(forwardedForRule, CLIENT_ADDRESS, forged))).toBe(CLIENT_ADDRESS);
      }
    }
    // A peer that is not the gateway cannot speak for anyone else.
    expect(await addressSeen(api, '192.0.2.9', FORGED_ADDRESS)).toBe('192.0.2.9');
  } finally {
    await api.close();
  }
});

test('the shape this replaces was forgeable: appending to the client header and trusting every hop', async () => {
  const { gatewayAddress } = composeTrust();
  const api = await buildApp({ pool: context.pool, logger: false, trustProxy: true, remoteOverrides: {} });
  try {
    const forwarded = forwardedByGateway('$proxy_add_x_forwarded_for', CLIENT_ADDRESS, FORGED_ADDRESS);
    expect(await addressSeen(api, gatewayAddress, forwarded)).toBe(FORGED_ADDRESS);
  } finally {
    await api.close();
  }
});

test('every location the gateway sends to the api clears a client-sent X-Country-Code', () => {
  const gateway = readFileSync(path.join(REPO_ROOT, 'deploy', 'nginx', 'gateway.conf'), 'utf8');
  const bodies = [...gateway.matchAll(/location ([^{]+)\{([^}]*proxy_pass http:\/\/api:3000;[^}]*)\}/g)];
  expect(bodies.length).toBeGreaterThanOrEqual(3);
  for (const [, location, body] of bodies) {
    // An empty value makes nginx leave the header out of the upstream request.
    expect({ location: location.trim(), clears: /proxy_set_header X-Country-Code ""\s*;/i.test(body) }).toEqual({ location: location.trim(), clears: true });
  }
});
