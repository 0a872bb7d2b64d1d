import type { MessageLanguage } from '../../i18n/messages';
import type { Db } from '../../db/pool';

// The merchant's live chat: merchant_setting 'chat', a JSON document, every key optional:
//   { "enabled": true,
//     "timeZoneOffsetMinutes": 360,
//     "hours": [{ "days": [1, 2, 3, 4, 5], "from": "09:00", "to": "18:00" },
//               { "days": [6, 7], "from": "20:00", "to": "02:00" }],
//     "awayMessage": { "EN": "We are away…", "BN": "…" } }
// enabled: chat is offered (the site's chatEnabled in GET /wps/system/status reads this same key;
// no document or no `true`: off). hours: when operators answer, in the merchant's time zone (UTC
// + timeZoneOffsetMinutes, default Dhaka); days 1 Monday … 7 Sunday; a window whose `to` is not
// after its `from` runs past midnight into the next day; "24:00" is the end of the day. No
// `hours`: around the clock; an empty list: never (the away message always). awayMessage: per
// language (BN CN EN ID TH TY VI); the member's language, else EN, else any, else the built-in one.

export const CHAT_SETTING_KEY = 'chat';

export const CHAT_LANGUAGES = ['BN', 'CN', 'EN', 'ID', 'TH', 'TY', 'VI'] as const;

export interface ChatHoursWindow {
  /** ISO weekdays: 1 Monday … 7 Sunday. */
  days: number[];
  /** Minutes after midnight. */
  fromMinute: number;
  toMinute: number;
}

export interface ChatSettings {
  enabled: boolean;
  timeZoneOffsetMinutes: number;
  /** null: around the clock. */
  hours: ChatHoursWindow[] | null;
  awayMessage: Partial<Record<string, string>>;
}

export const DEFAULT_AWAY_MESSAGE = 'Thank you for your message. Our customer service is away right now; we will answer as soon as we are back.';

export const DEFAULT_CHAT_SETTINGS: ChatSettings = { enabled: false, timeZoneOffsetMinutes: 360, hours: null, awayMessage: {} };

const TIME = /^([01][0-9]|2[0-3]):([0-5][0-9])$|^24:00$/;

/** "09:30" → 570; "24:00" → 1440; undefined when not a time. */
export function minuteOf(text: unknown): number | undefined {
  if (typeof text !== 'string' || !TIME.test(text)) return undefined;
  const [hours, minutes] = text.split(':').map(Number);
  return hours * 60 + minutes;
}

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The stored document over the defaults, key by key; a malformed key keeps its default. */
export function chatSettingsFrom(stored: unknown): ChatSettings {
  const source = asObject(stored);
  const settings: ChatSettings = { ...DEFAULT_CHAT_SETTINGS, awayMessage: {} };
  if (typeof source.enabled === 'boolean') settings.enabled = source.enabled;
  if (Number.isSafeInteger(source.timeZoneOffsetMinutes) && Math.abs(source.timeZoneOffsetMinutes as number) <= 14 * 60) {
    settings.timeZoneOffsetMinutes = source.timeZoneOffsetMinutes as number;
  }
  if (Array.isArray(source.hours)) {
    const windows: ChatHoursWindow[] = [];
    for (const item of source.hours) {
      const window = asObject(item);
      const fromMinute = minuteOf(window.from);
      const toMinute = minuteOf(window.to);
      const days = Array.isArray(window.days) ? window.days.filter((day): day is number => Number.isInteger(day) && day >= 1 && day <= 7) : [];
      if (fromMinute === undefined || toMinute === undefined || days.length === 0) continue;
      windows.push({ days: [...new Set(days)].sort(), fromMinute, toMinute });
    }
    // A list whose windows were all malformed would close the chat for good: kept around the clock.
    settings.hours = windows.length > 0 || source.hours.length === 0 ? windows : null;
  }
  const away = asObject(source.awayMessage);
  for (const language of CHAT_LANGUAGES) {
    const text = away[language];
    if (typeof text === 'string' && text.trim() !== '' && text.length <= 1000) settings.awayMessage[language] = text;
  }
  return settings;
}

/** The document as operators read and write it (the inverse of chatSettingsFrom). */
export function chatSettingsDocument(settings: ChatSettings): Record<string, unknown> {
  const time = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  return {
    enabled: settings.enabled,
    timeZoneOffsetMinutes: settings.timeZoneOffsetMinutes,
    hours: settings.hours === null ? null : settings.hours.map((window) => ({ days: window.days, from: time(window.fromMinute), to: time(window.toMinute) })),
    awayMessage: settings.awayMessage,
  };
}

const DAY_MS = 86_400_000;

/** Whether operators answer at `nowMs` (within a window of the merchant's hours). */
export function withinHours(settings: Pick<ChatSettings, 'hours' | 'timeZoneOffsetMinutes'>, nowMs: number): boolean {
  if (settings.hours === null) return true;
  const local = nowMs + settings.timeZoneOffsetMinutes * 60_000;
  const minute = Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
  // 1970-01-01 was a Thursday (ISO day 4).
  const day = ((((Math.floor(local / DAY_MS) + 3) % 7) + 7) % 7) + 1;
  const previousDay = day === 1 ? 7 : day - 1;
  return settings.hours.some((window) => {
    if (window.fromMinute < window.toMinute) return window.days.includes(day) && minute >= window.fromMinute && minute < window.toMinute;
    // Past midnight: from `from` to the end of its day, and on the next day until `to`.
    return (window.days.includes(day) && minute >= window.fromMinute) || (window.days.includes(previousDay) && minute < window.toMinute);
  });
}

/** The away message in the member's language (else EN, else any the merchant wrote, else the built-in one). */
export function awayMessageFor(settings: Pick<ChatSettings, 'awayMessage'>, language: MessageLanguage | string): string {
  return settings.awayMessage[language] ?? settings.awayMessage.EN ?? Object.values(settings.awayMessage).find(Boolean) ?? DEFAULT_AWAY_MESSAGE;
}

export async function selectChatSettingDocument(db: Db, merchantId: number): Promise<unknown> {
  const result = await db.query<{ value: unknown }>('SELECT value FROM merchant_setting WHERE merchant_id = $1 AND key = $2', [merchantId, CHAT_SETTING_KEY]);
  return result.rows[0]?.value;
}

export async function readChatSettings(db: Db, merchantId: number): Promise<ChatSettings> {
  return chatSettingsFrom(await selectChatSettingDocument(db, merchantId));
}

export async function writeChatSettings(db: Db, merchantId: number, settings: ChatSettings): Promise<void> {
  await db.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, $2, $3)
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [merchantId, CHAT_SETTING_KEY, JSON.stringify(chatSettingsDocument(settings))],
  );
}
