import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { loadMigrations, runMigrations } from './migrate';
import { createPool } from './pool';
import { readSeedFile, seedDefaultMerchant, seedMerchant } from './seed';

let database: TestDatabase;

beforeEach(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  await database.drop();
});

async function countRows(table: string): Promise<number> {
  const result = await database.pool.query<{ count: string }>(`SELECT count(*) FROM ${table}`);
  return Number(result.rows[0].count);
}

describe('migrations', () => {
  it('apply every file in order, then nothing on a second run', async () => {
    const files = await loadMigrations();
    expect(files.map((file) => file.version)).toEqual([...files.map((file) => file.version)].sort());

    const first = await runMigrations(database.pool);
    expect(first).toEqual(files.map((file) => file.name));
    const second = await runMigrations(database.pool);
    expect(second).toEqual([]);
    expect(await countRows('schema_migrations')).toBe(files.length);
  });

  it('are applied exactly once when several processes start at the same moment', async () => {
    // Separate pools stand in for separate API replicas.
    const pools = Array.from({ length: 4 }, () => createPool(database.databaseUrl, 1));
    try {
      const results = await Promise.all(pools.map((pool) => runMigrations(pool)));
      const applied = results.flat();
      const files = await loadMigrations();
      expect(applied.sort()).toEqual(files.map((file) => file.name).sort());
      expect(await countRows('schema_migrations')).toBe(files.length);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('refuse to run when an applied migration was edited', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    try {
      await fs.writeFile(path.join(dir, '001_first.sql'), 'CREATE TABLE edited_later (id integer);');
      await runMigrations(database.pool, dir);
      await fs.writeFile(path.join(dir, '001_first.sql'), 'CREATE TABLE edited_later (id bigint);');
      await expect(runMigrations(database.pool, dir)).rejects.toThrow(/001_first\.sql changed after it was applied/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('roll a failing migration back completely and record nothing', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    try {
      await fs.writeFile(path.join(dir, '001_broken.sql'), 'CREATE TABLE half_done (id integer); SELECT no_such_function();');
      await expect(runMigrations(database.pool, dir)).rejects.toThrow(/001_broken\.sql failed/);
      const table = await database.pool.query("SELECT to_regclass('half_done') AS exists");
      expect(table.rows[0].exists).toBeNull();
      expect(await countRows('schema_migrations')).toBe(0);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('seeding', () => {
  beforeEach(async () => {
    await runMigrations(database.pool);
  });

  it('creates the default merchant on first start only', async () => {
    expect(await seedDefaultMerchant(database.pool)).toBe(true);
    expect(await seedDefaultMerchant(database.pool)).toBe(false);
    const merchants = await database.pool.query('SELECT code, name, is_default FROM merchant');
    expect(merchants.rows).toEqual([{ code: 'DEFAULT', name: 'Lucky Star', is_default: true }]);
  });

  it('does not bring back rows an operator deleted', async () => {
    await seedDefaultMerchant(database.pool);
    await database.pool.query("DELETE FROM banner WHERE group_name = 'w_games'");
    await seedDefaultMerchant(database.pool);
    expect(await countRows("banner WHERE group_name = 'w_games'")).toBe(0);
  });

  it('seeds once when several processes start together', async () => {
    const pools = Array.from({ length: 3 }, () => createPool(database.databaseUrl, 1));
    try {
      const created = await Promise.all(pools.map((pool) => seedDefaultMerchant(pool)));
      expect(created.filter(Boolean)).toHaveLength(1);
      expect(await countRows('merchant')).toBe(1);
      expect(await countRows('announcement')).toBe((await readSeedFile()).announcements.length);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('adds another merchant next to the default one, keyed by its code', async () => {
    await seedDefaultMerchant(database.pool);
    const seed = await readSeedFile();
    const second = { ...seed, merchant: { code: 'SECOND', name: 'Second Brand' }, domains: ['second.example'] };
    expect(await seedMerchant(database.pool, second)).toEqual(expect.any(Number));
    expect(await seedMerchant(database.pool, second)).toBeUndefined();
    expect(await countRows('merchant')).toBe(2);
  });

  it('keeps the seed file consistent with the spec’s lists', async () => {
    const seed = await readSeedFile();
    expect(Object.keys(seed.whitelabel).sort()).toEqual(
      [
        'AFFMAN3', 'AGENTRANSMULTDOWN3', 'AGEREGDOWN3', 'AGEREV3', 'AGETEAMPNL3', 'CHNGPASSVERIF3', 'CREATEAFF3', 'DAYSAL', 'DIVIDEND', 'DOWNMAN',
        'FEEDBACK3', 'FREEPLAY3', 'HOURSAL3', 'MOBILENUMPASSREG3', 'MOBILENUMREG3', 'MOBILEVERCODELOGIN3', 'PWDEXPFORCECHANGE3', 'REGMOBVERF3', 'TEAMBETTING3',
        'USERNAMEREG3',
      ],
    );
    expect(seed.resources.map((resource) => resource.resourceType).sort()).toEqual(
      ['AFFILIATELINK', 'Android', 'FACEBOOK', 'INSTAGRAM', 'MOBILECONFIG', 'SpeedTest', 'TELEGRAM', 'USDJUMP', 'WHATSAPP'],
    );
    // Every image the seed refers to exists under public/assets.
    const images = [
      seed.settings.site.logoUrl,
      seed.settings.site.footer.paymentImageUrl,
      ...seed.banners.map((banner) => banner.imageUrl),
      ...seed.promotions.map((promotion) => promotion.imageUrl),
      ...seed.vendors.flatMap((vendor) => [vendor.iconUrl, vendor.colorIconUrl]),
    ].filter((url): url is string => typeof url === 'string');
    for (const url of images) {
      await expect(fs.access(path.join(__dirname, '..', '..', 'public', url))).resolves.toBeUndefined();
    }
  });
});

describe('migration 012 (the password rule)', () => {
  const OLD_RULE = { acceptedPattern: '^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z0-9]+$', patternId: 5, minLength: 6, maxLength: 20, enabled: true, required: true, type: 'password' };

  it("moves brands still on the old seeded 6-20 letters-and-digits rule to the new default, and leaves an operator's own rule", async () => {
    // A database as it stood before 012, with one brand on the old seed and one an operator changed.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    try {
      for (const file of await loadMigrations()) {
        if (Number(file.version) < 12) await fs.writeFile(path.join(dir, file.name), file.sql);
      }
      await runMigrations(database.pool, dir);
      // No games nor game providers, and promotions without rules or texts: their tables and
      // columns (migrations 029, 030, 053, 056) did not exist before 012.
      const current = await readSeedFile();
      const seed = { ...current, games: [], gameProviders: [], promotions: current.promotions.map(({ rules: _rules, texts: _texts, ...promotion }) => promotion) };
      const oldFields = { ...seed.registerFields, password: OLD_RULE, confirmPassword: OLD_RULE };
      await seedMerchant(database.pool, { ...seed, merchant: { code: 'OLDSEED', name: 'Old seed' }, domains: [], registerFields: oldFields });
      const ownRule = { ...OLD_RULE, minLength: 10, maxLength: 32 };
      await seedMerchant(database.pool, {
        ...seed,
        merchant: { code: 'OWNRULE', name: 'Own rule' },
        domains: [],
        registerFields: { ...seed.registerFields, password: ownRule, confirmPassword: ownRule },
      });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }

    expect(await runMigrations(database.pool)).toContain('012_password_policy_defaults.sql');
    const rows = await database.pool.query<{ code: string; field: string; accepted_pattern: string; pattern_id: number; min_length: number; max_length: number }>(
      `SELECT m.code, r.field, r.accepted_pattern, r.pattern_id, r.min_length, r.max_length
         FROM register_field_rule r JOIN merchant m ON m.id = r.merchant_id
        WHERE r.field IN ('password', 'confirmPassword') ORDER BY m.code, r.field`,
    );
    expect(rows.rows).toEqual([
      { code: 'OLDSEED', field: 'confirmPassword', accepted_pattern: '*', pattern_id: 0, min_length: 8, max_length: 64 },
      { code: 'OLDSEED', field: 'password', accepted_pattern: '*', pattern_id: 0, min_length: 8, max_length: 64 },
      { code: 'OWNRULE', field: 'confirmPassword', accepted_pattern: OLD_RULE.acceptedPattern, pattern_id: 5, min_length: 10, max_length: 32 },
      { code: 'OWNRULE', field: 'password', accepted_pattern: OLD_RULE.acceptedPattern, pattern_id: 5, min_length: 10, max_length: 32 },
    ]);
  });

  it('seeds new brands with the new default: any character, 8-64', async () => {
    const seed = await readSeedFile();
    for (const field of ['password', 'confirmPassword']) {
      expect(seed.registerFields[field]).toMatchObject({ acceptedPattern: '*', patternId: 0, minLength: 8, maxLength: 64 });
    }
  });
});
