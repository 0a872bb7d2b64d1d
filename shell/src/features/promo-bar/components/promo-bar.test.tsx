import { bus, setLanguage, type IndexNotice, type Promotion } from '@platform/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { currentLocation, renderWithProviders, settle, setStatus, stubApi, type StubValue } from '@platform/shared/testing';
import { mockMatchMedia } from '../../../testing/match-media';
import { PROMO_BAR_CLOSED_KEY } from '../promo-bar-closed';
import { PROMO_BAR_CYCLE_MS } from '../promo-bar-settings';
import { PromoBar } from './promo-bar';

function promotion(id: number, title: string, category = 'daily'): Promotion {
  return { id, category, title, imageUrl: `/assets/promotions/${id}.svg` };
}

const PROMOTIONS = [promotion(11, 'Welcome Bonus 100%', 'new_player'), promotion(12, 'Daily Reload 10%'), promotion(13, 'VIP Weekly Cashback', 'vip')];

const notice = (list: Promotion[]): IndexNotice => ({ player: [], banners: [], popup: [], promotion: list });

/** The index notice answers with these promotions (per the language in use when a function). */
function stubPromotions(list: Promotion[] | ((language: string) => Promotion[]) | Error) {
  return stubApi({ indexNotice: list instanceof Error ? list : () => notice(typeof list === 'function' ? list(bus.get('language')) : list) });
}

async function renderBar() {
  const view = renderWithProviders(<PromoBar />);
  await settle();
  return view;
}

function links(): HTMLAnchorElement[] {
  return within(screen.getByTestId('promo-bar')).getAllByRole('link') as HTMLAnchorElement[];
}

/** The title of the promotion on show. */
function shownTitle(): string | null {
  const current = screen.getByTestId('promo-bar').querySelectorAll('li[data-current="true"]');
  expect(current).toHaveLength(1);
  return current[0].textContent;
}

beforeEach(() => setStatus());

