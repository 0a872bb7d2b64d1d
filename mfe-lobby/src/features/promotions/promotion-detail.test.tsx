import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDateTime, Route, Routes } from '@platform/shared';
import type { PromotionState } from '@platform/contract';
import { apiFailure, currentLocation, logIn, recordCommands, renderWithProviders, resetTestState, settle, setStatus, stubApi, type StubAnswers } from '@platform/shared/testing';
import PromotionsPage from './promotions-page';
import { claimed, detail, HOUR, NOW, promotion, reward } from './test-fixtures';

// A promotion's page with the network edge stubbed: what it shows, the button of each state, join
// and claim (the rows, the answers shown, one request at a time, refusals), a visitor's login, and
// an id the server does not know.

beforeEach(async () => {
  await resetTestState();
  setStatus();
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

async function renderDetail(answers: StubAnswers, route = '/promotions/7') {
  const stub = stubApi(answers);
  renderWithProviders(
    <Routes>
      <Route path="/promotions" element={<PromotionsPage />} />
      <Route path="/promotions/:id" element={<PromotionsPage />} />
      <Route path="/promoDetail" element={<PromotionsPage />} />
    </Routes>,
    { route },
  );
  await settle();
  return stub;
}

const action = () => screen.queryByTestId('promo-action') as HTMLButtonElement | null;
const press = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
};
/** The promotion each detail call asked for. */
const detailPaths = (call: ReturnType<typeof stubApi>['call']) =>
  call.mock.calls.filter(([row]) => row.name === 'promotionDetail').map(([, options]) => (options as { params?: { promotionId?: string } } | undefined)?.params?.promotionId);

describe("a promotion's page", () => {
  it('shows the picture, title, reward, schedule, minimum deposit, wagering, claim window and the sanitized terms', async () => {
    const entry = promotion({ id: 7, wagering: { multiplier: 10, includesDeposit: true, withinDays: 7, remaining: null } });
    const { call } = await renderDetail({
      promotionDetail: detail(entry, '<p>Deposit <b>once</b>.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>'),
    });
    expect(detailPaths(call)).toEqual(['7']);

    const page = screen.getByTestId('promo-detail');
    expect(within(page).getByRole('heading', { name: 'Welcome bonus' })).toBeTruthy();
    expect(page.querySelector('img')?.getAttribute('src')).toBe('https://img.example.com/promotions/welcome.png');
    expect(screen.getByTestId('promo-reward').textContent).toBe('100% up to ৳500.00');
    expect(screen.getByTestId('promo-schedule').textContent).toBe(`Schedule${formatDateTime(entry.startTime)} – ${formatDateTime(entry.endTime)}`);
    expect(screen.getByTestId('promo-min-deposit').textContent).toBe('Minimum deposit৳100.00');
    expect(screen.getByTestId('promo-wagering').textContent).toBe('WageringWager 10× the bonus + deposit within 7 days before withdrawing');
    expect(screen.getByTestId('promo-claim-window').textContent).toBe('Claim window72 hours after qualifying');

    const terms = await screen.findByTestId('promo-terms');
    expect(terms.textContent).toBe('Deposit once.');
    expect(terms.querySelector('script')).toBeNull();
    expect(terms.querySelector('[onerror]')).toBeNull();
  });

  it('says who it is for among its terms when it is for some VIP levels only, and nothing of it when it is for every member', async () => {
    await renderDetail({ promotionDetail: detail(promotion({ id: 7, category: 'vip', vipLevels: [3, 4, 5] })) });
    expect(screen.getByTestId('promo-audience').textContent).toBe('Who can joinVIP levels 3, 4, 5');
    cleanup();
    jest.restoreAllMocks();
    await renderDetail({ promotionDetail: detail(promotion({ id: 7, category: 'vip', vipLevels: [3] })) });
    expect(screen.getByTestId('promo-audience').textContent).toBe('Who can joinVIP level 3 members');
    cleanup();
    jest.restoreAllMocks();
    await renderDetail({ promotionDetail: detail(promotion({ id: 7 })) });
    expect(screen.queryByTestId('promo-audience')).toBeNull();
  });

  it('says why it is closed to a member of another VIP level, among the levels it names as its audience', async () => {
    await renderDetail({ promotionDetail: detail(promotion({ id: 7, state: 'close', closeReason: 'vip_level', vipLevels: [4, 5] })) });
    expect(screen.getByTestId('promo-close-reason').textContent).toBe('This promotion is for VIP levels 4, 5.');
    expect(screen.getByTestId('promo-audience').textContent).toBe('Who can joinVIP levels 4, 5');
    expect(action()?.disabled).toBe(true);
  });

  it('words the wagering of the bonus alone, one day', async () => {
    await renderDetail({ promotionDetail: detail(promotion({ id: 7, wagering: { multiplier: 1, includesDeposit: false, withinDays: 1, remaining: null } })) });
    expect(screen.getByTestId('promo-wagering').textContent).toBe('WageringWager 1× the bonus within 1 day before withdrawing');
  });

  it('lists the requirements, the missing ones highlighted with what to do and a way to the security centre', async () => {
    logIn();
    const { commands } = recordCommands('openMemberCenter', 'openLogin');
    await renderDetail({
      promotionDetail: detail(promotion({ id: 7, requirements: ['mobile_verified', 'bank_card', 'real_name'], missingRequirements: ['bank_card'] })),
    });
    const requirements = screen.getAllByTestId('promo-requirement');
    expect(requirements.map((item) => [item.getAttribute('data-requirement'), item.getAttribute('data-missing')])).toEqual([
      ['mobile_verified', 'false'],
      ['bank_card', 'true'],
      ['real_name', 'false'],
    ]);
    const missing = requirements[1];
    expect(missing.className).toContain('requirementMissing');
    expect(within(missing).getByText('Bind a bank card in My Account.')).toBeTruthy();
    expect(within(requirements[0]).queryByTestId('promo-requirement-fix')).toBeNull();

    fireEvent.click(within(missing).getByTestId('promo-requirement-fix'));
    expect(commands).toEqual([{ type: 'openMemberCenter', page: 'securityCenter' }]);
  });

  it('has the button of its state: Join, Claim and Apply act, the other states are a disabled button saying the state (Applying: under review), none has no button', async () => {
    const expected: [PromotionState, string | null, boolean][] = [
      ['join', 'Join', true],
      ['claim', 'Claim', true],
      ['apply', 'Apply', true],
      ['applying', 'Under review', false],
      ['rejected', 'Rejected', false],
      ['issued', 'Issued', false],
      ['joined', 'Joined', false],
      ['process', 'In progress', false],
      ['claimed', 'Claimed', false],
      ['close', 'Closed', false],
      ['comingSoon', 'Coming soon', false],
      ['none', null, false],
    ];
    const seen: [PromotionState, string | null, boolean][] = [];
    for (const [state] of expected) {
      stubApi({ promotionDetail: detail(promotion({ id: 7, state, bonus: state === 'claim' ? 20 : null, claimDeadline: state === 'claim' ? NOW + HOUR : null })) });
      renderWithProviders(<PromotionsPage />, { route: '/promoDetail?id=7' });
      await settle();
      const button = action();
      seen.push([state, button?.textContent ?? null, button ? !button.disabled : false]);
      cleanup();
      jest.restoreAllMocks();
    }
    expect(seen).toEqual(expected);
  });

  it('joins with { promotionId } and shows the promotion as the answer has it', async () => {
    logIn();
    const { callsOf } = await renderDetail({
      promotionDetail: detail(promotion({ id: 7, state: 'join' })),
      promotionJoin: promotion({ id: 7, state: 'joined' }),
    });
    await press(action() as HTMLElement);
    expect(callsOf('promotionJoin').map((options) => options?.data)).toEqual([{ promotionId: 7 }]);
    expect(action()?.textContent).toBe('Joined');
    expect(action()?.disabled).toBe(true);
    expect(screen.getByTestId('promo-state').textContent).toBe('Joined');
    expect(screen.getByText('You have joined. Deposit at least ৳100.00 to receive the bonus.')).toBeTruthy();
  });

  it('claims with { promotionId }: a toast with the bonus, the balance refreshed, the promotion as the answer has it', async () => {
    logIn();
    const { commands } = recordCommands('toast', 'refreshBalance');
    const { callsOf } = await renderDetail({
      promotionDetail: detail(promotion({ id: 7, state: 'claim', bonus: 500, claimDeadline: NOW + HOUR })),
      promotionClaim: claimed(promotion({ id: 7, state: 'process', bonus: 500, wagering: { multiplier: 10, includesDeposit: false, withinDays: 7, remaining: 4999.99 } }), 500),
    });
    expect(screen.getByTestId('promo-bonus').textContent).toBe('Your bonus: ৳500.00');
    await press(action() as HTMLElement);

    expect(callsOf('promotionClaim').map((options) => options?.data)).toEqual([{ promotionId: 7 }]);
    expect(commands).toEqual([
      { type: 'toast', level: 'success', message: 'Bonus claimed: ৳500.00' },
      { type: 'refreshBalance' },
    ]);
    expect(action()?.textContent).toBe('In progress');
    expect(screen.getByTestId('promo-wagering-remaining').textContent).toBe('Still to wager before you can withdraw: ৳4,999.99');
  });

  it("shows a refusal's message under the button, and no success", async () => {
    logIn();
    const { commands } = recordCommands('toast', 'refreshBalance', 'logout');
    await renderDetail({
      promotionDetail: detail(promotion({ id: 7, state: 'claim', bonus: 20, claimDeadline: NOW + HOUR })),
      promotionClaim: apiFailure('promotion.not.claimable', 'This bonus cannot be claimed now', 'joined', 409),
    });
    await press(action() as HTMLElement);
    expect(screen.getByTestId('promo-refusal').textContent).toBe('This bonus cannot be claimed now');
    expect(action()?.textContent).toBe('Claim');
    expect(action()?.disabled).toBe(false);
    expect(commands).toEqual([]);
  });

  it('names the missing requirements of a refused claim as the Requirements list does', async () => {
    logIn();
    await renderDetail({
      promotionDetail: detail(promotion({ id: 7, state: 'claim', bonus: 20, claimDeadline: NOW + HOUR })),
      promotionClaim: apiFailure('prom_claim_req_field', 'Complete your account before claiming: required.bank_card, required.mobile_no_verified', {
        data: ['required.bank_card', 'required.mobile_no_verified'],
      }),
    });
    await press(action() as HTMLElement);
    expect(screen.getByTestId('promo-refusal').textContent).toBe('Complete your account first: Verified mobile number, Bank card bound');
  });

  it('sends one claim for a double press (the button is busy until the answer)', async () => {
    logIn();
    let answer: (value: ReturnType<typeof claimed>) => void = () => undefined;
    const { callsOf } = await renderDetail({
      promotionDetail: detail(promotion({ id: 7, state: 'claim', bonus: 20, claimDeadline: NOW + HOUR })),
      promotionClaim: () => new Promise((resolve) => (answer = resolve)),
    });
    const button = action() as HTMLButtonElement;
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await settle();
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(callsOf('promotionClaim')).toHaveLength(1);

    await act(async () => answer(claimed(promotion({ id: 7, state: 'claimed', bonus: 20 }), 20)));
    await settle();
    expect(action()?.textContent).toBe('Claimed');
    expect(callsOf('promotionClaim')).toHaveLength(1);
  });

  it('a visitor pressing Join gets the login popup, and nothing is sent', async () => {
    const { commands } = recordCommands('openLogin');
    const { callsOf } = await renderDetail({ promotionDetail: detail(promotion({ id: 7, state: 'join' })), promotionJoin: promotion({ id: 7, state: 'joined' }) });
    await press(action() as HTMLElement);
    expect(commands).toEqual([{ type: 'openLogin', tab: 'login' }]);
    expect(callsOf('promotionJoin')).toEqual([]);
    expect(screen.queryByTestId('promo-refusal')).toBeNull();
  });

  it('an id the server does not know: not found, with the way back to the list', async () => {
    const { callsOf } = await renderDetail({ promotionDetail: apiFailure('promotion.not.found', 'Not found', null, 404) }, '/promotions/99');
    expect(callsOf('promotionDetail')).toHaveLength(1);
    expect(screen.getByText('Promotion not found')).toBeTruthy();
    await press(screen.getByTestId('promo-not-found-back'));
    expect(currentLocation()).toBe('/promotions');
  });

  it('an address naming no possible id is not found without asking', async () => {
    const { callsOf } = await renderDetail({}, '/promoDetail?id=abc');
    expect(screen.getByText('Promotion not found')).toBeTruthy();
    expect(callsOf('promotionDetail')).toEqual([]);
  });

  it('any other failure: the error with Retry', async () => {
    let failing = true;
    await renderDetail({ promotionDetail: () => (failing ? apiFailure('server.busy', 'The server is busy', null, 503) : detail(promotion({ id: 7 }))) });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('This promotion could not be loaded')).toBeTruthy();
    failing = false;
    await press(within(alert).getByRole('button', { name: 'Retry' }));
    expect(screen.getByTestId('promo-detail')).toBeTruthy();
  });
});

