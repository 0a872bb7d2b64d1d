import { createHash, createHmac } from 'node:crypto';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { PrizeWheelSpinInfo, PrizeWheelSpun, PrizeWheelTickets, PromotionEntry } from '@platform/contract';
import { verifySpin } from '@platform/inhouse-games';
import { apiFailure, logIn, recordCommands, renderWithProviders, resetTestState, settle, setStatus, stubApi, type StubAnswers } from '@platform/shared/testing';
import { SPIN_MS } from './prize-wheel-tab';
import RewardCenterPage from './reward-center-page';
import { segmentUnderPointer } from './reward-model';

// The Reward Centre with the network edge stubbed: each tab, the promo code, a spin (one request
// for a double press, the wheel stopping on the segment the server drew), the verification of a
// spin in the browser (the real draw over WebCrypto), the history, and the failures.

const NOW = Date.UTC(2030, 2, 1, 12, 0, 0);
const HOUR = 3_600_000;

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
    endTime: NOW + 48 * HOUR,
    reward: { kind: 'fixed', amount: 8.88, percent: null, cap: null, tickets: null, points: null, streak: null },
    minDeposit: null,
    wagering: { multiplier: 1, includesDeposit: false, withinDays: null, remaining: null },
    claimWindowHours: 72,
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

const SEGMENTS = [
  { label: '0.88', kind: 'cash', amount: 0.88, weight: 3000 },
  { label: 'Thank you', kind: 'none', amount: null, weight: 1845 },
  { label: '5', kind: 'cash', amount: 5, weight: 800 },
  { label: 'Phone', kind: 'physical', amount: null, weight: 10 },
] as const;
const WHEEL = {
  wheelId: 1,
  name: 'Lucky Wheel',
  segments: SEGMENTS.map((segment, index) => ({ index, ...segment, percent: Math.round((segment.weight / 5655) * 10_000) / 100 })),
};
const HASH = 'a'.repeat(64);

const tickets = (available: number, overrides: Partial<PrizeWheelTickets> = {}): PrizeWheelTickets => ({
  wheel: WHEEL,
  tickets: Array.from({ length: available }, (_, index) => ({ ticketId: 40 + index, source: 'operator:1:key', createdAt: NOW })),
  available,
  serverSeedHash: HASH,
  nonce: 0,
  ...overrides,
});

const spun = (segmentIndex: number, overrides: Partial<PrizeWheelSpun> = {}): PrizeWheelSpun => ({
  transactionId: '901',
  ticketId: 40,
  segmentIndex,
  prize: { label: SEGMENTS[segmentIndex].label, kind: SEGMENTS[segmentIndex].kind, amount: SEGMENTS[segmentIndex].amount },
  serverSeedHash: HASH,
  clientSeed: 'lucky',
  nonce: 0,
  deliveryStatus: SEGMENTS[segmentIndex].kind === 'physical' ? 'pending' : null,
  balance: 105,
  ...overrides,
});

const nodeHmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message, 'utf8').digest());
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const WEIGHTS = SEGMENTS.map((segment) => segment.weight);

/** A spin whose revealed seed recomputes to the segment it records, as the server answers it. */
function revealedSpin(overrides: Partial<PrizeWheelSpinInfo> = {}): PrizeWheelSpinInfo {
  const serverSeed = 'c0ffee'.repeat(10) + 'abcd';
  const segmentIndex = verifySpin(serverSeed, 'lucky', 3, WEIGHTS.map((weight) => ({ weight })), nodeHmac);
  return {
    transactionId: '901',
    ticketId: 40,
    wheelName: 'Lucky Wheel',
    spunAt: NOW,
    segmentIndex,
    prize: { label: SEGMENTS[segmentIndex].label, kind: SEGMENTS[segmentIndex].kind, amount: SEGMENTS[segmentIndex].amount },
    weights: WEIGHTS,
    serverSeedHash: sha256(serverSeed),
    serverSeed,
    clientSeed: 'lucky',
    nonce: 3,
    deliveryStatus: null,
    ...overrides,
  };
}

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
  renderWithProviders(<RewardCenterPage openPage={jest.fn()} />);
  await settle();
  if (tab) await click(screen.getByRole('tab', { name: tab }));
  return stub;
}

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
}

async function type(element: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.change(element, { target: { value } });
  });
}

