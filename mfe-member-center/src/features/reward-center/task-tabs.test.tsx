import { act, fireEvent, screen, within } from '@testing-library/react';
import type { PromotionClaimed, PromotionEntry } from '@platform/contract';
import { apiFailure, logIn, recordCommands, renderWithProviders, resetTestState, settle, setStatus, stubApi, type StubAnswers } from '@platform/shared/testing';
import RewardCenterPage from './reward-center-page';

// The reward centre's task tabs with the network edge stubbed: the daily sign-in's calendar and
// its Sign in (one claim for a double press, a second sign-in refused with the server's words),
// the new-player checklist with what is still to do and the pages that do it, and the rescue and
// the day's bets with their progress, their bonus to claim before the day ends, or nothing today.

const NOW = Date.UTC(2030, 2, 1, 12, 0, 0);
const HOUR = 3_600_000;
const STREAK = [0.5, 1, 1.5, 2, 3, 5, 8];

function promotion(overrides: Partial<PromotionEntry> = {}): PromotionEntry {
  return {
    id: 1,
    category: 'new_player',
    title: 'Welcome bonus',
    imageUrl: 'https://img.example.com/welcome.png',
    trigger: 'first_deposit',
    state: 'join',
    closeReason: null,
    startTime: NOW - 24 * HOUR,
    endTime: null,
    reward: { kind: 'fixed', amount: 8.88, percent: null, cap: null, tickets: null, points: null, streak: null },
    minDeposit: null,
    wagering: { multiplier: 1, includesDeposit: false, withinDays: null, remaining: null },
    claimWindowHours: null,
    requirements: [],
    missingRequirements: [],
    bonus: null,
    claimDeadline: null,
    repeat: 'once',
    tickets: null,
    points: null,
    streakDay: null,
    progress: null,
    rejectReason: null,
    vipLevels: null,
    ...overrides,
  };
}

const signIn = (overrides: Partial<PromotionEntry> = {}) =>
  promotion({
    id: 20,
    category: 'daily',
    title: 'Daily Sign-in: up to $8 a day',
    trigger: 'sign_in',
    repeat: 'daily',
    state: 'claim',
    reward: { kind: 'streak', amount: null, percent: null, cap: null, tickets: null, points: null, streak: STREAK },
    streakDay: 1,
    bonus: 0.5,
    claimDeadline: NOW + 12 * HOUR,
    ...overrides,
  });

const rescue = (overrides: Partial<PromotionEntry> = {}) =>
  promotion({
    id: 30,
    category: 'special_offer',
    title: "Rescue Fund: 10% of yesterday's losses",
    trigger: 'net_loss',
    repeat: 'daily',
    state: 'joined',
    reward: { kind: 'percent', amount: null, percent: 10, cap: 500, tickets: null, points: null, streak: null },
    progress: { amount: 20, target: 50 },
    ...overrides,
  });

const dailyWager = (overrides: Partial<PromotionEntry> = {}) =>
  promotion({
    id: 31,
    category: 'daily',
    title: 'Bet $1,000 today, get $8',
    trigger: 'bet_volume',
    repeat: 'daily',
    state: 'joined',
    reward: { kind: 'fixed', amount: 8, percent: null, cap: null, tickets: null, points: null, streak: null },
    progress: { amount: 250, target: 1000 },
    ...overrides,
  });

const claimed = (entry: PromotionEntry, bonus: number): PromotionClaimed => ({ promotion: entry, bonus, balance: 100 + bonus });

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn();
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

async function renderPage(answers: StubAnswers, tab?: RegExp) {
  const stub = stubApi(answers);
  const openPage = jest.fn();
  renderWithProviders(<RewardCenterPage openPage={openPage} />);
  await settle();
  if (tab) await click(screen.getByRole('tab', { name: tab }));
  return { ...stub, openPage };
}

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
}

const dayTexts = () => screen.getAllByTestId('sign-in-day').map((day) => [day.getAttribute('data-status'), day.textContent]);

