import { emptyVipDraft, rateGridOf, referralBody, referralDraftOf, referralProblems, rateProblems, rebateBody, rebateLevels, vipBody, vipDraftOf, vipProblems, type RebateSettings, type ReferralSettings, type VipLevel } from './loyalty-model';

// The loyalty forms' pure steps: the rebate grid typed becomes the rates sent (a cell emptied keeps
// its stored rate); a VIP level loaded is sent back as it was; what the server refuses is named.

const settings: RebateSettings = { mode: 'manual', rates: [{ vipLevel: 0, category: 'rng', percent: 0.8 }, { vipLevel: 2, category: 'lott', percent: 1.25 }] };

it('turns the rebate grid into the rates sent, emptied cells keeping theirs', () => {
  const grid = rateGridOf(settings);
  expect(grid).toEqual({ '0:rng': '0.8', '2:lott': '1.25' });
  expect(rebateLevels(settings, [1, 3])).toEqual([0, 1, 2, 3]);
  expect(rebateBody('auto', { ...grid, '0:rng': '', '1:live': ' 2.5 ' }, settings)).toEqual({
    mode: 'auto',
    rates: [{ vipLevel: 0, category: 'rng', percent: 0.8 }, { vipLevel: 1, category: 'live', percent: 2.5 }, { vipLevel: 2, category: 'lott', percent: 1.25 }],
  });
  expect(rateProblems({ '0:rng': '10.01', '1:rng': '0.125', '2:rng': '-1', '3:rng': '10', '4:rng': '' })).toEqual(['0:rng', '1:rng', '2:rng']);
});

const level: VipLevel = {
  level: 1, names: { EN: 'Bronze', CN: '青铜' }, clubLabel: 'Bronze', color: '#a0522d', color2: '#cd7f32',
  reach: { monthlyTurnover: 1000, monthlyDeposit: 0, totalTurnover: 0, totalDeposit: 500.5 }, keep: { monthlyTurnover: 200, monthlyDeposit: 0 },
  upgradeBonus: 8.88, upgradeWageringMultiplier: 1.5, monthlySalary: 5, salaryWageringMultiplier: 1, withdrawDailyCountExtra: 1, withdrawFreeExtra: 0, withdrawPriority: true,
  withdrawalTexts: {}, benefitTexts: {},
};

it('sends a VIP level back as it was loaded', () => {
  const draft = vipDraftOf(level);
  expect(vipProblems(draft, 1)).toEqual([]);
  const { level: number, withdrawalTexts, benefitTexts, ...fields } = level;
  expect([number, withdrawalTexts, benefitTexts]).toEqual([1, {}, {}]);
  expect(vipBody(draft)).toEqual(fields);
});

it('names what the server refuses of a level, the entry level asking nothing', () => {
  const fields = (draft: ReturnType<typeof emptyVipDraft>, at: number) => vipProblems(draft, at).map((problem) => `${problem.field}:${problem.key}`);
  expect(fields(emptyVipDraft(), 3)).toEqual(['clubLabel:required', 'color:color', 'color2:color']);
  const good = vipDraftOf(level);
  expect(fields({ ...good, upgradeBonus: '1.234', salaryWageringMultiplier: '101', withdrawFreeExtra: '1.5' }, 1)).toEqual(['upgradeBonus:money', 'salaryWageringMultiplier:multiplier', 'withdrawFreeExtra:count']);
  expect(fields(good, 0)).toEqual(['level:levelZero']);
  expect(fields({ ...good, reachMonthlyTurnover: '0', reachTotalDeposit: '0', keepMonthlyTurnover: '0', withdrawDailyCountExtra: '0', withdrawPriority: false }, 0)).toEqual([]);
});

const referral: ReferralSettings = {
  enabled: true, minFirstDeposit: 100, minValidStake: 50.5, invitationReward: 8, depositRateLevel1: 1, depositRateLevel2: 0.5, betRateLevel1: 0.2, betRateLevel2: 0.1,
  checkAddress: false, mainDomain: null, achievements: [{ configId: 3, friends: 10, bonus: 88 }, { configId: 2, friends: 5, bonus: 38 }],
};

it('sends the invite-a-friend settings back as loaded, achievements fewest friends first, and names what is refused', () => {
  const draft = referralDraftOf(referral);
  expect(referralProblems(draft)).toEqual([]);
  expect(referralBody(draft)).toEqual({ ...referral, achievements: [{ friends: 5, bonus: 38 }, { friends: 10, bonus: 88 }] });
  expect(referralBody({ ...draft, mainDomain: ' www.example.com ' }).mainDomain).toBe('www.example.com');
  const fields = referralProblems({
    ...draft, invitationReward: '1.001', betRateLevel2: '10.5', mainDomain: 'https://x', achievements: [{ friends: '5', bonus: '0' }, { friends: '5', bonus: '1' }, { friends: '0', bonus: '1' }],
  }).map((problem) => `${problem.field}:${problem.key}`);
  expect(fields).toEqual(['invitationReward:money', 'betRateLevel2:rate', 'mainDomain:domain', 'achievements.0.bonus:bonus', 'achievements.1.friends:duplicate', 'achievements.2.friends:friends']);
});
