import type { Banner } from '@platform/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Swiper as SwiperInstance } from 'swiper';
import { renderWithProviders, setStatus, stubApi } from '@platform/shared/testing';
import { BannerCarousel } from './banner-carousel';

// Its own file: once Swiper's chunk has loaded in a test file, later carousels get it at once.

function banner(bannerId: number, groupName: string): Banner {
  return { bannerId, groupName, url: `/banners/${bannerId}.jpg`, linkageType: 'NONE', linkageValue: null };
}

beforeEach(() => {
  setStatus();
});

describe('BannerCarousel before Swiper has loaded', () => {
  it('shows the first banner at once, fetched first, while the carousel loads', async () => {
    stubApi({ indexNotice: { player: [], banners: [banner(1, 'w_home'), banner(2, 'w_home')], popup: [], promotion: [] } });
    renderWithProviders(<BannerCarousel group="w_home" />);
    const first = await screen.findByTestId('banner-first-slide');
    const image = within(first).getByRole('img', { name: 'Banner 1' });
    expect(image.getAttribute('src')).toBe('https://cdn.example.test/banners/1.jpg');
    expect(image.getAttribute('fetchpriority')).toBe('high');
    // Swiper is not fetched until the player reaches for the carousel; then it takes its place.
    await act(async () => undefined);
    expect(screen.getByTestId('banner-first-slide')).toBeTruthy();
    fireEvent.pointerEnter(screen.getByTestId('banner'));
    await waitFor(() => expect(screen.queryByTestId('banner-first-slide')).toBeNull());
    expect((document.querySelector('.swiper') as HTMLElement & { swiper: SwiperInstance }).swiper.slides.length).toBeGreaterThanOrEqual(2);
  });


  it('fetches Swiper when the autoplay’s first turn is due, and takes that turn at once', async () => {
    jest.useFakeTimers();
    stubApi({ indexNotice: { player: [], banners: [banner(1, 'w_games'), banner(2, 'w_games'), banner(3, 'w_games')], popup: [], promotion: [] } });
    renderWithProviders(<BannerCarousel group="w_games" />);
    await screen.findByTestId('banner-first-slide');
    await act(async () => {
      jest.advanceTimersByTime(4900);
    });
    expect(screen.getByTestId('banner-first-slide')).toBeTruthy();
    await act(async () => {
      jest.advanceTimersByTime(100);
    });
    await waitFor(() => expect(screen.queryByTestId('banner-first-slide')).toBeNull());
    const swiper = (document.querySelector('.swiper') as HTMLElement & { swiper: SwiperInstance }).swiper;
    expect(swiper.realIndex).toBe(1);
  });
});