describe('the daily sign-in', () => {
  it("shows the streak's calendar: the days signed in this round, today's Sign in and the days to come, with the rule", async () => {
    await renderPage({ promotionList: { list: [promotion(), signIn({ streakDay: 3, bonus: 1.5 })] } });
    const card = screen.getByTestId('sign-in');
    expect(within(card).getByRole('heading').textContent).toBe('Daily Sign-in: up to $8 a day');
    expect(dayTexts()).toEqual([
      ['done', 'Day 1৳0.50Signed in'],
      ['done', 'Day 2৳1.00Signed in'],
      ['today', 'Day 3৳1.50Today'],
      ['upcoming', 'Day 4৳2.00To come'],
      ['upcoming', 'Day 5৳3.00To come'],
      ['upcoming', 'Day 6৳5.00To come'],
      ['upcoming', 'Day 7৳8.00To come'],
    ]);
    expect(screen.getAllByTestId('sign-in-day')[2].getAttribute('aria-current')).toBe('date');
    expect(within(card).getByTestId('sign-in-streak').textContent).toBe('Streak day 3');
    expect(card.textContent).toContain('after day 7 the streak goes round again. Miss a day and the streak starts over.');
    expect(within(card).getByTestId('sign-in-button').textContent).toBe('Sign in');
    expect(within(card).queryByTestId('sign-in-done')).toBeNull();
  });

  it('signs in once for a double press: the day paid shows, the balance is loaded again and today reads as signed in', async () => {
    const { commands } = recordCommands('refreshBalance');
    let lists = 0;
    let answer: (value: PromotionClaimed) => void = () => undefined;
    const after = signIn({ state: 'process', streakDay: 1, bonus: 0.5, claimDeadline: null, wagering: { multiplier: 1, includesDeposit: false, withinDays: 7, remaining: 0.5 } });
    const { callsOf } = await renderPage({
      promotionList: () => ({ list: [++lists === 1 ? signIn() : after] }),
      promotionClaim: () => new Promise<PromotionClaimed>((resolve) => (answer = resolve)),
    });
    const button = screen.getByTestId('sign-in-button');
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    expect(callsOf('promotionClaim')).toEqual([{ data: { promotionId: 20 } }]);
    await act(async () => answer(claimed(after, 0.5)));
    await settle();
    expect(screen.getByTestId('task-success').textContent).toBe('Signed in: day 1 paid ৳0.50 into your wallet.');
    expect(commands).toEqual([{ type: 'refreshBalance' }]);
    expect(screen.queryByTestId('sign-in-button')).toBeNull();
    expect(screen.getByTestId('sign-in-done').textContent).toBe('Signed in today. Come back tomorrow for the next day.');
    expect(dayTexts()[0]).toEqual(['today', 'Day 1৳0.50Signed in']);
    expect(dayTexts()[1]).toEqual(['upcoming', 'Day 2৳1.00To come']);
  });

  it("shows the server's refusal of a second sign-in, and reads the day again (signed in elsewhere meanwhile)", async () => {
    const { commands } = recordCommands('refreshBalance');
    let lists = 0;
    const { callsOf } = await renderPage({
      promotionList: () => ({ list: [++lists === 1 ? signIn({ streakDay: 2, bonus: 1 }) : signIn({ state: 'claimed', streakDay: 2, bonus: 1, claimDeadline: null })] }),
      promotionClaim: apiFailure('promotion.already.claimed', 'You have already claimed this promotion', null, 409),
    });
    await click(screen.getByTestId('sign-in-button'));
    expect(callsOf('promotionClaim')).toHaveLength(1);
    expect(screen.getByTestId('task-refusal').textContent).toBe('You have already claimed this promotion');
    expect(commands).toEqual([]);
    expect(callsOf('promotionList')).toHaveLength(2);
    expect(screen.getByTestId('sign-in-done')).toBeTruthy();
    expect(dayTexts().slice(0, 3).map(([status]) => status)).toEqual(['done', 'today', 'upcoming']);
  });

  it('goes round again after the last day: streak day 9 of a 7-day streak is day 2 of the round', async () => {
    await renderPage({ promotionList: { list: [signIn({ streakDay: 9, bonus: 1 })] } });
    expect(dayTexts().map(([status]) => status)).toEqual(['done', 'today', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(screen.getByTestId('sign-in-streak').textContent).toBe('Streak day 9');
  });

  it('has no Sign in before the promotion starts, and nothing for an ended one', async () => {
    await renderPage({ promotionList: { list: [signIn({ id: 21, state: 'comingSoon', streakDay: 1 }), signIn({ id: 22, title: 'Old', state: 'close', closeReason: 'ended' })] } });
    const cards = screen.getAllByTestId('sign-in');
    expect(cards).toHaveLength(1);
    expect(within(cards[0]).queryByTestId('sign-in-button')).toBeNull();
    expect(within(cards[0]).getByTestId('sign-in-closed').textContent).toBe('Coming soon');
    expect(dayTexts().every(([status]) => status === 'upcoming')).toBe(true);
  });

  it('says when the promotions cannot be loaded, and loads them again on Retry', async () => {
    let calls = 0;
    await renderPage({ promotionList: () => (++calls === 1 ? apiFailure('system.busy', 'The system is busy') : { list: [signIn()] }) });
    const error = screen.getByTestId('sign-in-error');
    expect(error.textContent).toContain('Your promotions could not be loaded');
    await click(within(error).getByRole('button', { name: 'Retry' }));
    expect(screen.getByTestId('sign-in-button')).toBeTruthy();
  });
});

describe('the new-player tasks', () => {
  const list = () => [
    promotion({
      id: 1,
      title: 'Sign-up Bonus $8.88',
      trigger: 'registration',
      state: 'claim',
      bonus: 8.88,
      claimDeadline: NOW + 5 * HOUR,
      requirements: ['mobile_verified', 'real_name'],
      missingRequirements: ['mobile_verified'],
    }),
    promotion({
      id: 2,
      title: 'Welcome Bonus 100% up to $500',
      trigger: 'first_deposit',
      state: 'join',
      minDeposit: 20,
      reward: { kind: 'percent', amount: null, percent: 100, cap: 500, tickets: null, points: null, streak: null },
      requirements: ['bank_card'],
      missingRequirements: ['bank_card'],
    }),
    promotion({ id: 3, title: 'Starter pack', category: 'new_player', trigger: 'deposit', state: 'process', bonus: 20, wagering: { multiplier: 3, includesDeposit: false, withinDays: 14, remaining: 41.5 } }),
    promotion({ id: 4, title: 'First spin', category: 'new_player', trigger: 'registration', state: 'claimed', bonus: 1 }),
    // Not new-player promotions: not listed here.
    signIn(),
    rescue(),
  ];

  it('lists what is still to do, with the page that does it, then each new-player reward with its state and action', async () => {
    jest.useFakeTimers({ now: NOW });
    const { openPage } = await renderPage({ promotionList: { list: list() } }, /New player tasks/);
    const requirements = screen.getAllByTestId('newbie-requirement');
    expect(requirements.map((row) => [row.getAttribute('data-requirement'), row.getAttribute('data-done'), row.textContent])).toEqual([
      ['mobile_verified', null, 'Verify your mobile numberGo to My Account'],
      ['bank_card', null, 'Bind a bank cardGo to Withdraw'],
      ['real_name', 'true', 'Real name addedDone'],
    ]);
    await click(within(requirements[0]).getByTestId('newbie-requirement-go'));
    await click(within(requirements[1]).getByTestId('newbie-requirement-go'));
    expect(openPage.mock.calls).toEqual([['securityCenter'], ['withdraw']]);

    const tasks = screen.getAllByTestId('newbie-task');
    expect(tasks.map((task) => [within(task).getByText(/Sign-up|Welcome|Starter|First spin/).textContent, within(task).getByTestId('task-state').textContent])).toEqual([
      ['Sign-up Bonus $8.88', 'Ready to claim'],
      ['Welcome Bonus 100% up to $500', 'Open to join'],
      ['Starter pack', 'In progress'],
      ['First spin', 'Claimed'],
    ]);
    // The sign-up bonus waits for the mobile number: its Claim is off until then.
    expect(within(tasks[0]).getByTestId('newbie-bonus').textContent).toBe('Bonus: ৳8.88');
    expect(within(tasks[0]).getByTestId('reward-countdown').textContent).toBe('Claim within 05:00:00');
    expect(within(tasks[0]).getByTestId('newbie-claim').hasAttribute('disabled')).toBe(true);
    expect(tasks[0].textContent).toContain('Complete the tasks under “To do first” to claim this bonus.');
    expect(tasks[1].textContent).toContain('Reward: 100% of your deposit, up to ৳500.00');
    expect(tasks[1].textContent).toContain('Minimum deposit: ৳20.00');
    expect(within(tasks[1]).getByTestId('newbie-join')).toBeTruthy();
    expect(within(tasks[2]).getByTestId('newbie-wagering').textContent).toBe('Still to wager before you can withdraw: ৳41.50');
    expect(tasks.map((task) => task.getAttribute('data-done'))).toEqual([null, null, 'true', 'true']);
  });

  it('joins the welcome bonus, then offers the deposit page', async () => {
    let lists = 0;
    const joined = promotion({ id: 2, title: 'Welcome', trigger: 'first_deposit', state: 'joined', minDeposit: 20 });
    const { callsOf, openPage } = await renderPage(
      {
        promotionList: () => ({ list: [lists++ < 2 ? promotion({ id: 2, title: 'Welcome', trigger: 'first_deposit', state: 'join', minDeposit: 20 }) : joined] }),
        promotionJoin: joined,
      },
      /New player tasks/,
    );
    await click(screen.getByTestId('newbie-join'));
    expect(callsOf('promotionJoin')).toEqual([{ data: { promotionId: 2 } }]);
    expect(screen.getByTestId('task-success').textContent).toBe('You have joined. Make a qualifying deposit to receive the bonus.');
    expect(screen.getByTestId('task-state').textContent).toBe('Joined');
    await click(screen.getByTestId('newbie-deposit'));
    expect(openPage).toHaveBeenCalledWith('depositv2');
  });

  it("claims a bonus with nothing missing and loads the balance again; a refusal shows the server's words", async () => {
    const { commands } = recordCommands('refreshBalance');
    const ready = promotion({ id: 1, title: 'Sign-up', trigger: 'registration', state: 'claim', bonus: 8.88 });
    let claims = 0;
    const { callsOf } = await renderPage(
      {
        promotionList: { list: [ready] },
        promotionClaim: () => (++claims === 1 ? claimed({ ...ready, state: 'process' }, 8.88) : apiFailure('promotion.linked.account', 'This promotion can be received once per person, and it has already been received', null, 409)),
      },
      /New player tasks/,
    );
    await click(screen.getByTestId('newbie-claim'));
    expect(callsOf('promotionClaim')).toEqual([{ data: { promotionId: 1 } }]);
    expect(screen.getByTestId('task-success').textContent).toBe('You received ৳8.88.');
    expect(commands).toEqual([{ type: 'refreshBalance' }]);
    await click(screen.getByTestId('newbie-claim'));
    expect(screen.getByTestId('task-refusal').textContent).toBe('This promotion can be received once per person, and it has already been received');
    expect(commands).toHaveLength(1);
  });

  it('says when there are no new-player rewards', async () => {
    await renderPage({ promotionList: { list: [signIn(), rescue()] } }, /New player tasks/);
    expect(screen.getByText('There are no new-player rewards right now')).toBeTruthy();
  });
});

describe('the rescue and the day’s bets', () => {
  it("shows yesterday's loss under the minimum (nothing to claim today) and today's stake as a bar with what is still to bet", async () => {
    await renderPage({ promotionList: { list: [promotion(), signIn(), rescue(), dailyWager()] } }, /Rescue/);
    const rescueCard = screen.getByTestId('rescue');
    expect(within(rescueCard).getByTestId('task-progress').textContent).toBe("Yesterday's loss: ৳20.00 (a rescue needs at least ৳50.00)");
    expect(within(rescueCard).getByTestId('task-progress-bar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(rescueCard).getByTestId('task-nothing').textContent).toBe('Nothing to claim today.');
    expect(rescueCard.textContent).toContain("Reward: 10% of yesterday's loss, up to ৳500.00");
    expect(within(rescueCard).queryByTestId('task-claim')).toBeNull();

    const bets = screen.getByTestId('bet-volume');
    expect(within(bets).getByTestId('task-progress').textContent).toBe('Staked today: ৳250.00 of ৳1,000.00');
    expect(within(bets).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(within(bets).getByTestId('task-nothing').textContent).toBe('Bet ৳750.00 more today to earn the reward.');
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(["Rescue of yesterday's losses", "Today's bets"]);
  });

  it('offers the rescue bonus until the end of the day, claims it once for a double press and loads the balance again', async () => {
    jest.useFakeTimers({ now: NOW });
    const { commands } = recordCommands('refreshBalance');
    let lists = 0;
    let answer: (value: PromotionClaimed) => void = () => undefined;
    const due = rescue({ state: 'claim', progress: { amount: 300, target: 50 }, bonus: 30, claimDeadline: NOW + 5 * HOUR });
    const paid = rescue({ state: 'process', progress: { amount: 300, target: 50 }, bonus: 30 });
    const { callsOf } = await renderPage(
      {
        promotionList: () => ({ list: [lists++ < 2 ? due : paid] }),
        promotionClaim: () => new Promise<PromotionClaimed>((resolve) => (answer = resolve)),
      },
      /Rescue/,
    );
    const card = screen.getByTestId('rescue');
    expect(within(card).getByTestId('task-bonus').textContent).toBe('Bonus: ৳30.00');
    expect(within(card).getByTestId('reward-countdown').textContent).toBe('Claim within 05:00:00');
    expect(within(card).getByTestId('task-progress-bar').getAttribute('aria-valuenow')).toBe('100');
    const button = within(card).getByTestId('task-claim');
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    expect(callsOf('promotionClaim')).toEqual([{ data: { promotionId: 30 } }]);
    await act(async () => answer(claimed(paid, 30)));
    await settle();
    expect(screen.getByTestId('task-success').textContent).toBe('You received ৳30.00.');
    expect(commands).toEqual([{ type: 'refreshBalance' }]);
    expect(screen.getByTestId('task-claimed').textContent).toBe('Claimed today: ৳30.00');
    expect(screen.queryByTestId('task-claim')).toBeNull();
  });

  it('offers the day’s bet reward once the stake reached the target', async () => {
    await renderPage({ promotionList: { list: [dailyWager({ state: 'claim', progress: { amount: 1200, target: 1000 }, bonus: 8, claimDeadline: NOW + HOUR })] } }, /Rescue/);
    const bets = screen.getByTestId('bet-volume');
    expect(within(bets).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(within(bets).getByTestId('task-bonus').textContent).toBe('Bonus: ৳8.00');
    expect(within(bets).getByTestId('task-claim')).toBeTruthy();
    expect(screen.queryByTestId('rescue')).toBeNull();
  });

  it('says when there is neither', async () => {
    await renderPage({ promotionList: { list: [promotion(), rescue({ state: 'close', closeReason: 'ended' })] } }, /Rescue/);
    expect(screen.getByText('There is no rescue or daily bet reward right now')).toBeTruthy();
  });
});

describe('the promo code’s prize-wheel tickets', () => {
  it('says the tickets a code gave, and opens the wheel', async () => {
    const spins = promotion({ id: 40, title: 'Promo Code: 3 Free Spins', category: 'special_offer', trigger: 'promo_code', state: 'claimed', tickets: 3 });
    await renderPage(
      {
        promotionList: { list: [] },
        claimPromoCode: claimed(spins, 0),
        prizeWheelTickets: {
          wheel: { wheelId: 1, name: 'Lucky Wheel', segments: [{ index: 0, label: '1', kind: 'cash', amount: 1, weight: 1, percent: 100 }] },
          tickets: [1, 2, 3].map((ticketId) => ({ ticketId, source: 'promotion:1', createdAt: NOW })),
          available: 3,
          serverSeedHash: 'a'.repeat(64),
          nonce: 0,
        },
      },
      /^Promotions$/,
    );
    await act(async () => {
      fireEvent.change(screen.getByTestId('promo-code-input'), { target: { value: 'SPIN2026' } });
    });
    await click(screen.getByTestId('promo-code-apply'));
    expect(screen.getByTestId('promo-code-success').textContent).toBe('Promo code applied: you received 3 prize-wheel tickets');
    await click(screen.getByTestId('promo-code-to-wheel'));
    expect(screen.getByRole('tab', { name: 'Prize wheel' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('wheel-tickets').textContent).toBe('You have 3 tickets to spin');
  });
});
