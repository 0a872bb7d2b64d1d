import { awayMessageFor, chatSettingsDocument, chatSettingsFrom, DEFAULT_AWAY_MESSAGE, withinHours } from './chat.settings';

// The merchant's chat setting as the module reads it: malformed keys keep their defaults, and
// the working hours in the merchant's time zone, windows past midnight included.

// 2025-06-02 was a Monday. Times are given in the merchant's zone (UTC+6) and turned to epoch ms.
const dhaka = (day: number, time: string): number => Date.UTC(2025, 5, 1 + day, Number(time.slice(0, 2)) - 6, Number(time.slice(3)));

describe('chat settings', () => {
  it('keeps the defaults for what is missing or malformed: off, around the clock', () => {
    expect(chatSettingsFrom(undefined)).toEqual({ enabled: false, timeZoneOffsetMinutes: 360, hours: null, awayMessage: {} });
    const settings = chatSettingsFrom({ enabled: 'yes', timeZoneOffsetMinutes: 10_000, hours: [{ days: [9], from: '25:00', to: 'x' }], awayMessage: { EN: '  ', XX: 'hi' } });
    expect(settings).toEqual({ enabled: false, timeZoneOffsetMinutes: 360, hours: null, awayMessage: {} });
    expect(chatSettingsFrom({ hours: [] }).hours).toEqual([]);
  });

  it('is within the hours of the merchant\'s day, a window past midnight running into the next day', () => {
    const settings = chatSettingsFrom({ hours: [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' }, { days: [6], from: '20:00', to: '02:00' }] });
    expect(withinHours(settings, dhaka(1, '09:00'))).toBe(true); // Monday
    expect(withinHours(settings, dhaka(1, '08:59'))).toBe(false);
    expect(withinHours(settings, dhaka(1, '18:00'))).toBe(false);
    expect(withinHours(settings, dhaka(6, '12:00'))).toBe(false); // Saturday, before its window
    expect(withinHours(settings, dhaka(6, '23:30'))).toBe(true);
    expect(withinHours(settings, dhaka(7, '01:59'))).toBe(true); // Sunday morning, Saturday's window
    expect(withinHours(settings, dhaka(7, '02:00'))).toBe(false);
    expect(withinHours(chatSettingsFrom({ hours: [] }), dhaka(1, '12:00'))).toBe(false);
    expect(withinHours(chatSettingsFrom({}), dhaka(1, '03:00'))).toBe(true);
    expect(withinHours(chatSettingsFrom({ hours: [{ days: [1], from: '00:00', to: '24:00' }] }), dhaka(1, '23:59'))).toBe(true);
  });

  it('words the away message in the member\'s language, else English, else any, else its own', () => {
    expect(awayMessageFor(chatSettingsFrom({ awayMessage: { EN: 'Away', BN: 'দূরে' } }), 'BN')).toBe('দূরে');
    expect(awayMessageFor(chatSettingsFrom({ awayMessage: { EN: 'Away', BN: 'দূরে' } }), 'VI')).toBe('Away');
    expect(awayMessageFor(chatSettingsFrom({ awayMessage: { TH: 'ไม่อยู่' } }), 'VI')).toBe('ไม่อยู่');
    expect(awayMessageFor(chatSettingsFrom({}), 'EN')).toBe(DEFAULT_AWAY_MESSAGE);
  });

  it('writes back the document it reads', () => {
    const document = { enabled: true, timeZoneOffsetMinutes: 420, hours: [{ days: [1, 7], from: '09:30', to: '24:00' }], awayMessage: { EN: 'Away' } };
    expect(chatSettingsDocument(chatSettingsFrom(document))).toEqual(document);
  });
});
