import { act, screen, within } from '@testing-library/react';
import type { PrizeWheelHistory } from '@platform/contract';
import { bus, formatDate } from '@platform/shared';
import { logIn, renderWithProviders, resetTestState, settle, setStatus, stubApi } from '@platform/shared/testing';
import bn from './locales/bn.json';
import cn from './locales/cn.json';
import en from './locales/en.json';
import id from './locales/id.json';
import th from './locales/th.json';
import ty from './locales/ty.json';
import vi from './locales/vi.json';
import { PrizeHistory } from './prize-history';

// The history's delivery column: a physical prize waiting for delivery says so, a delivered one
// says Delivered with the day the merchant delivered it, cash and empty prizes show a dash; the
// same in Bengali, and in words of their own in every language.

const NOW = Date.UTC(2030, 2, 1, 12, 0, 0);
const DELIVERED_AT = Date.UTC(2030, 2, 4, 9, 30, 0);
const HOUR = 3_600_000;

const HISTORY: PrizeWheelHistory = {
  list: [
    { transactionId: '80', name: 'Phone', type: 'physical', usedDate: NOW, amount: null, deliveryStatus: 'pending', deliveredAt: null },
    { transactionId: '79', name: 'Headphones', type: 'physical', usedDate: NOW - HOUR, amount: null, deliveryStatus: 'delivered', deliveredAt: DELIVERED_AT },
    { transactionId: '78', name: '5', type: 'cash', usedDate: NOW - 2 * HOUR, amount: 5, deliveryStatus: null, deliveredAt: null },
  ],
  totalPages: 1,
  footer: { amount: 5 },
};

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn();
});

async function renderHistory(history: PrizeWheelHistory = HISTORY) {
  stubApi({ prizeWheelHistory: history });
  renderWithProviders(<PrizeHistory onVerify={jest.fn()} />);
  await settle();
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

const deliveryOf = (row: HTMLElement) => within(row).queryByTestId('history-delivery');

describe('the delivery of a physical prize', () => {
  it('shows "Waiting for delivery", "Delivered" with its date, and a dash for cash', async () => {
    const [pending, delivered, cash] = await renderHistory();
    expect(deliveryOf(pending)?.textContent).toBe('Waiting for delivery');
    expect(deliveryOf(pending)?.querySelector('time')).toBeNull();

    expect(deliveryOf(delivered)?.textContent).toBe(`Delivered${formatDate(DELIVERED_AT)}`);
    const date = deliveryOf(delivered)!.querySelector('time')!;
    expect(date.textContent).toBe(formatDate(DELIVERED_AT));
    expect(date.getAttribute('dateTime')).toBe(new Date(DELIVERED_AT).toISOString());
    expect(within(delivered).getByText('Delivered').getAttribute('data-status')).toBe('delivered');

    expect(deliveryOf(cash)).toBeNull();
    expect(cash.textContent).toContain('—');
  });

  it('says Delivered without a date when the server sends none', async () => {
    const [row] = await renderHistory({ ...HISTORY, list: [{ ...HISTORY.list[1], deliveredAt: null }] });
    expect(deliveryOf(row)?.textContent).toBe('Delivered');
  });

  it('speaks Bengali', async () => {
    const [pending, delivered] = await renderHistory();
    await act(async () => {
      bus.set('language', 'BN');
    });
    await settle();
    expect(deliveryOf(pending)?.textContent).toBe('ডেলিভারির অপেক্ষায়');
    expect(deliveryOf(delivered)?.textContent).toBe(`পৌঁছে দেওয়া হয়েছে${formatDate(DELIVERED_AT)}`);
  });

  it('has its words in all seven languages, each its own', () => {
    const sets = { bn, cn, en, id, th, ty, vi };
    for (const key of ['delivery_pending', 'delivery_delivered'] as const) {
      const texts = Object.entries(sets).map(([language, set]) => ({ language, text: set[key] }));
      for (const { language, text } of texts) expect({ language, key, text: text?.trim() }).toEqual({ language, key, text: expect.stringMatching(/\S/) });
      // Chinese simplified and traditional may share a word; the others are translated.
      expect(new Set(texts.map(({ text }) => text)).size).toBeGreaterThanOrEqual(6);
    }
    expect(en.delivery_pending).toBe('Waiting for delivery');
  });
});
