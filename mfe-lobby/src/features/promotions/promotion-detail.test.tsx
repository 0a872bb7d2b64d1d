import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { formatDateTime, Route, Routes } from '@platform/shared';
import type { PromotionState } from '@platform/contract';
import { apiFailure, currentLocation, logIn, recordCommands, renderWithProviders, resetTestState, settle, setStatus, stubApi, type StubAnswers } from '@platform/shared/testing';
import PromotionsPage from './promotions-page';
import { claimed, detail, HOUR, NOW, promotion } from './test-fixtures';

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

  it('has the button of its state: Join and Claim act, the other states are a disabled button saying the state, none has no button', async () => {
    const expected: [PromotionState, string | null, boolean][] = [
      ['join', 'Join', true],
      ['claim', 'Claim', true],
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
      promotionClaim: apiFailure('prom_claim_req_field', 'Bind a bank card before claiming this bonus', { data: ['required.bank_card'] }),
    });
    await press(action() as HTMLElement);
    expect(screen.getByTestId('promo-refusal').textContent).toBe('Bind a bank card before claiming this bonus');
    expect(action()?.textContent).toBe('Claim');
    expect(action()?.disabled).toBe(false);
    expect(commands).toEqual([]);
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
