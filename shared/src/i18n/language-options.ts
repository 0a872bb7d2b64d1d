// The languages a player can pick and the translation set each one reads from.

/** Translation sets that exist for every app. TY is Traditional Chinese. */
export const TRANSLATION_SETS = ['BN', 'CN', 'EN', 'ID', 'TH', 'TY', 'VI'] as const;
export type TranslationSet = (typeof TRANSLATION_SETS)[number];

/** The site configuration's default: Bengali. */
export const DEFAULT_LANGUAGE = 'BN';
/** Where a language without its own translation set reads from. */
export const FALLBACK_TRANSLATION_SET: TranslationSet = 'EN';

export interface LanguageOption {
  /** Upper-case code sent in the `Language` header and stored as hisLang. */
  code: string;
  nativeName: string;
  englishName: string;
  translationSet: TranslationSet;
  rtl: boolean;
  /** BCP 47 tag for `<html lang>` and Intl. */
  locale: string;
}

const option = (
  code: string,
  nativeName: string,
  englishName: string,
  locale: string,
  translationSet: TranslationSet = FALLBACK_TRANSLATION_SET,
  rtl = false,
): LanguageOption => ({ code, nativeName, englishName, translationSet, rtl, locale });

export const LANGUAGE_OPTIONS: readonly LanguageOption[] = [
  option('BN', 'বাংলা', 'Bengali', 'bn', 'BN'),
  option('EN', 'English', 'English', 'en', 'EN'),
  option('CN', '简体中文', 'Chinese', 'zh-CN', 'CN'),
  option('TW', '繁體中文', 'Traditional Chinese', 'zh-TW', 'TY'),
  option('TH', 'ไทย', 'Thai', 'th', 'TH'),
  option('VI', 'Tiếng Việt', 'Vietnamese', 'vi', 'VI'),
  option('ID', 'Bahasa Indonesia', 'Indonesian', 'id', 'ID'),
  option('JA', '日本語', 'Japanese', 'ja'),
  option('KO', '한국어', 'Korean', 'ko'),
  option('HI', 'हिन्दी', 'Hindi', 'hi'),
  option('ES', 'Español', 'Spanish', 'es'),
  option('PT', 'Português', 'Portuguese', 'pt'),
  option('AR', 'العربية', 'Arabic', 'ar', FALLBACK_TRANSLATION_SET, true),
  option('RU', 'Русский', 'Russian', 'ru'),
  option('FR', 'Français', 'French', 'fr'),
  option('DE', 'Deutsch', 'German', 'de'),
  option('IT', 'Italiano', 'Italian', 'it'),
  option('TR', 'Türkçe', 'Turkish', 'tr'),
  option('MS', 'Bahasa Melayu', 'Malay', 'ms'),
  option('MY', 'မြန်မာ', 'Burmese', 'my'),
  option('KM', 'ខ្មែរ', 'Khmer', 'km'),
  option('LO', 'ລາວ', 'Lao', 'lo'),
  option('TL', 'Filipino', 'Filipino', 'fil'),
  option('UR', 'اردو', 'Urdu', 'ur', FALLBACK_TRANSLATION_SET, true),
  option('FA', 'فارسی', 'Persian', 'fa', FALLBACK_TRANSLATION_SET, true),
  option('NE', 'नेपाली', 'Nepali', 'ne'),
  option('SI', 'සිංහල', 'Sinhala', 'si'),
  option('TA', 'தமிழ்', 'Tamil', 'ta'),
  option('NL', 'Nederlands', 'Dutch', 'nl'),
  option('PL', 'Polski', 'Polish', 'pl'),
];

/**
 * The option for a code, case-insensitively. A translation-set name that is not itself a code
 * (TY) finds the option reading from it.
 */
export function findLanguageOption(code: string | null | undefined): LanguageOption | undefined {
  if (!code) return undefined;
  const wanted = code.trim().toUpperCase();
  return (
    LANGUAGE_OPTIONS.find((candidate) => candidate.code === wanted) ??
    LANGUAGE_OPTIONS.find((candidate) => candidate.translationSet === wanted)
  );
}

export function translationSetOf(code: string): TranslationSet {
  return findLanguageOption(code)?.translationSet ?? FALLBACK_TRANSLATION_SET;
}
