/** The emoji flag of a two-letter country code (regional indicator symbols), '' when not a code. */
export function countryFlag(countryCode: string): string {
  const code = countryCode.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

/** Dialling codes are shown and sent with their plus sign. */
export function normaliseDialingCode(code: string): string {
  const digits = code.replace(/[^\d]/g, '');
  return digits ? `+${digits}` : '';
}