describe('the tabs', () => {
  it('shows the daily sign-in first, and each tab its own content', async () => {
    await renderPage(
      {
        promotionList: { list: [] },
        prizeWheelTickets: tickets(1),
        prizeWheelHistory: { list: [], totalPages: 0, footer: { amount: 0 } },
      },
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Daily sign-in', 'New player tasks', 'Rescue', 'Promotions', 'Prize wheel', 'History']);
    expect(screen.getByText('There is no daily sign-in right now')).toBeTruthy();
    await click(screen.getByRole('tab', { name: 'New player tasks' }));
    expect(screen.getByText('There are no new-player rewards right now')).toBeTruthy();
    await click(screen.getByRole('tab', { name: 'Rescue' }));
    expect(screen.getByText('There is no rescue or daily bet reward right now')).toBeTruthy();
    await click(screen.getByRole('tab', { name: 'Promotions' }));
    expect(screen.getByTestId('promo-code-box')).toBeTruthy();
    expect(screen.getByText('You have not joined any promotions yet')).toBeTruthy();
    await click(screen.getByRole('tab', { name: 'Prize wheel' }));
    expect(screen.getByTestId('wheel-tab')).toBeTruthy();
    await click(screen.getByRole('tab', { name: 'History' }));
    expect(screen.getByText('You have not spun the wheel yet')).toBeTruthy();
  });
});

describe('My promotions', () => {
  it('lists the promotions in states claim, joined, process and claimed, with state, bonus, claim countdown and a link to the promotion', async () => {
    jest.useFakeTimers({ now: NOW });
    const { commands } = recordCommands('closeOverlay');
    await renderPage({
      promotionList: {
        list: [
          promotion({ id: 1, title: 'Open to join', state: 'join' }),
          promotion({ id: 2, title: 'Sign-up gift', state: 'claim', bonus: 8.88, claimDeadline: NOW + 5 * HOUR }),
          promotion({ id: 3, title: 'Reload', state: 'joined' }),
          promotion({ id: 4, title: 'Weekly', state: 'process', bonus: 50, wagering: { multiplier: 5, includesDeposit: false, withinDays: 7, remaining: 120.5 } }),
          promotion({ id: 5, title: 'Spring', state: 'claimed', bonus: 18 }),
          promotion({ id: 6, title: 'Ended', state: 'close', closeReason: 'ended' }),
        ],
      },
    }, /^Promotions$/);
    const cards = screen.getAllByTestId('my-promotion');
    expect(cards.map((card) => card.getAttribute('data-state'))).toEqual(['claim', 'joined', 'process', 'claimed']);
    expect(cards.map((card) => within(card).getByTestId('my-promotion-state').textContent)).toEqual(['Ready to claim', 'Joined', 'In progress', 'Claimed']);
    expect(within(cards[0]).getByTestId('my-promotion-bonus').textContent).toBe('Bonus: ৳8.88');
    expect(within(cards[0]).getByTestId('reward-countdown').textContent).toBe('Claim within 05:00:00');
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    expect(within(cards[0]).getByTestId('reward-countdown').textContent).toBe('Claim within 04:59:58');
    expect(within(cards[2]).getByText('Still to wager before you can withdraw: ৳120.50')).toBeTruthy();
    expect(cards.map((card) => within(card).getByTestId('my-promotion-link').getAttribute('href'))).toEqual(['/promotions/2', '/promotions/3', '/promotions/4', '/promotions/5']);
    await act(async () => {
      fireEvent.click(within(cards[1]).getByTestId('my-promotion-link'));
    });
    expect(commands).toEqual([{ type: 'closeOverlay' }]);
  });

  it('says when the list fails, and loads it again on Retry', async () => {
    let calls = 0;
    await renderPage({
      // The first answer is the daily sign-in tab's (shown first), the second the Promotions tab's.
      promotionList: () => (++calls <= 2 ? apiFailure('system.busy', 'The system is busy') : { list: [promotion({ state: 'claimed', bonus: 5 })] }),
    }, /^Promotions$/);
    const error = screen.getByTestId('my-promotions-error');
    expect(error.textContent).toContain('Your promotions could not be loaded');
    expect(error.textContent).toContain('The system is busy');
    await click(within(error).getByRole('button', { name: 'Retry' }));
    expect(screen.getAllByTestId('my-promotion')).toHaveLength(1);
  });
});

describe('Promo code', () => {
  it('refuses a code of the wrong shape without sending it, then claims a good one: the bonus shows and the balance is loaded again', async () => {
    const { commands } = recordCommands('refreshBalance');
    const { callsOf } = await renderPage(
      { promotionList: { list: [] }, claimPromoCode: { promotion: promotion({ title: 'Lucky code', state: 'claimed', bonus: 8.88 }), bonus: 8.88, balance: 108.88 } },
      /^Promotions$/,
    );
    const input = screen.getByTestId('promo-code-input');
    await type(input, 'ab!');
    await click(screen.getByTestId('promo-code-apply'));
    expect(screen.getByTestId('promo-code-error').textContent).toBe('Enter 4 to 20 letters or digits.');
    expect(callsOf('claimPromoCode')).toHaveLength(0);

    await type(input, ' LUCKY2026 ');
    await click(screen.getByTestId('promo-code-apply'));
    expect(callsOf('claimPromoCode')).toEqual([{ data: { promoCode: 'LUCKY2026' } }]);
    expect(screen.getByTestId('promo-code-success').textContent).toBe('Promo code applied: you received ৳8.88');
    expect(commands).toEqual([{ type: 'refreshBalance' }]);
    expect((input as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusal under the field", async () => {
    await renderPage({ promotionList: { list: [] }, claimPromoCode: apiFailure('promotion.code.invalid', 'This promo code is not valid') }, /^Promotions$/);
    await type(screen.getByTestId('promo-code-input'), 'NOPE1234');
    await click(screen.getByTestId('promo-code-apply'));
    expect(screen.getByTestId('promo-code-error').textContent).toBe('This promo code is not valid');
  });
});

describe('the prize wheel', () => {
  it('draws the wheel with its segments, the tickets, the committed hash and a random client seed', async () => {
    await renderPage({ promotionList: { list: [] }, prizeWheelTickets: tickets(2) }, /Prize wheel/);
    const wheel = screen.getByTestId('prize-wheel');
    expect(within(wheel).getAllByTestId('wheel-segment').map((segment) => segment.querySelector('text')?.textContent)).toEqual(['0.88', 'Thank you', '5', 'Phone']);
    expect(screen.getByTestId('wheel-tickets').textContent).toBe('You have 2 tickets to spin');
    expect(screen.getByTestId('wheel-seed-hash').textContent).toBe(HASH);
    expect((screen.getByTestId('wheel-client-seed') as HTMLInputElement).value).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends one spin for a double press, turns the wheel to the segment drawn, then shows the prize and loads the balance again', async () => {
    jest.useFakeTimers({ now: NOW });
    const { commands } = recordCommands('refreshBalance');
    let ticketCalls = 0;
    let answer: (value: PrizeWheelSpun) => void = () => undefined;
    const { callsOf } = await renderPage(
      {
        promotionList: { list: [] },
        prizeWheelTickets: () => (++ticketCalls === 1 ? tickets(2) : tickets(1, { nonce: 1 })),
        prizeWheelSpin: () => new Promise<PrizeWheelSpun>((resolve) => (answer = resolve)),
      },
      /Prize wheel/,
    );
    await type(screen.getByTestId('wheel-client-seed'), 'lucky');
    const button = screen.getByTestId('wheel-spin');
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    expect(callsOf('prizeWheelSpin')).toEqual([{ data: { ticketId: 40, clientSeed: 'lucky' } }]);
    await act(async () => answer(spun(2)));
    await settle();
    const wheel = screen.getByTestId('prize-wheel');
    const rotation = Number(wheel.getAttribute('data-rotation'));
    expect(rotation).toBeGreaterThanOrEqual(5 * 360);
    expect(segmentUnderPointer(rotation, SEGMENTS.length)).toBe(2);
    const disc = screen.getByTestId('prize-wheel-disc');
    expect(disc.style.transform).toBe(`rotate(${rotation}deg)`);
    // Still turning: the prize is not told before the wheel stops.
    expect(screen.queryByTestId('wheel-prize')).toBeNull();
    expect(commands).toEqual([]);
    await act(async () => {
      fireEvent.transitionEnd(disc);
    });
    await settle();
    expect(screen.getByTestId('wheel-prize').textContent).toBe('You won 5: ৳5.00 has been added to your wallet.');
    expect(within(wheel).getAllByTestId('wheel-segment')[2].hasAttribute('data-landed')).toBe(true);
    expect(commands).toEqual([{ type: 'refreshBalance' }]);
    expect(screen.getByTestId('wheel-tickets').textContent).toBe('You have 1 ticket to spin');
    expect((screen.getByTestId('wheel-verify-id') as HTMLInputElement).value).toBe('901');
    // Without transitionend (a page in the background) the wheel stops anyway.
    await click(screen.getByTestId('wheel-spin'));
    await act(async () => answer(spun(1, { transactionId: '902', ticketId: 40 })));
    await settle();
    expect(screen.queryByTestId('wheel-prize')).toBeNull();
    await act(async () => {
      jest.advanceTimersByTime(SPIN_MS + 600);
    });
    await settle();
    expect(screen.getByTestId('wheel-prize').textContent).toBe('Thank you: no prize this time.');
    expect(segmentUnderPointer(Number(screen.getByTestId('prize-wheel').getAttribute('data-rotation')), SEGMENTS.length)).toBe(1);
  });

  it('checks the client seed before spinning, and shows a refused spin', async () => {
    const { callsOf } = await renderPage(
      { promotionList: { list: [] }, prizeWheelTickets: tickets(1), prizeWheelSpin: apiFailure('prize_wheel.ticket.used', 'This ticket has already been used', null, 409) },
      /Prize wheel/,
    );
    await type(screen.getByTestId('wheel-client-seed'), 'has space');
    await click(screen.getByTestId('wheel-spin'));
    expect(screen.getByRole('alert').textContent).toBe('Use 1 to 64 characters, without spaces or ":".');
    expect(callsOf('prizeWheelSpin')).toHaveLength(0);
    await type(screen.getByTestId('wheel-client-seed'), 'fine-seed');
    await click(screen.getByTestId('wheel-spin'));
    expect(screen.getByTestId('wheel-refusal').textContent).toBe('This ticket has already been used');
  });

  it('has no Spin without tickets', async () => {
    await renderPage({ promotionList: { list: [] }, prizeWheelTickets: tickets(0) }, /Prize wheel/);
    expect(screen.getByTestId('wheel-spin').hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('You have no tickets. Promotions and events give tickets for the wheel.')).toBeTruthy();
  });

  it('says when the merchant has no wheel', async () => {
    await renderPage({ promotionList: { list: [] }, prizeWheelTickets: tickets(0, { wheel: null, serverSeedHash: null }) }, /Prize wheel/);
    expect(screen.getByText('The prize wheel is not available right now')).toBeTruthy();
  });

  it('says when the wheel cannot be loaded', async () => {
    await renderPage({ promotionList: { list: [] }, prizeWheelTickets: apiFailure('system.busy', 'The system is busy', null, 503) }, /Prize wheel/);
    expect(screen.getByTestId('wheel-error').textContent).toContain('The prize wheel could not be loaded');
  });
});

describe('verifying a spin', () => {
  const wheelAnswers = (info: PrizeWheelSpinInfo | Error): StubAnswers => ({
    promotionList: { list: [] },
    prizeWheelTickets: tickets(1),
    prizeWheelRotateSeed: { revealed: { serverSeed: 'c0ffee'.repeat(10) + 'abcd', serverSeedHash: sha256('c0ffee'.repeat(10) + 'abcd'), nonces: 4 }, serverSeedHash: 'b'.repeat(64), nonce: 0 },
    prizeWheelSpinInfo: info,
  });

  it('rotates the seed, then recomputes the spin in the browser: Verified', async () => {
    const info = revealedSpin();
    const { callsOf } = await renderPage(wheelAnswers(info), /Prize wheel/);
    await click(screen.getByTestId('wheel-rotate'));
    expect(callsOf('prizeWheelRotateSeed')).toHaveLength(1);
    expect(screen.getByTestId('wheel-revealed').textContent).toContain(info.serverSeed);
    // The wheel shows the new seed's hash: the tickets are asked again.
    expect(callsOf('prizeWheelTickets')).toHaveLength(2);
    await type(screen.getByTestId('wheel-verify-id'), '901');
    await click(screen.getByTestId('wheel-verify-button'));
    // WebCrypto answers outside React's act: wait for it.
    await screen.findByTestId('wheel-verify-result');
    expect(callsOf('prizeWheelSpinInfo')).toEqual([{ params: { transactionId: '901' } }]);
    expect(screen.getByTestId('wheel-verify-result').textContent).toBe('Verified');
    expect(screen.getByTestId('wheel-verify-segment').getAttribute('data-matches')).toBe('true');
  });

  it('says Mismatch when the segment recorded is not the one the seeds give', async () => {
    const right = revealedSpin();
    const wrong = (right.segmentIndex + 1) % SEGMENTS.length;
    await renderPage(wheelAnswers({ ...right, segmentIndex: wrong, prize: { label: SEGMENTS[wrong].label, kind: SEGMENTS[wrong].kind, amount: SEGMENTS[wrong].amount } }), /Prize wheel/);
    await type(screen.getByTestId('wheel-verify-id'), '901');
    await click(screen.getByTestId('wheel-verify-button'));
    expect((await screen.findByTestId('wheel-verify-result')).textContent).toBe('Mismatch');
    expect(screen.getByTestId('wheel-verify-segment').getAttribute('data-matches')).toBe('false');
  });

  it('says Mismatch for a seed that is not the one committed', async () => {
    await renderPage(wheelAnswers(revealedSpin({ serverSeedHash: 'f'.repeat(64) })), /Prize wheel/);
    await type(screen.getByTestId('wheel-verify-id'), '901');
    await click(screen.getByTestId('wheel-verify-button'));
    expect((await screen.findByTestId('wheel-verify-result')).textContent).toBe('Mismatch');
  });

  it('asks to rotate first while the seed is secret, and shows a spin that is not found', async () => {
    const { callsOf } = await renderPage(wheelAnswers(revealedSpin({ serverSeed: null })), /Prize wheel/);
    await type(screen.getByTestId('wheel-verify-id'), 'x1');
    await click(screen.getByTestId('wheel-verify-button'));
    expect(screen.getByTestId('wheel-verify-error').textContent).toBe('Enter the ID of one of your spins.');
    expect(callsOf('prizeWheelSpinInfo')).toHaveLength(0);
    await type(screen.getByTestId('wheel-verify-id'), '901');
    await click(screen.getByTestId('wheel-verify-button'));
    expect((await screen.findByTestId('wheel-verify-hidden')).textContent).toBe('The seed of this spin is still secret: rotate the seed first, then verify.');
  });

  it('shows the refusal for a spin that is not the member’s', async () => {
    await renderPage(wheelAnswers(apiFailure('prize_wheel.spin.not_found', 'This spin does not exist', null, 404)), /Prize wheel/);
    await type(screen.getByTestId('wheel-verify-id'), '999');
    await click(screen.getByTestId('wheel-verify-button'));
    expect(screen.getByTestId('wheel-verify-error').textContent).toBe('This spin does not exist');
  });
});

describe('History', () => {
  it('lists the spins (name, type, used date, amount, delivery) with the total, and Verify opens the wheel and checks that spin', async () => {
    const info = revealedSpin({ transactionId: '77' });
    const { callsOf } = await renderPage(
      {
        promotionList: { list: [] },
        prizeWheelTickets: tickets(0),
        prizeWheelSpinInfo: info,
        prizeWheelHistory: {
          list: [
            { transactionId: '77', name: '5', type: 'cash', usedDate: NOW, amount: 5, deliveryStatus: null, deliveredAt: null },
            { transactionId: '76', name: 'Phone', type: 'physical', usedDate: NOW - HOUR, amount: null, deliveryStatus: 'pending', deliveredAt: null },
          ],
          totalPages: 1,
          footer: { amount: 5 },
        },
      },
      /History/,
    );
    expect(callsOf('prizeWheelHistory')[0]?.params).toEqual({ page: 1, size: 10 });
    const table = screen.getByRole('table', { name: 'History' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1].textContent).toContain('5');
    expect(rows[1].textContent).toContain('Cash');
    expect(rows[1].textContent).toContain('৳5.00');
    expect(rows[2].textContent).toContain('Phone');
    expect(rows[2].textContent).toContain('Gift');
    expect(rows[2].textContent).toContain('Waiting for delivery');
    await click(within(rows[1]).getByTestId('history-verify'));
    expect(screen.getByRole('tab', { name: 'Prize wheel' }).getAttribute('aria-selected')).toBe('true');
    expect((await screen.findByTestId('wheel-verify-result')).textContent).toBe('Verified');
    expect(callsOf('prizeWheelSpinInfo')).toEqual([{ params: { transactionId: '77' } }]);
  });

  it('says when the history cannot be loaded', async () => {
    await renderPage({ promotionList: { list: [] }, prizeWheelHistory: apiFailure('system.busy', 'The system is busy', null, 503) }, /History/);
    expect(screen.getByText('The system is busy')).toBeTruthy();
  });
});
