import type { Promotion } from '@platform/shared';
import { fireEvent, screen } from '@testing-library/react';
import type { Swiper as SwiperInstance } from 'swiper';
import { currentLocation, makeStatus, recordCommands, renderWithProviders, settle, setStatus, stubApi, switches } from '@platform/shared/testing';
import RegisterPage from './register-page';

const promotion = (id: number, category: string): Promotion => ({ id, category, title: `Promotion ${id}`, imageUrl: `/promotions/${id}.svg` });

function stubNotice(promotions: Promotion[]) {
  return stubApi({ indexNotice: { player: [], banners: [], popup: [], promotion: promotions } });
}

function swiperOf(): SwiperInstance {
  const element = document.querySelector('.swiper') as HTMLElement & { swiper?: SwiperInstance };
  if (!element?.swiper) throw new Error('no swiper');
  return element.swiper;
}

async function renderPage(route = '/register') {
  renderWithProviders(<RegisterPage />, { route });
  await settle();
}

beforeEach(() => setStatus(makeStatus({ whitelabel: switches('USERNAMEREG3') })));

describe('RegisterPage', () => {
  it('has a heading, a way home, the form and a link to the login popup', async () => {
    stubNotice([]);
    const { commands, stop } = recordCommands('openLogin');
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(screen.getByTestId('register-form')).toBeTruthy();
    fireEvent.click(screen.getByTestId('register-login-link'));
    expect(commands).toEqual([{ type: 'openLogin', tab: 'login' }]);
    stop();
  });

  it('slides the new-player promotions, autoplaying every 5000 ms when there is more than one', async () => {
    stubNotice([promotion(1, 'new_player'), promotion(2, 'daily'), promotion(3, 'new_player')]);
    await renderPage();
    const slides = screen.getAllByRole('button', { name: /^Promotion/ });
    expect(slides.map((slide) => slide.textContent)).toEqual(['Promotion 1', 'Promotion 3']);
    expect(slides[0].querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.test/promotions/1.svg');
    const swiper = swiperOf();
    expect(swiper.params.autoplay).toMatchObject({ delay: 5000 });
    expect(swiper.params.loop).toBe(true);
    fireEvent.click(slides[1]);
    expect(currentLocation()).toBe('/promotions/3');
  });

  it('does not autoplay a single promotion, and shows no slider without one', async () => {
    stubNotice([promotion(4, 'new_player')]);
    await renderPage();
    expect(swiperOf().params.autoplay).toMatchObject({ enabled: false });
    expect(swiperOf().params.loop).toBe(false);
  });

  it('does not autoplay for a player who asked the system for less motion; the slides still loop', async () => {
    const matchMedia = jest.fn((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: jest.fn(),
      removeEventListener: jest.fn(),
    }));
    Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
    try {
      stubNotice([promotion(1, 'new_player'), promotion(3, 'new_player')]);
      await renderPage();
      expect(swiperOf().params.autoplay).toMatchObject({ enabled: false });
      expect(swiperOf().params.loop).toBe(true);
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  it('shows no slider when there is no new-player promotion', async () => {
    stubNotice([promotion(2, 'daily')]);
    await renderPage();
    expect(screen.queryByTestId('register-promotions')).toBeNull();
  });
});
