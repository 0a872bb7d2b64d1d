import { act, fireEvent, screen } from '@testing-library/react';
import { setLanguage } from '@platform/shared';
import { apiFailure, logIn, recordCommands, renderWithProviders, resetTestState, settle, stubApi } from '@platform/shared/testing';
import type { PromotionClaimed } from '@platform/contract';
import { PromoCodeForm } from './promo-code-form';

// The promo-code form as a player meets it in the lobby and in the member centre: the code's
// shape is checked before anything is sent, a visitor is asked to log in instead, one claim goes
// however fast the button is pressed, and the bonus or the server's refusal shows under the field.

beforeEach(async () => {
  await resetTestState();
});

const CLAIMED: PromotionClaimed = {
  bonus: 5,
  balance: 105,
  promotion: {
    id: 4, category: 'special_offer', title: 'Promo Code Gift $5', imageUrl: '/p.svg', trigger: 'promo_code', state: 'process', closeReason: null,
    startTime: null, endTime: null, reward: { kind: 'fixed', amount: 5, percent: null, cap: null, tickets: null, points: null, streak: null }, minDeposit: null,
    wagering: { multiplier: 1, includesDeposit: false, withinDays: 30, remaining: 5 }, claimWindowHours: null, requirements: [], missingRequirements: [],
    bonus: 5, claimDeadline: null, repeat: 'once', tickets: null, points: null, streakDay: null, progress: null, rejectReason: null,
    vipLevels: null,
  },
};

const apply = async (code: string) => {
  fireEvent.change(screen.getByTestId('promo-code-input'), { target: { value: code } });
  await act(async () => {
    fireEvent.submit(screen.getByTestId('promo-code-box'));
  });
  await settle();
};

describe('PromoCodeForm', () => {
  it('asks a visitor to log in instead of sending', async () => {
    const { callsOf } = stubApi({ claimPromoCode: CLAIMED });
    const { commands } = recordCommands('openLogin');
    renderWithProviders(<PromoCodeForm />);
    await apply('LUCKY2026');
    expect(callsOf('claimPromoCode')).toEqual([]);
    expect(commands).toHaveLength(1);
  });

  it('refuses a code of the wrong shape on the client and sends nothing', async () => {
    logIn();
    const { callsOf } = stubApi({ claimPromoCode: CLAIMED });
    renderWithProviders(<PromoCodeForm />);
    for (const code of ['', 'ab1', 'WELCOME-2030', 'x'.repeat(21), 'café']) {
      await apply(code);
      expect(screen.getByTestId('promo-code-error').textContent).toBe('Enter 4 to 20 letters or digits.');
      expect(screen.getByTestId('promo-code-input').getAttribute('aria-invalid')).toBe('true');
    }
    expect(callsOf('claimPromoCode')).toEqual([]);
  });

  it('claims a good code once however often it is pressed, says the bonus, reads the balance again and tells the page', async () => {
    logIn();
    const { commands } = recordCommands('refreshBalance');
    const onClaimed = jest.fn();
    const { callsOf } = stubApi({ claimPromoCode: CLAIMED });
    renderWithProviders(<PromoCodeForm onClaimed={onClaimed} hint />);
    expect(screen.getByText('4 to 20 letters or digits, as given to you.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('promo-code-input'), { target: { value: ' LUCKY2026 ' } });
    await act(async () => {
      fireEvent.submit(screen.getByTestId('promo-code-box'));
      fireEvent.submit(screen.getByTestId('promo-code-box'));
    });
    await settle();
    expect(callsOf('claimPromoCode').map((options) => options?.data)).toEqual([{ promoCode: 'LUCKY2026' }]);
    expect(screen.getByTestId('promo-code-success').textContent).toMatch(/^Promo code applied: you received \D?5\.00$/);
    expect((screen.getByTestId('promo-code-input') as HTMLInputElement).value).toBe('');
    expect(commands).toEqual([{ type: 'refreshBalance' }]);
    expect(onClaimed).toHaveBeenCalledWith(CLAIMED);
  });

  it('says the prize-wheel tickets a code gave instead of money', async () => {
    logIn();
    const tickets: PromotionClaimed = {
      bonus: 0,
      balance: 0,
      promotion: { ...CLAIMED.promotion, title: 'Promo Code: 3 Free Spins', state: 'claimed', reward: { kind: 'tickets', amount: null, percent: null, cap: null, tickets: 3, points: null, streak: null }, bonus: null, tickets: 3 },
    };
    stubApi({ claimPromoCode: tickets });
    renderWithProviders(<PromoCodeForm />);
    await apply('SPIN2026');
    expect(screen.getByTestId('promo-code-success').textContent).toBe('Promo code applied: you received 3 prize-wheel tickets');
  });

  it('says the points a code gave instead of money', async () => {
    logIn();
    const points: PromotionClaimed = {
      bonus: 0,
      balance: 0,
      promotion: { ...CLAIMED.promotion, title: 'Promo Code: 500 points', state: 'claimed', reward: { kind: 'points', amount: null, percent: null, cap: null, tickets: null, points: 500, streak: null }, bonus: null, points: 500 },
    };
    stubApi({ claimPromoCode: points });
    renderWithProviders(<PromoCodeForm />);
    await apply('POINTS500');
    expect(screen.getByTestId('promo-code-success').textContent).toBe('Promo code applied: you received 500 points');
  });

  it("shows the server's refusal, in the player's language, under the field", async () => {
    logIn();
    stubApi({ claimPromoCode: apiFailure('promotion.already.claimed', 'You have already claimed this promotion', null, 409) });
    renderWithProviders(<PromoCodeForm />);
    await apply('LUCKY2026');
    expect(screen.getByTestId('promo-code-error').textContent).toBe('You have already claimed this promotion');
    expect(screen.queryByTestId('promo-code-success')).toBeNull();
    await act(async () => {
      await setLanguage('BN');
    });
    expect(screen.getByTestId('promo-code-apply').textContent).toBe('প্রয়োগ করুন');
  });

});
