import type { LevelRow, Texts } from './vip.queries';

// A level's words in the caller's language: its own text in that language, else its English one,
// else any it has; and the names the claim history gives each claim, in seven languages.

const FALLBACK = 'EN';

export function textIn(texts: Texts, language: string | undefined): string | null {
  const wanted = language?.toUpperCase();
  return (wanted && texts[wanted]) || texts[FALLBACK] || Object.values(texts).find((text) => text) || null;
}

/** The level's name in the language, or "VIP n" when it has none. */
export const levelName = (level: Pick<LevelRow, 'level' | 'names'>, language: string | undefined): string => textIn(level.names, language) ?? `VIP ${level.level}`;

const CLAIM_NAMES: Record<string, { upgrade: string; salary: string }> = {
  EN: { upgrade: '{level} upgrade bonus', salary: '{level} monthly salary {month}' },
  BN: { upgrade: '{level} আপগ্রেড বোনাস', salary: '{level} মাসিক বেতন {month}' },
  CN: { upgrade: '{level} 晋级奖金', salary: '{level} 月俸禄 {month}' },
  ID: { upgrade: 'Bonus naik level {level}', salary: 'Gaji bulanan {level} {month}' },
  TH: { upgrade: 'โบนัสเลื่อนระดับ {level}', salary: 'เงินเดือนรายเดือน {level} {month}' },
  TY: { upgrade: '{level} 晉級獎金', salary: '{level} 月俸祿 {month}' },
  VI: { upgrade: 'Thưởng thăng cấp {level}', salary: 'Lương tháng {level} {month}' },
};

export function claimNames(language: string | undefined) {
  const names = CLAIM_NAMES[language?.toUpperCase() ?? FALLBACK] ?? CLAIM_NAMES[FALLBACK];
  return {
    upgrade: (level: string) => names.upgrade.replace('{level}', level),
    salary: (level: string, month: string) => names.salary.replace('{level}', level).replace('{month}', month),
  };
}
