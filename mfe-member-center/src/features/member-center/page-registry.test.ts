import { MEMBER_CENTER_PAGES } from '@platform/contract';
import { makeMember } from '@platform/shared/testing';
import { MEMBER_CENTRE } from './page-registry';

const { components: PAGES, visiblePages } = MEMBER_CENTRE;

// The menu, in its order, as far as its pages exist: Bonus Details (the lottery's odds) is everyone's,
// right after Profit and Loss.

test('Bonus Details is registered and shown to every member after Profit and Loss', () => {
  expect(PAGES.bonusDetails).toBeDefined();
  expect(MEMBER_CENTER_PAGES.indexOf('bonusDetails')).toBe(MEMBER_CENTER_PAGES.indexOf('personalProfit') + 1);
  const pages = visiblePages({ token: 't', isAgent: 0, member: makeMember({ type: 0, isAgent: 0, toUpline: '0' }) });
  expect(pages.indexOf('bonusDetails')).toBe(pages.indexOf('personalProfit') + 1);
});

test('Manual Rebate is listed, last, only where the merchant lets members claim their rebate (mode manual)', () => {
  expect(PAGES.manualRebate).toBeDefined();
  const session = { token: 't', isAgent: 0, member: makeMember({ type: 0, isAgent: 0, toUpline: '0' }) };
  expect(visiblePages({ ...session, rebateMode: 'manual' }).at(-1)).toBe('manualRebate');
  for (const rebateMode of ['auto', null, undefined] as const) expect(visiblePages({ ...session, rebateMode })).not.toContain('manualRebate');
});

test('Mission Activity is listed only where the member has a mission, after the Reward Centre', () => {
  expect(PAGES.missionLeaderboard).toBeDefined();
  const session = { token: 't', isAgent: 0, member: makeMember({ type: 0, isAgent: 0, toUpline: '0' }) };
  const pages = visiblePages({ ...session, missions: { total: 1, open: 0 } });
  expect(pages).toContain('missionLeaderboard');
  expect(pages.indexOf('missionLeaderboard')).toBeGreaterThan(pages.indexOf('rewardCenter'));
  for (const missions of [{ total: 0, open: 0 }, null, undefined]) expect(visiblePages({ ...session, missions })).not.toContain('missionLeaderboard');
});

test('The feedback page (support questions and feedback) is listed last, only while the merchant has FEEDBACK3 on', () => {
  expect(PAGES.feedback).toBeDefined();
  expect(MEMBER_CENTER_PAGES.at(-1)).toBe('feedback');
  const session = { token: 't', isAgent: 0, member: makeMember({ type: 0, isAgent: 0, toUpline: '0' }) };
  expect(visiblePages({ ...session, isOn: (name) => name === 'feedback' }).at(-1)).toBe('feedback');
  for (const isOn of [() => false, undefined]) expect(visiblePages({ ...session, isOn })).not.toContain('feedback');
});