describe('PromoBar', () => {
  it('links each promotion, with its title and picture, to its page /promotions/:id', async () => {
    const { callsOf } = stubPromotions(PROMOTIONS);
    await renderBar();
    expect(callsOf('indexNotice')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Promotions' })).toBe(screen.getByTestId('promo-bar'));
    expect(links().map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Welcome Bonus 100%', '/promotions/11'],
      ['Daily Reload 10%', '/promotions/12'],
      ['VIP Weekly Cashback', '/promotions/13'],
    ]);
    // Pictures under the site's image base, decorative beside the title.
    const picture = links()[1].querySelector('img');
    expect(picture?.getAttribute('src')).toBe('https://cdn.example.test/assets/promotions/12.svg');
    expect(picture?.getAttribute('alt')).toBe('');

    fireEvent.click(links()[1]);
    expect(currentLocation()).toBe('/promotions/12');
  });

  it('takes turns every 5000 ms, pausing while pointed at or focused; a focused promotion comes forward', async () => {
    jest.useFakeTimers();
    stubPromotions(PROMOTIONS);
    await renderBar();
    expect(PROMO_BAR_CYCLE_MS).toBe(5000);
    expect(shownTitle()).toBe('Welcome Bonus 100%');
    act(() => jest.advanceTimersByTime(4999));
    expect(shownTitle()).toBe('Welcome Bonus 100%');
    act(() => jest.advanceTimersByTime(1));
    expect(shownTitle()).toBe('Daily Reload 10%');

    const bar = screen.getByTestId('promo-bar');
    // (Not a multiple of three turns: a bar that kept turning would show another promotion.)
    fireEvent.mouseEnter(bar);
    act(() => jest.advanceTimersByTime(10000));
    expect(shownTitle()).toBe('Daily Reload 10%');
    fireEvent.mouseLeave(bar);
    act(() => jest.advanceTimersByTime(5000));
    expect(shownTitle()).toBe('VIP Weekly Cashback');
    act(() => jest.advanceTimersByTime(5000));
    expect(shownTitle()).toBe('Welcome Bonus 100%');

    // Tabbing to a promotion brings it forward, and the turns wait while the focus is in the bar.
    act(() => links()[2].focus());
    expect(shownTitle()).toBe('VIP Weekly Cashback');
    act(() => jest.advanceTimersByTime(10000));
    expect(shownTitle()).toBe('VIP Weekly Cashback');
    act(() => links()[2].blur());
    act(() => jest.advanceTimersByTime(5000));
    expect(shownTitle()).toBe('Welcome Bonus 100%');
  });

  it('with less motion asked for, shows every promotion in a row that never moves', async () => {
    const media = mockMatchMedia(true);
    try {
      jest.useFakeTimers();
      stubPromotions(PROMOTIONS);
      await renderBar();
      const list = within(screen.getByTestId('promo-bar')).getByRole('list');
      expect(list.getAttribute('data-mode')).toBe('row');
      const shown = () => [...list.querySelectorAll('li')].map((item) => item.getAttribute('data-current'));
      expect(shown()).toEqual(['true', 'true', 'true']);
      act(() => jest.advanceTimersByTime(20000));
      expect(shown()).toEqual(['true', 'true', 'true']);
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      media.restore();
    }
  });

  it('stands still with a single promotion', async () => {
    jest.useFakeTimers();
    stubPromotions([PROMOTIONS[1]]);
    await renderBar();
    expect(shownTitle()).toBe('Daily Reload 10%');
    act(() => jest.advanceTimersByTime(20000));
    expect(shownTitle()).toBe('Daily Reload 10%');
    expect(jest.getTimerCount()).toBe(0);
  });

  it('is hidden when the merchant has no promotions, and when the notice cannot be loaded', async () => {
    stubPromotions([]);
    const first = await renderBar();
    expect(screen.queryByTestId('promo-bar')).toBeNull();
    expect(screen.queryByTestId('promo-bar-placeholder')).toBeNull();
    first.unmount();

    stubPromotions(new Error('offline'));
    await renderBar();
    expect(screen.queryByTestId('promo-bar')).toBeNull();
    expect(screen.queryByTestId('promo-bar-placeholder')).toBeNull();
  });

  it('keeps its room while the promotions load, and a new page draws them at once', async () => {
    let answer: (value: StubValue<'indexNotice'>) => void = () => undefined;
    const { callsOf } = stubApi({ indexNotice: () => new Promise((resolve) => (answer = resolve)) });
    const first = renderWithProviders(<PromoBar />);
    expect(screen.getByTestId('promo-bar-placeholder').getAttribute('aria-hidden')).toBe('true');
    await act(async () => answer(notice(PROMOTIONS)));
    expect(screen.queryByTestId('promo-bar-placeholder')).toBeNull();
    expect(links()).toHaveLength(3);
    first.unmount();

    // Every route renders its own page frame: the next one has the promotions from its first render.
    renderWithProviders(<PromoBar />);
    expect(screen.getByTestId('promo-bar')).toBeTruthy();
    expect(screen.queryByTestId('promo-bar-placeholder')).toBeNull();
    await settle();
    expect(callsOf('indexNotice')).toHaveLength(1);
  });

  it('once closed, stays closed for the tab session in that language, on the next page too', async () => {
    const { callsOf } = stubPromotions(PROMOTIONS);
    const first = await renderBar();
    fireEvent.click(screen.getByRole('button', { name: 'Hide promotions' }));
    expect(screen.queryByTestId('promo-bar')).toBeNull();
    expect(sessionStorage.getItem(PROMO_BAR_CLOSED_KEY)).toBe('EN');
    first.unmount();

    await renderBar();
    expect(screen.queryByTestId('promo-bar')).toBeNull();
    expect(screen.queryByTestId('promo-bar-placeholder')).toBeNull();
    expect(callsOf('indexNotice')).toHaveLength(1);
  });

  it('shows again on a page opened after the language changed elsewhere (another tab, a page without the bar)', async () => {
    stubPromotions(PROMOTIONS);
    sessionStorage.setItem(PROMO_BAR_CLOSED_KEY, 'BN');
    await renderBar();
    expect(links()).toHaveLength(3);
  });

  it('comes back after a language change, with the promotions fetched in the new language', async () => {
    jest.useFakeTimers();
    const { callsOf } = stubPromotions((language) => (language === 'BN' ? [promotion(21, 'স্বাগতম বোনাস')] : PROMOTIONS));
    await renderBar();
    // Closed with the pointer on the bar (no pointer-leave follows).
    fireEvent.mouseEnter(screen.getByTestId('promo-bar'));
    fireEvent.click(screen.getByRole('button', { name: 'Hide promotions' }));
    expect(screen.queryByTestId('promo-bar')).toBeNull();

    await act(async () => setLanguage('BN', { api: null }));
    await settle();
    expect(callsOf('indexNotice')).toHaveLength(2);
    expect(links().map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['স্বাগতম বোনাস', '/promotions/21']]);
    expect(sessionStorage.getItem(PROMO_BAR_CLOSED_KEY)).toBeNull();

    // Closed in Bengali, then back to English: a language change shows it again.
    fireEvent.click(screen.getByTestId('promo-bar-close'));
    expect(screen.queryByTestId('promo-bar')).toBeNull();
    await act(async () => setLanguage('EN', { api: null }));
    await settle();
    expect(callsOf('indexNotice')).toHaveLength(3);
    expect(links().map((link) => link.textContent)).toEqual(PROMOTIONS.map((item) => item.title));

    // Back, it takes turns again from the first promotion.
    expect(shownTitle()).toBe('Welcome Bonus 100%');
    act(() => jest.advanceTimersByTime(PROMO_BAR_CYCLE_MS));
    expect(shownTitle()).toBe('Daily Reload 10%');
  });
});
