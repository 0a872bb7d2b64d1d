import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReferralAchievements, ReferralDetails, ReferralInviteList, ReferralList } from '@platform/contract';
import { apiFailure, logIn, makeMember, renderWithProviders, resetTestState, settle, setStatus, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import { MEMBER_CENTRE } from '../member-center/page-registry';
import ReferralPage from './referral-page';
import { overviewBounds } from './referral-api';

// Invite Friends with the network edge stubbed: the share link and code (QR code of the link,
// copied to the clipboard), the friends with their state and the filter the server is asked for,
// an achievement claimed once however often it is pressed with the server's refusal in its own
// words, the rules in the merchant's figures, and the menu listing the page only while the
// programme is on.

const details = (overrides: Partial<ReferralDetails> = {}): ReferralDetails => ({
  enabled: true,
  code: 'ABCD2345',
  mainDomain: 'site.example',
  link: 'https://site.example/register?referralCode=ABCD2345',
  invitedBy: null,
  invited: 2,
  deposited: 1,
  qualified: 1,
  rules: {
    minFirstDeposit: 200,
    minValidStake: 500,
    invitationReward: 100,
    depositRebate: { level1: 1, level2: 0.5 },
    betRebate: { level1: 0.3, level2: 0.1 },
    achievements: [{ configId: 7, friends: 3, bonus: 150 }],
  },
  ...overrides,
});

const REGISTERED = Date.UTC(2026, 10, 27, 4, 0);

const invites: ReferralInviteList = {
  total: 1,
  totalPages: 1,
  list: [{ username: 'friendone', registerTime: REGISTERED, inviteTime: REGISTERED, status: 'registered' }],
};

const friends = (status = 'all'): ReferralList => ({
  total: 2,
  totalPages: 1,
  list: [
    { registerTime: REGISTERED, inviteeName: 'friendone', firstDepositTime: null, status: 'registered', reward: null },
    { registerTime: REGISTERED, inviteeName: 'friendtwo', firstDepositTime: REGISTERED + 3_600_000, status: 'rewarded', reward: 100 },
  ].filter((row) => status === 'all' || row.status === status) as ReferralList['list'],
});

const achievements = (status: 'claimable' | 'claimed' = 'claimable'): ReferralAchievements => ({
  qualified: 3,
  list: [
    { configId: 7, friends: 3, bonus: 150, status },
    { configId: 8, friends: 10, bonus: 600, status: 'locked' },
  ],
  records: status === 'claimed' ? [{ requestTime: REGISTERED, bonus: 150, friends: 3 }] : [],
});

const empty = { total: 0, totalPages: 0, list: [] };

function stubAll(overrides: Record<string, unknown> = {}) {
  return stubApi({
    getReferralDetails: details(),
    getInviteList: invites,
    getReferralList: (seen: CallOptionsSeen) => friends(String(seen?.params?.status ?? 'all')),
    getAchievement: achievements(),
    getMyIncomeOverview: {
      today: { total: 4, invitation: 0, depositRebate: 4, betRebate: 0, achievement: 0 },
      yesterday: { total: 0, invitation: 0, depositRebate: 0, betRebate: 0, achievement: 0 },
      total: { total: 104, invitation: 100, depositRebate: 4, betRebate: 0, achievement: 0 },
    },
    getReferralMyIncome: { total: 104, invitation: 100, depositRebate: 4, betRebate: 0, achievement: 0 },
    getEarningsEstimate: { list: [{ friends: 1, invitation: 100, achievement: 0, total: 100 }] },
    getReferralRanking: { list: [{ rank: 1, username: 'ab***c', amount: 300, friends: 3 }] },
    getRecentRewards: { list: [{ username: 'ab***c', source: 'invitation', amount: 100, time: REGISTERED }] },
    getInvitationClaimReport: { ...empty, footer: { bonus: 0 } },
    ...overrides,
  } as Parameters<typeof stubApi>[0]);
}

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn();
});

afterEach(() => {
  jest.restoreAllMocks();
});

async function renderPage() {
  renderWithProviders(<ReferralPage openPage={jest.fn()} />);
  await settle();
}

const openTab = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('tab', { name }));
  });
  await settle();
};

