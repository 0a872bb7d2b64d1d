import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { MemberClubBenefit, PlayerRankProgress, PlayerRankRule, RankSalaryClaimHistory, VipBenefitClaimed, VipLevel } from '@platform/contract';
import { apiFailure, logIn, makeMember, recordCommands, renderWithProviders, resetTestState, settle, setStatus, stubApi } from '@platform/shared/testing';
import { MEMBER_CENTRE } from '../member-center/page-registry';
import BenefitsPage from './benefits-page';
import MemberRulesPage from './member-rules-page';
import PlayerRankPage from './player-rank-page';
import RecordsPage from './records-page';

// The VIP pages with the network edge stubbed: the menu lists them where the merchant has a
// ladder; the rank card shows this month's figures against the next level with their bars and
// what remains; a benefit is claimed once however often it is pressed, the balance is read again
// and the list reloaded, and a refusal is shown in the server's words; the records and the levels;
// a level's faster withdrawals (more a day, more free ones, reviewed first) said where it has them.

const level = (rankLevel: number, overrides: Partial<VipLevel> = {}): VipLevel => ({
  rankLevel,
  playerRankName: ['Member', 'Bronze', 'Silver'][rankLevel] ?? `VIP ${rankLevel}`,
  clubLabel: ['Member', 'Bronze', 'Silver'][rankLevel] ?? `VIP ${rankLevel}`,
  color: '#a0522d',
  color2: '#f5deb3',
  requirements: { monthlyTurnover: rankLevel * 5000, monthlyDeposit: rankLevel * 1000, totalTurnover: 0, totalDeposit: rankLevel > 1 ? 10000 : 0 },
  keep: { monthlyTurnover: rankLevel > 0 ? 2000 : 0, monthlyDeposit: 0 },
  benefits: {
    upgradeBonus: rankLevel === 0 ? 0 : 58 * rankLevel,
    upgradeWageringMultiplier: 1,
    monthlySalary: rankLevel === 0 ? 0 : 18,
    salaryWageringMultiplier: 1,
    rebate: [{ productType: 'live', vipLevel: rankLevel, rebateValue: 0.6 + rankLevel / 10 } as never],
    vipService: rankLevel > 4,
    withdrawDailyCountExtra: 0,
    withdrawFreeExtra: 0,
    withdrawPriority: false,
    withdrawalText: null,
    benefitText: null,
  },
  ...overrides,
});

const progress = (overrides: Partial<PlayerRankProgress> = {}): PlayerRankProgress => ({
  rankLevel: 0,
  playerRankName: 'Member',
  clubLabel: 'Member',
  color: '#8c8c8c',
  color2: '#f0f0f0',
  month: '2026-11',
  monthEndsAt: Date.UTC(2026, 10, 30, 18),
  nextLevel: level(1),
  monthlyTurnover: { actual: 1250, expected: 5000, remaining: 3750, percent: 25 },
  monthlyDeposit: { actual: 1000, expected: 1000, remaining: 0, percent: 100 },
  totalTurnover: { actual: 1250, expected: null, remaining: 0, percent: 100 },
  totalDeposit: { actual: 1000, expected: null, remaining: 0, percent: 100 },
  keepTurnover: { actual: 1250, expected: null, remaining: 0, percent: 100 },
  keepDeposit: { actual: 1000, expected: null, remaining: 0, percent: 100 },
  currentProgress: 25,
  completeProgress: 100,
  ...overrides,
});

const benefits = (state: 'claim' | 'claimed' = 'claim'): MemberClubBenefit => ({
  rankLevel: 1,
  level: level(1, { benefits: { ...level(1).benefits, withdrawalText: 'Priority withdrawals, reviewed first' } }),
  list: [
    { benefitType: 'upgrade', rankLevel: 1, playerRankName: 'Bronze', amount: 58, wageringMultiplier: 1, state, month: null },
    { benefitType: 'upgrade', rankLevel: 2, playerRankName: 'Silver', amount: 116, wageringMultiplier: 1, state: 'none', month: null },
    { benefitType: 'salary', rankLevel: 1, playerRankName: 'Bronze', amount: 18, wageringMultiplier: 1, state: 'claim', month: '2026-11' },
  ],
});

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn();
});

afterEach(() => {
  jest.restoreAllMocks();
});

const render = async (page: ReactElement) => {
  renderWithProviders(page);
  await settle();
};

