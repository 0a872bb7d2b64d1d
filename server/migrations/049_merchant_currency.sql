-- One currency per merchant: the merchant setting 'currency' {code, symbol, decimals,
-- symbolPlacement} (modules/ledger/currency.ts). The header, the lottery and the records wrote
-- amounts with the 'site' setting's currencySymbol while the deposit, withdrawal and C2C answers
-- took the 'wallet' setting's currency and symbol, so one balance showed in two currencies. The
-- 'wallet' setting's currency is the one money is paid in (gateways are checked against it; BDT
-- when the merchant set none), so each merchant's single setting is made from it: its symbol,
-- else ৳ for BDT, else the site's symbol, else the code. Both old keys are removed so nothing can
-- read them again.
INSERT INTO merchant_setting (merchant_id, key, value)
SELECT c.merchant_id, 'currency', jsonb_build_object(
         'code', c.code,
         'symbol', COALESCE(c.wallet_symbol, CASE WHEN c.code = 'BDT' THEN '৳' END, c.site_symbol, c.code),
         'decimals', 2,
         'symbolPlacement', 'before')
  FROM (SELECT m.id AS merchant_id,
               COALESCE(CASE WHEN w.value ->> 'currency' ~ '^[A-Z]{3}$' THEN w.value ->> 'currency' END, 'BDT') AS code,
               NULLIF(w.value ->> 'currencySymbol', '') AS wallet_symbol,
               NULLIF(s.value ->> 'currencySymbol', '') AS site_symbol
          FROM merchant m
          LEFT JOIN merchant_setting w ON w.merchant_id = m.id AND w.key = 'wallet'
          LEFT JOIN merchant_setting s ON s.merchant_id = m.id AND s.key = 'site') AS c
ON CONFLICT (merchant_id, key) DO NOTHING;

UPDATE merchant_setting SET value = value - 'currency' - 'currencySymbol'
 WHERE key = 'wallet' AND (value ? 'currency' OR value ? 'currencySymbol');
UPDATE merchant_setting SET value = value - 'currencySymbol'
 WHERE key = 'site' AND value ? 'currencySymbol';
