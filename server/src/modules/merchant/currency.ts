import type { MerchantCurrency } from '@platform/contract';
import type { Db } from '../../db/pool';

// The merchant's one currency: the merchant setting 'currency' {code, symbol, decimals,
// symbolPlacement} (migration 049 made it from the old 'wallet' and 'site' settings). The system
// status sends it to the browser (info.site.currency and info.site.currencySymbol), where the
// shared money formatter writes every amount with it; the wallet, deposit, withdrawal and C2C
// answers take their currency and symbol from here too (readWalletSettings), so no page can show
// another currency than the header. Default: BDT ৳, the market the site's methods (bKash, Nagad)
// serve. The ledger keeps hundredths, so decimals is always 2; a stored value it cannot honour
// is not taken.

/** The places of the ledger's minor unit (MINOR_PER_MAJOR = 100, ledger/ledger.service.ts). */
const LEDGER_DECIMALS = 2;

export const DEFAULT_MERCHANT_CURRENCY: MerchantCurrency = { code: 'BDT', symbol: '৳', decimals: 2, symbolPlacement: 'before' };

/** The stored setting's value as a currency, any unusable part taken from the default. */
export function merchantCurrencyFrom(stored: unknown): MerchantCurrency {
  const currency = { ...DEFAULT_MERCHANT_CURRENCY };
  if (typeof stored !== 'object' || stored === null) return currency;
  const { code, symbol, decimals, symbolPlacement } = stored as Record<string, unknown>;
  if (typeof code === 'string' && /^[A-Z]{3}$/.test(code)) currency.code = code;
  if (typeof symbol === 'string' && symbol.length > 0 && symbol.length <= 8) currency.symbol = symbol;
  if (decimals === LEDGER_DECIMALS) currency.decimals = decimals;
  if (symbolPlacement === 'before' || symbolPlacement === 'after') currency.symbolPlacement = symbolPlacement;
  return currency;
}

export async function readMerchantCurrency(db: Db, merchantId: number): Promise<MerchantCurrency> {
  const result = await db.query<{ value: unknown }>("SELECT value FROM merchant_setting WHERE merchant_id = $1 AND key = 'currency'", [merchantId]);
  return merchantCurrencyFrom(result.rows[0]?.value);
}