test('the four VIP pages are listed, after the others, only where the member info carries a club label', () => {
  const session = { token: 't', isAgent: 0 };
  const ranked = MEMBER_CENTRE.visiblePages({ ...session, member: makeMember({ clubLabel: { labelName: 'Member', color: '#8c8c8c', color2: '#f0f0f0', rankLevel: 0 } }) });
  expect(ranked.slice(-4)).toEqual(['benefits', 'benefitsRecords', 'playerRank', 'memberRules']);
  expect(MEMBER_CENTRE.visiblePages({ ...session, member: makeMember({ clubLabel: null }) })).not.toContain('benefits');
});

describe('playerRank', () => {
  it("shows the level's badge, this month's figures against the next level with what remains, and when levels change", async () => {
    const openPage = jest.fn();
    stubApi({ playerRankProgress: progress() });
    await render(<PlayerRankPage openPage={openPage} />);
    expect(screen.getByTestId('vip-rank-level').textContent).toBe('VIP 0');
    expect(screen.getByTestId('vip-rank-badge').textContent).toBe('Member');
    expect(screen.getByText('Next: VIP 1 Bronze')).toBeTruthy();
    expect(screen.getByTestId('vip-progress-percent').textContent).toBe('25%');
    const turnover = screen.getByTestId('vip-figure-monthly-turnover');
    expect(within(turnover).getByText('৳1,250.00 / ৳5,000.00')).toBeTruthy();
    expect(within(turnover).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(within(turnover).getByText('৳3,750.00 to go')).toBeTruthy();
    expect(within(screen.getByTestId('vip-figure-monthly-deposit')).getByText('Reached')).toBeTruthy();
    // Totals the next level does not ask are not shown.
    expect(screen.queryByTestId('vip-figure-total-turnover')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Levels and rules' }));
    });
    expect(openPage).toHaveBeenCalledWith('memberRules');
  });

  it('at the top level says so, and shows what keeping it asks', async () => {
    stubApi({ playerRankProgress: progress({ rankLevel: 5, playerRankName: 'Diamond', clubLabel: 'Diamond', nextLevel: null, keepTurnover: { actual: 100, expected: 400000, remaining: 399900, percent: 0 }, currentProgress: 100 }) });
    await render(<PlayerRankPage openPage={jest.fn()} />);
    expect(screen.getByText('You are at the top level.')).toBeTruthy();
    expect(within(screen.getByTestId('vip-keep-turnover')).getByText('৳100.00 / ৳400,000.00')).toBeTruthy();
  });
});

describe('benefits', () => {
  it('shows the level and what it brings, and each benefit with its state', async () => {
    stubApi({ memberClubBenefit: benefits() });
    await render(<BenefitsPage openPage={jest.fn()} />);
    expect(screen.getByTestId('vip-benefits-badge').textContent).toBe('Bronze');
    expect(screen.getByText('Betting rebate: Live casino 0.7%')).toBeTruthy();
    expect(screen.getByText('Priority withdrawals, reviewed first')).toBeTruthy();
    expect(screen.getByText('Customer service: 24/7 live chat')).toBeTruthy();
    expect(within(screen.getByTestId('vip-benefit-upgrade-2')).getByText('Not reached')).toBeTruthy();
    expect(within(screen.getByTestId('vip-benefit-salary-1')).getByText('Bronze salary 2026-11')).toBeTruthy();
    // This level has no withdrawal perks (its own text aside): none is stated.
    expect(screen.queryByText(/Withdrawals a day|Free withdrawals a day|Your withdrawals are reviewed first/)).toBeNull();
  });

  it("states the level's withdrawal perks: more a day, more free ones, reviewed first", async () => {
    const perks = { ...level(3).benefits, withdrawDailyCountExtra: 3, withdrawFreeExtra: 2, withdrawPriority: true };
    stubApi({ memberClubBenefit: { ...benefits(), rankLevel: 3, level: level(3, { benefits: perks }) } });
    await render(<BenefitsPage openPage={jest.fn()} />);
    const shown = [...screen.getByTestId('vip-benefits').querySelectorAll('li')].map((item) => item.textContent);
    expect(shown).toEqual(expect.arrayContaining(['Withdrawals a day: +3', 'Free withdrawals a day: +2', 'Your withdrawals are reviewed first']));
  });

  it('claims once for a double press, says what arrived, reads the balance and the list again', async () => {
    const { commands } = recordCommands('refreshBalance');
    let claimed = false;
    const { callsOf } = stubApi({
      memberClubBenefit: () => benefits(claimed ? 'claimed' : 'claim'),
      claimMemberClubBenefit: (): VipBenefitClaimed => {
        claimed = true;
        return { paid: 58, balance: 158, benefit: benefits('claimed').list[0] };
      },
    });
    await render(<BenefitsPage openPage={jest.fn()} />);
    await act(async () => {
      const button = within(screen.getByTestId('vip-benefit-upgrade-1')).getByRole('button', { name: 'Claim' });
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await settle();
    expect(callsOf('claimMemberClubBenefit').map((seen) => seen?.data)).toEqual([{ benefitType: 'upgrade', rankLevel: 1 }]);
    expect(screen.getByRole('status').textContent).toBe('৳58.00 has been added to your wallet');
    expect(commands).toEqual([{ type: 'refreshBalance' }]);
    expect(within(screen.getByTestId('vip-benefit-upgrade-1')).getByText('Claimed')).toBeTruthy();
  });

  it("shows the server's refusal and moves no balance", async () => {
    const { commands } = recordCommands('refreshBalance');
    stubApi({ memberClubBenefit: benefits(), claimMemberClubBenefit: () => apiFailure('vip.benefit.claimed', 'You have already claimed this benefit', null, 409) });
    await render(<BenefitsPage openPage={jest.fn()} />);
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('vip-benefit-salary-1')).getByRole('button', { name: 'Claim' }));
    });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('You have already claimed this benefit');
    expect(commands).toEqual([]);
  });
});

