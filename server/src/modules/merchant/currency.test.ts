import { allWalletBalanceCall, withdrawSettingsCall, type AllWalletBalance, type Envelope, type SystemStatus, type WithdrawSettings } from '@platform/contract';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { memberWithSession } from '../withdrawal/withdrawal.testing';
import { merchantCurrencyFrom } from './currency';

// One currency per merchant: the system status (what the header, the lottery and the records
// format with) and the wallet and withdrawal answers (what the deposit and withdraw pages format
// with) carry the same code and symbol, the merchant setting 'currency'. They came from two
// settings ('site' and 'wallet'), and the seeded site showed $ in the header and ৳ on the deposit.

let context: TestContext;
let token: string;

beforeAll(async () => {
  context = await createTestApp();
  token = (await memberWithSession(context, 'currency01')).token;
});

afterAll(async () => {
  await context.close();
});

const get = async <T>(url: string, withToken: boolean): Promise<T> =>
  json<Envelope<T>>(await context.app.inject({ method: 'GET', url, headers: { language: 'EN', ...(withToken ? { authorization: token } : {}) } })).value;

async function symbols() {
  const status = await get<SystemStatus>('/wps/system/status', false);
  const wallet = await get<AllWalletBalance>(allWalletBalanceCall.path, true);
  const withdraw = await get<WithdrawSettings>(withdrawSettingsCall.path, true);
  return {
    header: status.info.site.currencySymbol,
    currency: status.info.site.currency,
    wallet: [wallet.currency, wallet.currencySymbol],
    withdraw: [withdraw.currency, withdraw.currencySymbol],
  };
}

describe("the merchant's one currency", () => {
  it('is the same in the status as in the wallet and withdrawal answers (the seed: BDT ৳)', async () => {
    expect(await symbols()).toEqual({
      header: '৳',
      currency: { code: 'BDT', symbol: '৳', decimals: 2, symbolPlacement: 'before' },
      wallet: ['BDT', '৳'],
      withdraw: ['BDT', '৳'],
    });
  });

  it('follows the one setting everywhere, and no leftover of the old site or wallet settings', async () => {
    await context.pool.query(
      `INSERT INTO merchant_setting (merchant_id, key, value) VALUES
         ($1, 'currency', '{"code": "VND", "symbol": "₫", "decimals": 2, "symbolPlacement": "after"}'),
         ($1, 'wallet', '{"single": true, "currency": "USD", "currencySymbol": "US$"}')
       ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
      [context.merchantId],
    );
    await context.pool.query(`UPDATE merchant_setting SET value = value || '{"currencySymbol": "$"}' WHERE merchant_id = $1 AND key = 'site'`, [context.merchantId]);
    // The status is cached until the configuration revision moves (the write above moved it).
    for (let tries = 0; tries < 100 && (await symbols()).header !== '₫'; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await symbols()).toEqual({
      header: '₫',
      currency: { code: 'VND', symbol: '₫', decimals: 2, symbolPlacement: 'after' },
      wallet: ['VND', '₫'],
      withdraw: ['VND', '₫'],
    });
  });

  it('is made by migration 049 from the wallet setting (the currency money is paid in), the old keys removed', async () => {
    const migration = await readFile(path.join(__dirname, '../../../migrations/049_merchant_currency.sql'), 'utf8');
    const settingsOf = async () =>
      Object.fromEntries(
        (await context.pool.query<{ key: string; value: Record<string, unknown> }>(`SELECT key, value FROM merchant_setting WHERE merchant_id = $1 AND key IN ('currency', 'wallet', 'site')`, [context.merchantId])).rows.map((row) => [row.key, row.value]),
      );
    const before = async (wallet: Record<string, unknown> | null) => {
      await context.pool.query(`DELETE FROM merchant_setting WHERE merchant_id = $1 AND key IN ('currency', 'wallet')`, [context.merchantId]);
      if (wallet) await context.pool.query(`INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'wallet', $2)`, [context.merchantId, JSON.stringify(wallet)]);
      await context.pool.query(`UPDATE merchant_setting SET value = value || '{"currencySymbol": "$"}' WHERE merchant_id = $1 AND key = 'site'`, [context.merchantId]);
    };

    await before({ single: false, currency: 'USD', currencySymbol: 'US$' });
    await context.ownerPool.query(migration);
    const moved = await settingsOf();
    expect(moved.currency).toEqual({ code: 'USD', symbol: 'US$', decimals: 2, symbolPlacement: 'before' });
    expect(moved.wallet).toEqual({ single: false });
    expect(moved.site).not.toHaveProperty('currencySymbol');

    // No wallet setting: the money was BDT (the built-in wallet currency), whatever the header said.
    await before(null);
    await context.ownerPool.query(migration);
    expect((await settingsOf()).currency).toEqual({ code: 'BDT', symbol: '৳', decimals: 2, symbolPlacement: 'before' });
  });

  it('takes no stored value the ledger cannot honour', () => {
    expect(merchantCurrencyFrom({ code: 'usd', symbol: '', decimals: 0, symbolPlacement: 'left' })).toEqual({ code: 'BDT', symbol: '৳', decimals: 2, symbolPlacement: 'before' });
    expect(merchantCurrencyFrom(null)).toEqual({ code: 'BDT', symbol: '৳', decimals: 2, symbolPlacement: 'before' });
  });
});
