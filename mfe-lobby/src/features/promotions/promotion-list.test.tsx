import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from '@platform/shared';
import { apiFailure, currentLocation, logIn, recordCommands, renderWithProviders, resetTestState, settle, setStatus, stubApi, type StubAnswers } from '@platform/shared/testing';
import PromotionsPage from './promotions-page';
import { claimed, DAY, HOUR, NOW, promotion, reward } from './test-fixtures';

// The list page with the network edge stubbed: the cards (state, reward, countdown), the category
// tabs, the way to a promotion's page, the error and empty states, and the promo-code box.

beforeEach(async () => {
  await resetTestState();
  setStatus();
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

async function renderList(answers: StubAnswers) {
  const stub = stubApi(answers);
  renderWithProviders(
    <Routes>
      <Route path="/promotions" element={<PromotionsPage />} />
      <Route path="/promotions/:id" element={<PromotionsPage />} />
    </Routes>,
    { route: '/promotions' },
  );
  await settle();
  return stub;
}

const cards = () => screen.queryAllByTestId('promo-card');
const cardTitled = (title: string) => cards().find((card) => card.textContent?.includes(title)) as HTMLElement;

const LIST = [
  promotion({ id: 1, title: 'Welcome bonus', category: 'new_player', state: 'join' }),
  promotion({
    id: 2,
    title: 'Lucky draw',
    category: 'daily',
    state: 'claim',
    reward: { kind: 'fixed', amount: 8.88, percent: null, cap: null, tickets: null, points: null, streak: null },
    bonus: 8.88,
    claimDeadline: NOW + 5 * HOUR,
  }),
  promotion({ id: 3, title: 'Spring festival', category: 'limited', state: 'comingSoon', startTime: NOW + 90_000, endTime: NOW + 10 * DAY }),
  promotion({ id: 4, title: 'Old promo', category: 'vip', state: 'close', closeReason: 'ended', endTime: NOW - DAY }),
  promotion({ id: 5, title: 'Mystery box', category: 'seasonal', state: 'none', reward: null }),
  promotion({ id: 6, title: 'Reload', category: 'daily', state: 'process', wagering: { multiplier: 5, includesDeposit: true, withinDays: null, remaining: 120.5 } }),
];

describe('the promotions list', () => {
  it("shows a card per promotion: its title, state, reward in one line and a countdown that ticks each second", async () => {
    jest.useFakeTimers({ now: NOW });
    await renderList({ promotionList: { list: LIST } });

    expect(cards().map((card) => card.getAttribute('href'))).toEqual(['/promotions/1', '/promotions/2', '/promotions/3', '/promotions/4', '/promotions/5', '/promotions/6']);
    const states = cards().map((card) => within(card).queryByTestId('promo-state')?.textContent ?? null);
    expect(states).toEqual(['Join', 'Claim', 'Coming soon', 'Closed', null, 'In progress']);
    expect(within(cardTitled('Welcome bonus')).getByTestId('promo-reward').textContent).toBe('100% up to ৳500.00');
    expect(within(cardTitled('Lucky draw')).getByTestId('promo-reward').textContent).toBe('৳8.88');
    expect(within(cardTitled('Mystery box')).queryByTestId('promo-reward')).toBeNull();
    // A card is a link named by its title and state (not by its ticking countdown), described by its reward.
    const link = screen.getByRole('link', { name: 'Lucky draw Claim' });
    expect(link).toBe(cardTitled('Lucky draw'));
    expect(link.getAttribute('aria-describedby')).toBe(within(link).getByTestId('promo-reward').id);

    // To the end, to the claim deadline when a bonus waits, to the start when coming soon; a closed one says why.
    const countdown = (title: string) => within(cardTitled(title)).queryByTestId('promo-countdown')?.textContent;
    expect(countdown('Welcome bonus')).toBe('Ends in 2d 03:04:05');
    expect(countdown('Lucky draw')).toBe('Claim within 05:00:00');
    expect(countdown('Spring festival')).toBe('Starts in 00:01:30');
    expect(countdown('Old promo')).toBeUndefined();
    expect(within(cardTitled('Old promo')).getByTestId('promo-close-reason').textContent).toBe('This promotion has ended.');

    act(() => jest.advanceTimersByTime(1000));
    expect(countdown('Welcome bonus')).toBe('Ends in 2d 03:04:04');
    expect(countdown('Lucky draw')).toBe('Claim within 04:59:59');
    act(() => jest.advanceTimersByTime(89_000));
    expect(countdown('Spring festival')).toBe('Started');
    expect(countdown('Welcome bonus')).toBe('Ends in 2d 03:02:35');
  });

  it('says why a promotion for other VIP levels, or for invited members, is closed to this member', async () => {
    await renderList({
      promotionList: {
        list: [
          promotion({ id: 11, title: 'High roller', category: 'vip', state: 'close', closeReason: 'vip_level', vipLevels: [3, 4, 5] }),
          promotion({ id: 12, title: 'Gold week', category: 'vip', state: 'close', closeReason: 'vip_level', vipLevels: [3] }),
          promotion({ id: 13, title: 'Friends only', category: 'limited', state: 'close', closeReason: 'member_label' }),
        ],
      },
    });
    const reason = (title: string) => within(cardTitled(title)).getByTestId('promo-close-reason').textContent;
    expect(reason('High roller')).toBe('This promotion is for VIP levels 3, 4, 5.');
    expect(reason('Gold week')).toBe('This promotion is for VIP level 3 members.');
    expect(reason('Friends only')).toBe('This promotion is for invited members only.');
    expect(within(cardTitled('Friends only')).queryByTestId('promo-countdown')).toBeNull();
  });

  it('has a tab for All and for each known category present, in their order; a tab shows its promotions only', async () => {
    await renderList({ promotionList: { list: LIST } });
    const tabs = screen.getAllByRole('tab');
    // No tab for the unknown 'seasonal' category, nor for the categories no promotion is in.
    expect(tabs.map((tab) => tab.textContent)).toEqual(['All', 'New Player', 'Limited Time', 'Daily', 'VIP']);
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');
    expect(cards()).toHaveLength(6);

    fireEvent.click(screen.getByRole('tab', { name: 'Daily' }));
    expect(cards().map((card) => card.getAttribute('data-id'))).toEqual(['2', '6']);
    expect(screen.getByRole('tab', { name: 'Daily' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('tab', { name: 'New Player' }));
    expect(cards().map((card) => card.getAttribute('data-id'))).toEqual(['1']);

    // The unknown category's promotion is under All only.
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(cardTitled('Mystery box')).toBeTruthy();
  });

  it("goes to the promotion's page when its card is pressed", async () => {
    const { callsOf } = await renderList({
      promotionList: { list: LIST },
      promotionDetail: { promotion: LIST[1], content: '' },
    });
    await act(async () => {
      fireEvent.click(cardTitled('Lucky draw'));
    });
    await settle();
    expect(currentLocation()).toBe('/promotions/2');
    expect(callsOf('promotionDetail')).toHaveLength(1);
    expect(await screen.findByTestId('promo-detail')).toBeTruthy();
  });

  it('says when the list could not be loaded, and asks again on Retry', async () => {
    let failing = true;
    const { callsOf } = await renderList({
      promotionList: () => (failing ? apiFailure('server.busy', 'The server is busy', null, 503) : { list: [LIST[0]] }),
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('The promotions could not be loaded')).toBeTruthy();
    expect(within(alert).getByText('The server is busy')).toBeTruthy();

    failing = false;
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    });
    await settle();
    expect(callsOf('promotionList')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(cards()).toHaveLength(1);
  });

  it('says when there is no promotion', async () => {
    await renderList({ promotionList: { list: [] } });
    expect(screen.getByText('No promotions right now')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});

describe('the cards of the states the promotion engine added', () => {
  it('Apply, Applying, Rejected, Issued, the daily sign-in\'s Sign in; daily ones say Every day; tickets read as spins', async () => {
    await renderList({
      promotionList: {
        list: [
          promotion({ id: 11, title: 'Share & Win', trigger: 'application', state: 'apply', reward: reward({ amount: 20 }) }),
          promotion({ id: 12, title: 'Review', trigger: 'application', state: 'applying', reward: reward({ amount: 20 }) }),
          promotion({ id: 13, title: 'Refused', trigger: 'application', state: 'rejected', rejectReason: 'No', reward: reward({ amount: 20 }) }),
          promotion({ id: 14, title: 'Birthday', trigger: 'issued', state: 'issued', reward: reward({ amount: 88 }), bonus: 88 }),
          promotion({ id: 15, title: 'Sign-in', trigger: 'sign_in', repeat: 'daily', state: 'claim', reward: reward({ kind: 'streak', streak: [1, 2, 3] }), streakDay: 1 }),
          promotion({ id: 16, title: 'Spins', trigger: 'promo_code', state: 'claimed', reward: reward({ kind: 'tickets', tickets: 3 }), tickets: 3 }),
          promotion({ id: 17, title: 'Wager', trigger: 'bet_volume', repeat: 'daily', state: 'joined', reward: reward({ amount: 8 }), progress: { amount: 1, target: 10 } }),
        ],
      },
    });
    const states = cards().map((card) => within(card).queryByTestId('promo-state')?.textContent ?? null);
    expect(states).toEqual(['Apply', 'Applying', 'Rejected', 'Issued', 'Sign in', 'Claimed', 'Joined']);
    expect(cards().map((card) => within(card).queryByTestId('promo-daily')?.textContent ?? null)).toEqual([null, null, null, null, 'Every day', null, 'Every day']);
    expect(within(cardTitled('Spins')).getByTestId('promo-reward').textContent).toBe('3 spins of the prize wheel');
    expect(within(cardTitled('Sign-in')).getByTestId('promo-reward').textContent).toBe('৳1.00 to ৳3.00 a day');
    expect(screen.getByRole('link', { name: 'Sign-in Sign in' })).toBe(cardTitled('Sign-in'));
  });
});

describe('the promo-code box', () => {
  it('is there for a signed-in member only', async () => {
    await renderList({ promotionList: { list: [] } });
    expect(screen.queryByTestId('promo-code-box')).toBeNull();
    act(() => logIn());
    await settle();
    expect(screen.getByTestId('promo-code-box')).toBeTruthy();
  });

  it('checks the code on the client (4 to 20 letters or digits) before sending anything', async () => {
    logIn();
    const { callsOf } = await renderList({ promotionList: { list: [] }, claimPromoCode: claimed(LIST[0]) });
    const input = screen.getByTestId('promo-code-input');
    for (const code of ['', 'ab1', 'WELCOME-2030', 'x'.repeat(21), 'café']) {
      fireEvent.change(input, { target: { value: code } });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
      });
      expect(screen.getByTestId('promo-code-error').textContent).toBe('Enter 4 to 20 letters or digits.');
      expect(input.getAttribute('aria-invalid')).toBe('true');
    }
    expect(callsOf('claimPromoCode')).toEqual([]);
  });

  it('sends a valid code, says the bonus received, refreshes the balance and the list', async () => {
    logIn();
    const { commands } = recordCommands('refreshBalance');
    const { callsOf } = await renderList({
      promotionList: { list: [LIST[0]] },
      claimPromoCode: claimed(promotion({ id: 9, state: 'claimed', trigger: 'promo_code', bonus: 88 }), 88),
    });
    fireEvent.change(screen.getByTestId('promo-code-input'), { target: { value: ' SPRING2030 ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    });
    await settle();

    expect(callsOf('claimPromoCode').map((options) => options?.data)).toEqual([{ promoCode: 'SPRING2030' }]);
    expect(screen.getByTestId('promo-code-success').textContent).toBe('Promo code applied: you received ৳88.00');
    expect((screen.getByTestId('promo-code-input') as HTMLInputElement).value).toBe('');
    expect(commands).toEqual([{ type: 'refreshBalance' }]);
    expect(callsOf('promotionList')).toHaveLength(2);
  });

  it("shows a refused code's message under the field", async () => {
    logIn();
    await renderList({ promotionList: { list: [] }, claimPromoCode: apiFailure('promotion.code.invalid', 'This promo code does not exist', null, 404) });
    fireEvent.change(screen.getByTestId('promo-code-input'), { target: { value: 'NOPE1234' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    });
    await settle();
    expect(screen.getByTestId('promo-code-error').textContent).toBe('This promo code does not exist');
    expect(screen.queryByTestId('promo-code-success')).toBeNull();
  });
});