describe('benefitsRecords and memberRules', () => {
  it('lists the claims with their sum, and says when there are none', async () => {
    const history: RankSalaryClaimHistory = {
      list: [
        { claimDate: Date.UTC(2026, 10, 2, 4), promoName: 'Bronze monthly salary 2026-11', bonusAmount: 18, pointAmount: 0, ticketType: null, ticketUsed: null, benefitType: 'salary', rankLevel: 1, month: '2026-11' },
        { claimDate: Date.UTC(2026, 10, 1, 4), promoName: 'Bronze upgrade bonus', bonusAmount: 58, pointAmount: 0, ticketType: null, ticketUsed: null, benefitType: 'upgrade', rankLevel: 1, month: null },
      ],
      totalPages: 1,
      footer: { bonusAmount: 76 },
    };
    const { callsOf } = stubApi({ rankSalaryClaimHistory: history });
    await render(<RecordsPage openPage={jest.fn()} />);
    expect(screen.getAllByTestId('vip-record').map((row) => row.querySelector('span')?.textContent)).toEqual(['Bronze monthly salary 2026-11', 'Bronze upgrade bonus']);
    expect(screen.getByTestId('vip-records-total').textContent).toBe('Total claimed: ৳76.00');
    expect(callsOf('rankSalaryClaimHistory')[0]?.params).toEqual({ page: 1, size: 10 });
  });

  it('says when nothing was claimed yet', async () => {
    stubApi({ rankSalaryClaimHistory: { list: [], totalPages: 1, footer: { bonusAmount: 0 } } });
    await render(<RecordsPage openPage={jest.fn()} />);
    expect(screen.getByText('No VIP rewards claimed yet')).toBeTruthy();
  });

  it('lists every level with what it asks and brings, and the rules', async () => {
    const rules: PlayerRankRule = { list: [level(0), level(1), level(2, { benefits: { ...level(2).benefits, vipService: true } })], vipServiceAboveLevel: 4 };
    stubApi({ playerRankRule: rules });
    await render(<MemberRulesPage openPage={jest.fn()} />);
    expect(screen.getByText('Above VIP 4 your customer service is a personal VIP host.')).toBeTruthy();
    const silver = screen.getByTestId('vip-level-2');
    const terms = [...silver.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ['Turnover this month', '৳10,000.00'],
      ['Deposits this month', '৳2,000.00'],
      ['Total deposits', '৳10,000.00'],
      ['To keep it, each month', 'Turnover this month ৳2,000.00'],
      ['Upgrade bonus', '৳116.00'],
      ['Monthly salary', '৳18.00'],
      ['Betting rebate up to', '0.8%'],
      ['Customer service', 'Personal VIP host'],
    ]);
  });

  it("lists a level's withdrawal perks among what it brings", async () => {
    const gold = level(3, { benefits: { ...level(3).benefits, withdrawDailyCountExtra: 3, withdrawFreeExtra: 2, withdrawPriority: true } });
    stubApi({ playerRankRule: { list: [level(0), gold], vipServiceAboveLevel: 4 } });
    await render(<MemberRulesPage openPage={jest.fn()} />);
    const terms = [...screen.getByTestId('vip-level-3').querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(terms.slice(-3)).toEqual([
      ['Withdrawals a day', '+3'],
      ['Free withdrawals a day', '+2'],
      ['Withdrawal review', 'First in line'],
    ]);
    // Level 0 brings none of them.
    expect(screen.getByTestId('vip-level-0').textContent).not.toMatch(/Withdrawals a day|Withdrawal review/);
  });
});