describe('the states the promotion engine added', () => {
  it('the daily sign-in: "Sign in" claims, "Day 3 of 7" with the seven amounts and today highlighted, every day and what resets', async () => {
    logIn();
    const { commands } = recordCommands('toast', 'refreshBalance');
    const streak = [1, 2, 3, 4, 5, 6, 8.88];
    const signIn = promotion({
      id: 7,
      title: 'Daily sign-in',
      category: 'daily',
      trigger: 'sign_in',
      repeat: 'daily',
      state: 'claim',
      reward: reward({ kind: 'streak', streak }),
      bonus: 3,
      streakDay: 3,
      claimDeadline: NOW + HOUR,
      minDeposit: null,
      claimWindowHours: null,
    });
    const { callsOf } = await renderDetail({
      promotionDetail: detail(signIn),
      promotionClaim: claimed({ ...signIn, state: 'claimed', claimDeadline: null }, 3, 103),
    });
    expect(screen.getByTestId('promo-state').textContent).toBe('Sign in');
    expect(action()?.textContent).toBe('Sign in');
    expect(screen.getByTestId('promo-reward').textContent).toBe('৳1.00 to ৳8.88 a day');
    expect(screen.getByTestId('promo-streak-day').textContent).toBe('Day 3 of 7');
    const days = screen.getAllByTestId('promo-streak-amount');
    expect(days.map((day) => day.textContent)).toEqual([
      'Day 1৳1.00',
      'Day 2৳2.00',
      'Day 3৳3.00 (today)',
      'Day 4৳4.00',
      'Day 5৳5.00',
      'Day 6৳6.00',
      'Day 7৳8.88',
    ]);
    expect(days.map((day) => day.getAttribute('aria-current'))).toEqual([null, null, 'date', null, null, null, null]);
    expect(days[2].className).toContain('streakToday');
    expect(screen.getByTestId('promo-daily').textContent).toBe('Every day');
    expect(screen.getByTestId('promo-repeat').textContent).toBe('RepeatsEvery daySign in every day to keep your streak: a missed day starts again at day 1.');

    await press(action() as HTMLElement);
    expect(callsOf('promotionClaim').map((options) => options?.data)).toEqual([{ promotionId: 7 }]);
    expect(commands).toEqual([
      { type: 'toast', level: 'success', message: 'Signed in: day 3, ৳3.00 received' },
      { type: 'refreshBalance' },
    ]);
    expect(action()?.textContent).toBe('Claimed');
    expect(screen.getAllByTestId('promo-streak-amount')[2].className).toContain('streakDone');
  });

  it('a streak past its last day starts the round again (day 8 of a 7-day streak is day 1)', async () => {
    await renderDetail({
      promotionDetail: detail(promotion({ id: 7, trigger: 'sign_in', repeat: 'daily', state: 'claim', reward: reward({ kind: 'streak', streak: [1, 2, 3, 4, 5, 6, 7] }), streakDay: 8 })),
    });
    expect(screen.getByTestId('promo-streak-day').textContent).toBe('Day 1 of 7');
  });

  it("bet volume, joined: today's stake against the target as a bar, what earns the reward, and what resets each day", async () => {
    await renderDetail({
      promotionDetail: detail(
        promotion({ id: 7, trigger: 'bet_volume', repeat: 'daily', state: 'joined', reward: reward({ amount: 8 }), minDeposit: null, progress: { amount: 250.5, target: 1000 } }),
      ),
    });
    expect(screen.getByTestId('promo-state').textContent).toBe('Joined');
    expect(screen.getByTestId('promo-progress-text').textContent).toBe('৳250.50 of ৳1,000.00');
    const bar = screen.getByRole('progressbar', { name: 'Bets today' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByTestId('promo-joined-hint').textContent).toBe('Bet ৳1,000.00 in total today to earn the reward. ');
    // Not a deposit promotion: no way to the deposit page.
    expect(screen.queryByTestId('promo-deposit')).toBeNull();
    expect(screen.getByTestId('promo-repeat').textContent).toBe("RepeatsEvery dayEach day's bets count from zero.");
  });

  it("rescue, joined: yesterday's loss below the minimum, and the reward as a share of the loss", async () => {
    await renderDetail({
      promotionDetail: detail(
        promotion({
          id: 7,
          trigger: 'net_loss',
          repeat: 'daily',
          state: 'joined',
          reward: reward({ kind: 'percent', percent: 10, cap: 500 }),
          minDeposit: null,
          progress: { amount: 40, target: 100 },
        }),
      ),
    });
    expect(screen.getByTestId('promo-reward').textContent).toBe("10% of yesterday's loss, up to ৳500.00");
    expect(screen.getByRole('progressbar', { name: "Yesterday's loss" }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByTestId('promo-joined-hint').textContent).toBe('A day with a loss of at least ৳100.00 earns a share of it back the next day. ');
  });

  it("a daily reload waits for the day's first deposit, with the way to the deposit page", async () => {
    logIn();
    const { commands } = recordCommands('openMemberCenter');
    await renderDetail({ promotionDetail: detail(promotion({ id: 7, trigger: 'deposit', repeat: 'daily', state: 'joined', minDeposit: 50 })) });
    expect(screen.getByTestId('promo-joined-hint').textContent).toBe("Make today's first deposit of at least ৳50.00 to receive today's bonus. Deposit");
    expect(screen.queryByTestId('promo-progress')).toBeNull();
    fireEvent.click(screen.getByTestId('promo-deposit'));
    expect(commands).toEqual([{ type: 'openMemberCenter', page: 'depositv2' }]);
  });

  it('tickets: "3 spins of the prize wheel", and once claimed the way to the Reward Centre', async () => {
    logIn();
    const { commands } = recordCommands('toast', 'refreshBalance', 'openMemberCenter');
    const spins = promotion({ id: 7, trigger: 'registration', state: 'claim', reward: reward({ kind: 'tickets', tickets: 3 }), tickets: 3, claimDeadline: NOW + HOUR });
    await renderDetail({ promotionDetail: detail(spins), promotionClaim: claimed({ ...spins, state: 'claimed', claimDeadline: null }, 0, 100) });
    expect(screen.getByTestId('promo-reward').textContent).toBe('3 spins of the prize wheel');
    expect(screen.getByTestId('promo-tickets').textContent).toBe('Your reward: 3 spins of the prize wheel');
    expect(screen.queryByTestId('promo-reward-center')).toBeNull();

    await press(action() as HTMLElement);
    expect(commands[0]).toEqual({ type: 'toast', level: 'success', message: 'Received: 3 spins of the prize wheel' });
    expect(screen.getByTestId('promo-tickets-hint').textContent).toContain('Your prize wheel spins are waiting in the Reward Centre.');
    fireEvent.click(screen.getByTestId('promo-reward-center'));
    expect(commands.at(-1)).toEqual({ type: 'openMemberCenter', page: 'rewardCenter' });
  });

  it('rejected shows the reason; applying says it is under review; issued says it was received', async () => {
    await renderDetail({ promotionDetail: detail(promotion({ id: 7, trigger: 'application', state: 'rejected', rejectReason: 'The screenshot does not show the share.' })) });
    expect(screen.getByTestId('promo-state').textContent).toBe('Rejected');
    expect(screen.getByTestId('promo-reject-reason').textContent).toBe('Your application was rejected: The screenshot does not show the share.');
    cleanup();

    await renderDetail({ promotionDetail: detail(promotion({ id: 7, trigger: 'application', state: 'rejected', rejectReason: null })) });
    expect(screen.getByTestId('promo-reject-reason').textContent).toBe('Your application was rejected.');
    cleanup();

    await renderDetail({ promotionDetail: detail(promotion({ id: 7, trigger: 'application', state: 'applying' })) });
    expect(screen.getByTestId('promo-state').textContent).toBe('Applying');
    expect(action()?.textContent).toBe('Under review');
    expect(action()?.disabled).toBe(true);
    expect(screen.getByTestId('promo-applying-hint').textContent).toBe('Your application is under review. The result will show here.');
    cleanup();

    await renderDetail({ promotionDetail: detail(promotion({ id: 7, trigger: 'application', state: 'issued', reward: reward({ amount: 20 }), bonus: 20 })) });
    expect(screen.getByTestId('promo-state').textContent).toBe('Issued');
    expect(screen.getByTestId('promo-bonus').textContent).toBe('Your bonus: ৳20.00');
    expect(screen.getByTestId('promo-issued-hint').textContent).toBe('You have received this reward.');
    cleanup();

    // Issued by the operator, not received: a promotion to read.
    await renderDetail({ promotionDetail: detail(promotion({ id: 7, trigger: 'issued', state: 'none', reward: reward({ amount: 88 }) })) });
    expect(action()).toBeNull();
    expect(screen.getByTestId('promo-issued-hint').textContent).toContain('We give this reward to selected members');
  });
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const SHARE_AND_WIN = promotion({
  id: 7,
  title: 'Share & Win $20',
  category: 'special_offer',
  trigger: 'application',
  state: 'apply',
  reward: reward({ amount: 20 }),
  bonus: 20,
  minDeposit: null,
  claimWindowHours: null,
  wagering: { multiplier: 1, includesDeposit: false, withinDays: null, remaining: null },
});

const form = () => screen.queryByTestId('promo-apply-form');
const comment = () => screen.getByTestId('promo-apply-comment') as HTMLTextAreaElement;
const typeComment = (text: string) => fireEvent.change(comment(), { target: { value: text } });
const choose = async (...files: File[]) => {
  await act(async () => {
    fireEvent.change(screen.getByTestId('promo-apply-file'), { target: { files } });
  });
  await settle();
};
const submitForm = async () => {
  await act(async () => {
    fireEvent.submit(form() as HTMLElement);
  });
  await settle();
};
const thumbs = () => screen.queryAllByTestId('promo-apply-image');
const imageError = () => screen.queryByTestId('promo-apply-image-error')?.textContent ?? null;

async function openForm(answers: StubAnswers = {}) {
  logIn();
  const stub = await renderDetail({ promotionDetail: detail(SHARE_AND_WIN), ...answers });
  await press(action() as HTMLElement);
  expect(form()).toBeTruthy();
  return stub;
}

describe('the application form', () => {
  it('a visitor pressing Apply gets the login popup: no form, nothing sent', async () => {
    const { commands } = recordCommands('openLogin');
    const { callsOf } = await renderDetail({ promotionDetail: detail(SHARE_AND_WIN) });
    expect(screen.getByTestId('promo-state').textContent).toBe('Apply');
    await press(action() as HTMLElement);
    expect(commands).toEqual([{ type: 'openLogin', tab: 'login' }]);
    expect(form()).toBeNull();
    expect(callsOf('promotionApply')).toEqual([]);
  });

  it('counts the comment live in characters as the server does (trimmed, an emoji is one), and refuses more than 140 before sending', async () => {
    const { callsOf } = await openForm();
    const count = () => screen.getByTestId('promo-apply-count');
    expect(count().textContent).toBe('0/140');
    // No maxLength: the browser would count UTF-16 units and cut a comment of emoji short.
    expect(comment().hasAttribute('maxlength')).toBe(false);
    typeComment('  I shared it 🎉  ');
    expect(count().textContent).toBe('13/140');
    typeComment('😀'.repeat(140));
    expect(count().textContent).toBe('140/140');
    expect(count().getAttribute('data-over')).toBe('false');
    typeComment('a'.repeat(141));
    expect(count().textContent).toBe('141/140');
    expect(count().getAttribute('data-over')).toBe('true');
    await submitForm();
    expect(screen.getByTestId('promo-apply-comment-error').textContent).toBe('The comment can be at most 140 characters.');
    expect(comment().getAttribute('aria-invalid')).toBe('true');
    expect(callsOf('promotionApply')).toEqual([]);
  });

  it('refuses an empty application before sending', async () => {
    const { callsOf } = await openForm();
    typeComment('   ');
    await submitForm();
    expect(screen.getByTestId('promo-apply-refusal').textContent).toBe('Write a comment or add an image to apply.');
    expect(callsOf('promotionApply')).toEqual([]);
  });

  it('takes png and jpg images only, each at most 5 MB, at most three, with thumbnails that can be removed', async () => {
    const { callsOf } = await openForm();
    expect(screen.getByTestId('promo-apply-file').getAttribute('accept')).toBe('image/png,image/jpeg,.png,.jpg,.jpeg');

    await choose(new File(['GIF89a'], 'share.gif', { type: 'image/gif' }));
    expect(imageError()).toBe('"share.gif" is not a PNG or JPG image.');
    await choose(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(imageError()).toBe('"huge.png" is larger than 5 MB.');
    // Named and typed png, bytes of something else (a renamed file).
    await choose(new File(['<svg onload=alert(1)>'], 'fake.png', { type: 'image/png' }));
    await waitFor(() => expect(imageError()).toBe('"fake.png" is not a PNG or JPG image.'));
    expect(thumbs()).toHaveLength(0);

    await choose(new File([PNG], 'one.png', { type: 'image/png' }), new File([JPEG], 'two.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(thumbs()).toHaveLength(2));
    expect(imageError()).toBeNull();
    expect(thumbs().map((thumb) => thumb.querySelector('img')?.getAttribute('src')?.slice(0, 33))).toEqual([
      'data:image/png;base64,iVBORw0KGgo',
      'data:image/jpeg;base64,/9j/4AAQSk',
    ]);
    // Exactly 5 MB is allowed; a fourth image is not.
    const fiveMb = new Uint8Array(5 * 1024 * 1024);
    fiveMb.set(PNG);
    await choose(new File([fiveMb], 'three.png', { type: 'image/png' }), new File([PNG], 'four.png', { type: 'image/png' }));
    await waitFor(() => expect(thumbs()).toHaveLength(3));
    expect(imageError()).toBe('You can add at most 3 images.');
    expect((screen.getByTestId('promo-apply-file') as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(within(thumbs()[0]).getByRole('button', { name: 'Remove image 1 (one.png)' }));
    expect(thumbs()).toHaveLength(2);
    expect((screen.getByTestId('promo-apply-file') as HTMLInputElement).disabled).toBe(false);
    expect(thumbs()[0].querySelector('img')?.getAttribute('alt')).toBe('Image 1: two.jpg');
    expect(callsOf('promotionApply')).toEqual([]);
  });

  it('sends { promotionId, comment, images }, Submit disabled while sending, then the promotion shows Applying', async () => {
    let answer: (value: ReturnType<typeof promotion>) => void = () => undefined;
    const { commands } = recordCommands('toast');
    const { callsOf } = await openForm({ promotionApply: () => new Promise((resolve) => (answer = resolve)) });
    typeComment('  I shared it with three friends 🎉 ');
    await choose(new File([PNG], 'share.png', { type: 'image/png' }));
    await waitFor(() => expect(thumbs()).toHaveLength(1));

    await submitForm();
    const submit = screen.getByTestId('promo-apply-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(submit.getAttribute('aria-busy')).toBe('true');
    // A second submit while the first is on its way sends nothing more.
    await submitForm();
    expect(callsOf('promotionApply').map((options) => options?.data)).toEqual([
      { promotionId: 7, comment: 'I shared it with three friends 🎉', images: [expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/)] },
    ]);

    await act(async () => answer({ ...SHARE_AND_WIN, state: 'applying' }));
    await settle();
    expect(form()).toBeNull();
    expect(screen.getByTestId('promo-state').textContent).toBe('Applying');
    expect(action()?.textContent).toBe('Under review');
    expect(action()?.disabled).toBe(true);
    expect(commands).toEqual([{ type: 'toast', level: 'success', message: 'Application sent. We will review it soon.' }]);
    expect(callsOf('promotionApply')).toHaveLength(1);
  });

  it("says each of the server's refusals in the page's words and keeps what was written", async () => {
    const refusals: [ReturnType<typeof apiFailure>, string][] = [
      [apiFailure('promotion.image.too.large', 'Each image can be at most 5 MB'), 'Each image can be at most 5 MB.'],
      [apiFailure('promotion.image.invalid', 'Images must be PNG or JPG'), 'Images must be PNG or JPG.'],
      [apiFailure('promotion.application.empty', 'Write a comment or add an image to apply'), 'Write a comment or add an image to apply.'],
      [apiFailure('promotion.application.comment.too.long', 'The comment can be at most 140 characters'), 'The comment can be at most 140 characters.'],
      [
        apiFailure('prom_claim_req_field', 'Complete your account before claiming: required.real_name', { data: ['required.real_name'] }),
        'Complete your account first: Real name added',
      ],
      [apiFailure('server.busy', 'The server is busy, please try again', null, 503), 'The server is busy, please try again'],
    ];
    let next = 0;
    const { callsOf } = await openForm({ promotionApply: () => refusals[next][0] });
    typeComment('Shared on my page');
    for (const [, text] of refusals) {
      await submitForm();
      expect(screen.getByTestId('promo-apply-refusal').textContent).toBe(text);
      expect(comment().value).toBe('Shared on my page');
      expect((screen.getByTestId('promo-apply-submit') as HTMLButtonElement).disabled).toBe(false);
      next += 1;
    }
    expect(callsOf('promotionApply')).toHaveLength(refusals.length);
  });

  it('refused as no longer open (or applied already): says so and reads the promotion again', async () => {
    let applied = false;
    const { callsOf } = await openForm({
      promotionDetail: () => detail(applied ? { ...SHARE_AND_WIN, state: 'applying' } : SHARE_AND_WIN),
      promotionApply: () => {
        applied = true;
        return apiFailure('promotion.not.applicable', 'You cannot apply for this promotion', { state: 'applying', closeReason: null }, 409);
      },
    });
    typeComment('Shared');
    await submitForm();
    expect(callsOf('promotionDetail')).toHaveLength(2);
    expect(screen.getByTestId('promo-state').textContent).toBe('Applying');
    expect(form()).toBeNull();
  });

  it('Cancel closes the form; Apply opens it again', async () => {
    await openForm();
    fireEvent.click(screen.getByTestId('promo-apply-cancel'));
    expect(form()).toBeNull();
    await press(action() as HTMLElement);
    expect(form()).toBeTruthy();
  });
});
