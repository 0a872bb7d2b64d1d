import { GAME_CATEGORY_CODES, type Envelope, type GameVendorValue } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
});

afterAll(async () => {
  await context.close();
});

async function lanes(query = '?platform=html5-desktop'): Promise<GameVendorValue['data']['lanes']> {
  const response = await context.app.inject({ method: 'GET', url: `/wps/relay/GCSGAME_newGameVendor${query}` });
  expect(response.statusCode).toBe(200);
  return json<Envelope<GameVendorValue>>(response).value.data.lanes;
}

describe('GET /wps/relay/GCSGAME_newGameVendor', () => {
  it('groups vendors into lanes in navigation order', async () => {
    const value = await lanes();
    const categories = value.map((lane) => lane.gameCategory);
    expect(categories).toEqual(GAME_CATEGORY_CODES.filter((category) => categories.includes(category)));
    expect(categories).toEqual(['LOTT', 'ELOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'ESPORTS', 'COCKFIGHT', 'INHOUSE']);
    for (const lane of value) {
      expect(lane.vendors.length).toBeGreaterThan(0);
      expect(lane.vendors.every((vendor) => vendor.gameCategory === lane.gameCategory)).toBe(true);
    }
    const byCategory = Object.fromEntries(value.map((lane) => [lane.gameCategory, lane.vendors.map((vendor) => vendor.vassalage)]));
    expect(byCategory.ESPORTS).toEqual(['AV', 'AI', 'IMES', 'TF', 'IA']);
    expect(byCategory.COCKFIGHT).toEqual(['DIG', 'DS88']);
    expect(byCategory.INHOUSE).toEqual(['JL']);
    expect(byCategory.LOTT).toEqual(['TCG_SEA', 'TCG_LOTTO_VN']);
  });

  it("stores exactly the contract's game categories (the table's CHECK names the same codes)", async () => {
    const { rows } = await context.pool.query<{ definition: string }>(
      "SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = 'game_vendor'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%game_category%'",
    );
    expect(rows).toHaveLength(1);
    const allowed = [...rows[0].definition.matchAll(/'([A-Z]+)'/g)].map((match) => match[1]);
    expect(allowed.sort()).toEqual([...GAME_CATEGORY_CODES].sort());
  });

  it('returns the full vendor card', async () => {
    const lott = (await lanes()).find((lane) => lane.gameCategory === 'LOTT');
    expect(lott?.vendors[0]).toEqual({
      vassalage: 'TCG_SEA',
      vendorName: 'SEA Lottery',
      provider: 'TCG',
      isHot: true,
      gameCategory: 'LOTT',
      gameClassify: null,
      iconUrl: '/assets/vendors/lott.svg',
      colorIconUrl: '/assets/providers/tcg.svg',
      accountTypeName: 'TCG_SEA',
      playable: true,
    });
  });

  it('offers as playable only vendors with a connected game provider, and the site\'s own lottery', async () => {
    const playable = async () =>
      Object.fromEntries((await lanes()).map((lane) => [lane.gameCategory, lane.vendors.filter((vendor) => vendor.playable).map((vendor) => vendor.vassalage)]));
    // The seed connects only the in-house vendor (JL): E-Lottery, live, sports and the rest would
    // answer that the game is not available.
    expect(await playable()).toEqual({ LOTT: ['TCG_SEA', 'TCG_LOTTO_VN'], ELOTT: [], LIVE: [], SPORTS: [], FISH: [], RNG: ['JL'], ESPORTS: [], COCKFIGHT: [], INHOUSE: ['JL'] });

    // The operator connects E-Lottery (a provider row with an adapter): its card is playable.
    await context.pool.query(
      `INSERT INTO game_provider (merchant_id, vassalage, adapter) VALUES ($1, 'ELOTT', 'inhouse')`,
      [context.merchantId],
    );
    expect((await playable()).ELOTT).toEqual(['ELOTT']);
    // Switched off again: not playable, however the vendor row stands.
    await context.pool.query(`UPDATE game_provider SET enabled = false WHERE merchant_id = $1 AND vassalage = 'ELOTT'`, [context.merchantId]);
    expect((await playable()).ELOTT).toEqual([]);
    await context.pool.query(`DELETE FROM game_provider WHERE merchant_id = $1 AND vassalage = 'ELOTT'`, [context.merchantId]);
  });

  it('has vendors sharing a provider, some without a colour icon (the footer shows each provider once)', async () => {
    const vendors = (await lanes()).flatMap((lane) => lane.vendors);
    const providers = vendors.map((vendor) => vendor.provider);
    expect(new Set(providers).size).toBeLessThan(providers.length);
    expect(vendors.some((vendor) => vendor.colorIconUrl === null)).toBe(true);
  });

  it('omits a category without an enabled vendor, and shows it once the operator enables one', async () => {
    expect((await lanes()).map((lane) => lane.gameCategory)).not.toContain('PVP');
    await context.pool.query("UPDATE game_vendor SET enabled = true WHERE game_category = 'PVP'");
    const pvp = (await lanes()).find((lane) => lane.gameCategory === 'PVP');
    expect(pvp?.vendors.map((vendor) => vendor.vassalage)).toEqual(['KY']);
    await context.pool.query("UPDATE game_vendor SET enabled = false WHERE game_category = 'PVP'");
    expect((await lanes()).map((lane) => lane.gameCategory)).not.toContain('PVP');
  });

  it('keeps only vendors launchable on the requested platform', async () => {
    expect(await lanes('?platform=flash')).toEqual([]);
    await context.pool.query("UPDATE game_vendor SET platforms = platforms || ARRAY['flash'] WHERE vassalage = 'PG'");
    const flash = await lanes('?platform=flash,html5-desktop');
    expect(flash.length).toBeGreaterThan(1);
    const flashOnly = await lanes('?platform=flash');
    expect(flashOnly.map((lane) => lane.vendors.map((vendor) => vendor.vassalage))).toEqual([['PG']]);
  });

  it('uses a vendor name in the requested language when there is one', async () => {
    const vietnamese = (await lanes('?platform=html5-desktop&language=VI')).find((lane) => lane.gameCategory === 'LOTT');
    expect(vietnamese?.vendors[1].vendorName).toBe('Xổ số Việt Nam');
    const english = (await lanes('?platform=html5-desktop&language=en')).find((lane) => lane.gameCategory === 'LOTT');
    expect(english?.vendors[1].vendorName).toBe('Vietnam Lottery');
  });

  it.each([
    ['', 'querystring.platform is required'],
    ['?platform=', 'querystring.platform is invalid (expected: Client platform(s), comma separated: html5-desktop, html5, flash)'],
    ['?platform=ios', 'querystring.platform is invalid (expected: Client platform(s), comma separated: html5-desktop, html5, flash)'],
    ['?platform=html5&language=english', 'querystring.language is invalid (expected: two-letter language code for vendor names, e.g. EN, VI)'],
  ])('rejects %s with a clear 400', async (query, detail) => {
    const response = await context.app.inject({ method: 'GET', url: `/wps/relay/GCSGAME_newGameVendor${query}` });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ success: false, value: null, message: `Invalid request parameter: ${detail}`, errorCode: 'request.param.err' });
  });
});
