import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { toE164 } from '../identity';

// Mobile numbers as members type them (dialling code + national number) and as the server keys
// them: E.164, the dialling code followed by the national number without its trunk zeros
// (01712345678 in Bangladesh is +8801712345678), exactly as registration stores member.mobile
// and login reads it. Codes are stored under, and members looked up by, that form.

export const MOBILE_PATTERN = '^[0-9]{7,15}$';
export const DIALING_CODE_PATTERN = '^\\+?[0-9]{1,4}$';

export interface MobileNumber {
  /** "+880" */
  dialingCode: string;
  /** Digits as typed, without spaces: "01712345678" */
  nationalNumber: string;
  /** "+8801712345678" */
  e164: string;
}

/** Throws 400 mobile.format.err for anything that is not a number of 7–15 digits. */
export function parseMobile(dialingCode: string, nationalNumber: string): MobileNumber {
  const digits = nationalNumber.trim().replace(/[\s-]/g, '');
  const code = dialingCode.trim();
  if (!new RegExp(MOBILE_PATTERN).test(digits)) {
    throw new AppError(400, 'mobile.format.err', { detail: 'the mobile number must be 7-15 digits' });
  }
  if (!new RegExp(DIALING_CODE_PATTERN).test(code)) {
    throw new AppError(400, 'mobile.format.err', { detail: 'the dialling code must be + and 1-4 digits' });
  }
  const normalizedCode = code.startsWith('+') ? code : `+${code}`;
  return { dialingCode: normalizedCode, nationalNumber: digits, e164: toE164(normalizedCode, digits.replace(/^0+/, '')) };
}

/**
 * The number of a request, with its dialling code checked against the merchant's country list
 * (when the merchant has one). Without a dialling code the merchant's first country is meant,
 * as the picker preselects it; a merchant with no countries then needs one in the request.
 */
export async function resolveMobile(db: Db, merchantId: number, dialingCode: string | undefined, nationalNumber: string): Promise<MobileNumber> {
  const countries = await db.query<{ dialing_code: string }>(
    'SELECT dialing_code FROM country WHERE merchant_id = $1 AND enabled ORDER BY sort_order, country_code',
    [merchantId],
  );
  const offered = countries.rows.map((row) => row.dialing_code);
  const requested = dialingCode?.trim();
  if (!requested) {
    if (!offered[0]) throw new AppError(400, 'mobile.invalid', { detail: 'countryDialingCode is required' });
    return parseMobile(offered[0], nationalNumber);
  }
  const mobile = parseMobile(requested, nationalNumber);
  if (offered.length > 0 && !offered.includes(mobile.dialingCode)) {
    throw new AppError(400, 'invalid.country.code', { detail: `dialling code ${mobile.dialingCode} is not offered` });
  }
  return mobile;
}