describe('Invite Friends', () => {
  it('shows the share link and code with a QR code of the link, copies them, and lists the friends invited', async () => {
    stubAll();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderPage();
    expect(screen.getByTestId('referral-link').textContent).toBe('https://site.example/register?referralCode=ABCD2345');
    expect(screen.getByTestId('referral-code').textContent).toBe('ABCD2345');
    expect(screen.getByTestId('referral-qr').getAttribute('data-value')).toBe('https://site.example/register?referralCode=ABCD2345');
    await act(async () => {
      fireEvent.click(screen.getByTestId('copy-link'));
    });
    expect(writeText).toHaveBeenCalledWith('https://site.example/register?referralCode=ABCD2345');
    expect(screen.getByTestId('copy-link').textContent).toBe('Copied');
    await act(async () => {
      fireEvent.click(screen.getByTestId('copy-code'));
    });
    expect(writeText).toHaveBeenLastCalledWith('ABCD2345');
    const table = screen.getByRole('table', { name: 'Friends you invited' });
    expect(within(table).getByText('friendone')).toBeTruthy();
    expect(within(table).getByText('Registered')).toBeTruthy();
  });

  it('lists the friends with their state and asks the server for the state chosen', async () => {
    const { callsOf } = stubAll();
    await renderPage();
    await openTab('Friends');
    expect(screen.getAllByTestId('friend-name').map((cell) => cell.textContent)).toEqual(['friendone', 'friendtwo']);
    expect(screen.getAllByTestId('friend-status').map((cell) => cell.textContent)).toEqual(['Registered', 'Rewarded']);
    expect(screen.getByTestId('friend-reward').textContent).toBe('৳100.00');
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'rewarded' } });
    });
    await settle();
    expect(callsOf('getReferralList').at(-1)?.params).toMatchObject({ status: 'rewarded', page: 1 });
    expect(screen.getAllByTestId('friend-name').map((cell) => cell.textContent)).toEqual(['friendtwo']);
  });

  it('claims an achievement once however often it is pressed, and says a refusal in the server’s words', async () => {
    let claimed = false;
    const { callsOf } = stubAll({
      getAchievement: () => achievements(claimed ? 'claimed' : 'claimable'),
      claimAchievementPromo: () => {
        claimed = true;
        return { bonus: 150, balance: 250 };
      },
    });
    await renderPage();
    await openTab('Rewards');
    const row = screen.getByTestId('achievement-3');
    const button = within(row).getByRole('button', { name: 'Claim' });
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await settle();
    expect(callsOf('claimAchievementPromo')).toHaveLength(1);
    expect(callsOf('claimAchievementPromo')[0]?.data).toEqual({ configId: 7 });
    expect(screen.getByRole('status').textContent).toBe('৳150.00 has been added to your wallet');
    expect(within(screen.getByTestId('achievement-3')).getByText('Claimed')).toBeTruthy();
    expect(within(screen.getByTestId('achievement-10')).getByRole('button', { name: '3/10' })).toHaveProperty('disabled', true);
  });

  it('shows the server’s refusal of a claim', async () => {
    stubAll({ claimAchievementPromo: apiFailure('referral.achievement.claimed', 'You have already claimed this bonus', null, 409) });
    await renderPage();
    await openTab('Rewards');
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('achievement-3')).getByRole('button', { name: 'Claim' }));
    });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('You have already claimed this bonus');
  });

  it('states the rules in the merchant’s figures, and the overview and income in amounts', async () => {
    stubAll();
    await renderPage();
    await openTab('Rules');
    const rules = screen.getByTestId('referral-rules').textContent ?? '';
    expect(rules).toContain('first deposit of at least ৳200.00 and valid bets of at least ৳500.00; you then receive ৳100.00');
    expect(rules).toContain('1% of your qualified friends');
    expect(rules).toContain('3 → ৳150.00');
    await openTab('Overview');
    expect(screen.getByTestId('count-invited').textContent).toContain('2');
    expect(screen.getByTestId('income-today').textContent).toContain('৳4.00');
    expect(screen.getByTestId('income-total').textContent).toContain('৳104.00');
    await openTab('My income');
    expect(screen.getByTestId('income-invitation').textContent).toContain('৳100.00');
  });

  it('asks for today and yesterday as the bounds of the browser’s days', () => {
    const now = new Date(2026, 10, 28, 15, 30).getTime();
    const bounds = overviewBounds(now);
    expect(bounds.startTodayDate).toBe(new Date(2026, 10, 28).getTime());
    expect(bounds.endTodayDate).toBe(new Date(2026, 10, 29).getTime());
    expect(bounds.startYesterdayDate).toBe(new Date(2026, 10, 27).getTime());
    expect(bounds.endYesterdayDate).toBe(bounds.startTodayDate);
  });
});

test('the menu lists Invite Friends, after the Reward Centre, only while the programme is on', () => {
  const session = { token: 't', isAgent: 0, member: makeMember({ type: 0, isAgent: 0, toUpline: '0' }) };
  const pages = MEMBER_CENTRE.visiblePages({ ...session, referralEnabled: true });
  expect(pages).toContain('referral');
  expect(pages.indexOf('referral')).toBe(pages.indexOf('rewardCenter') + 1);
  for (const referralEnabled of [false, null, undefined]) expect(MEMBER_CENTRE.visiblePages({ ...session, referralEnabled })).not.toContain('referral');
});
