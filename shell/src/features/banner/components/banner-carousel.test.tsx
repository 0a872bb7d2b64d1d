import { bus, type Banner } from '@platform/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Swiper as SwiperInstance } from 'swiper';
import { currentLocation, recordCommands, renderWithProviders, setStatus, stubApi, type StubValue } from '@platform/shared/testing';
import { BANNER_AUTOPLAY_DELAY_MS } from '../banner-settings';
import { DEFAULT_HELP_BANNER } from '../hooks/use-banners';
import { BannerCarousel } from './banner-carousel';

function banner(bannerId: number, groupName: string, linkage: Partial<Banner> = {}): Banner {
  return { bannerId, groupName, url: `/banners/${bannerId}.jpg`, linkageType: 'NONE', linkageValue: null, ...linkage };
}

function stubBanners(banners: Banner[]) {
  return stubApi({ indexNotice: { player: [], banners, popup: [], promotion: [] } });
}

/** The Swiper instance behind the carousel: its params are what the player gets. */
function swiperOf(container: HTMLElement): SwiperInstance {
  const element = container.querySelector('.swiper') as HTMLElement & { swiper?: SwiperInstance };
  if (!element?.swiper) throw new Error('no swiper');
  return element.swiper;
}

async function renderCarousel(group: string) {
  const view = renderWithProviders(<BannerCarousel group={group} />);
  const section = await screen.findByTestId('banner');
  // Swiper comes in its own chunk when the carousel first has to move or the player reaches for it;
  // the first slide stands in until then.
  fireEvent.pointerEnter(section);
  await waitFor(() => expect(screen.queryByTestId('banner-first-slide')).toBeNull());
  return view;
}

beforeEach(() => {
  setStatus();
});

describe('BannerCarousel', () => {
  it('shows only the banners of the route group, with the image base URL applied', async () => {
    stubBanners([banner(1, 'w_games'), banner(2, 'w_home'), banner(3, 'w_games')]);
    await renderCarousel('w_games');
    const images = screen.getAllByRole('img');
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      'https://cdn.example.test/banners/1.jpg',
      'https://cdn.example.test/banners/3.jpg',
    ]);
  });

  it('on home loops and autoplays every 5000 ms with centred slides and pagination dots', async () => {
    stubBanners([banner(1, 'w_home'), banner(2, 'w_home'), banner(3, 'w_home')]);
    const { container } = await renderCarousel('w_home');
    const swiper = swiperOf(container);
    expect(BANNER_AUTOPLAY_DELAY_MS).toBe(5000);
    expect(swiper.params.loop).toBe(true);
    expect(swiper.params.autoplay).toEqual(expect.objectContaining({ delay: 5000 }));
    expect(swiper.autoplay.running).toBe(true);
    expect(swiper.params.centeredSlides).toBe(true);
    expect(container.querySelectorAll('.swiper-pagination-bullet')).toHaveLength(3);
  });

  it('on other groups shows one slide per view without dots, looping only with more than one banner', async () => {
    stubBanners([banner(1, 'w_promotion'), banner(2, 'w_promotion')]);
    const { container } = await renderCarousel('w_promotion');
    const swiper = swiperOf(container);
    expect(swiper.params.slidesPerView).toBe(1);
    expect(swiper.params.centeredSlides).toBe(false);
    expect(swiper.params.loop).toBe(true);
    expect(swiper.autoplay.running).toBe(true);
    expect(container.querySelector('.swiper-pagination')).toBeNull();
  });

  it.each(['w_home', 'w_games'])('with a single banner in %s neither loops nor autoplays', async (group) => {
    stubBanners([banner(1, group)]);
    const { container } = await renderCarousel(group);
    const swiper = swiperOf(container);
    expect(swiper.params.loop).toBe(false);
    expect(swiper.params.autoplay).toEqual(expect.objectContaining({ enabled: false }));
    expect(swiper.autoplay.running).toBe(false);
  });

  it('renders nothing when the group has no banners', async () => {
    const { call } = stubBanners([banner(1, 'w_home')]);
    renderWithProviders(<BannerCarousel group="w_games" />);
    await act(async () => {
      await call.mock.results[0]?.value;
    });
    expect(screen.queryByTestId('banner')).toBeNull();
  });

  it('on the help page adds the default promotion banner when none exist, leading to promotions', async () => {
    stubBanners([banner(1, 'w_home')]);
    const { container } = await renderCarousel('w_help');
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(1);
    expect(images[0].getAttribute('src')).toBe(DEFAULT_HELP_BANNER.url);
    fireEvent.click(screen.getByRole('button', { name: 'Banner 1' }));
    expect(currentLocation(container.ownerDocument)).toBe('/promotions');
  });

  it('on the help page keeps the operator’s own help banners', async () => {
    stubBanners([banner(9, 'w_help')]);
    await renderCarousel('w_help');
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('src'))).toEqual(['https://cdn.example.test/banners/9.jpg']);
  });

  it('follows a promotion linkage to the promotion', async () => {
    stubBanners([banner(1, 'w_games', { linkageType: 'PROMOTION', linkageValue: '42' })]);
    await renderCarousel('w_games');
    fireEvent.click(screen.getByRole('button', { name: 'Banner 1' }));
    expect(currentLocation()).toBe('/promotions/42');
  });

  it('links a promotion in the one form /promotions/:id, its id escaped', async () => {
    stubBanners([banner(1, 'w_games', { linkageType: 'PROMOTION', linkageValue: '7/../x?y' })]);
    await renderCarousel('w_games');
    fireEvent.click(screen.getByRole('button', { name: 'Banner 1' }));
    expect(currentLocation()).toBe('/promotions/7%2F..%2Fx%3Fy');
  });

  it('follows a route linkage inside the site', async () => {
    stubBanners([banner(1, 'w_games', { linkageType: 'ROUTE', linkageValue: '/pointMall' })]);
    await renderCarousel('w_games');
    fireEvent.click(screen.getByRole('button', { name: 'Banner 1' }));
    expect(currentLocation()).toBe('/pointMall');
  });

  it('opens a URL linkage in a new window without access to this page', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    stubBanners([banner(1, 'w_games', { linkageType: 'URL', linkageValue: 'https://partner.example.test/offer' })]);
    await renderCarousel('w_games');
    fireEvent.click(screen.getByRole('button', { name: 'Banner 1' }));
    expect(open).toHaveBeenCalledWith('https://partner.example.test/offer', '_blank', 'noopener,noreferrer');
  });

  it('asks for the game of a game linkage to be launched', async () => {
    const { commands, stop } = recordCommands('launchGame');
    stubBanners([banner(1, 'w_games', { linkageType: 'GAME', linkageValue: '{"gameType":"RNG","vassalage":"JL","gameCode":"777"}' })]);
    await renderCarousel('w_games');
    fireEvent.click(screen.getByRole('button', { name: 'Banner 1' }));
    expect(commands).toEqual([{ type: 'launchGame', game: { gameType: 'RNG', vassalage: 'JL', gameCode: '777' } }]);
    stop();
  });

  it('does not make a banner without linkage clickable', async () => {
    stubBanners([banner(1, 'w_games')]);
    await renderCarousel('w_games');
    expect(screen.getByRole('img', { name: 'Banner 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Banner 1' })).toBeNull();
  });

  it('keeps the banner box while the banners load, so nothing below moves when they come', async () => {
    let answer: (value: StubValue<'indexNotice'>) => void = () => undefined;
    stubApi({ indexNotice: () => new Promise((resolve) => (answer = resolve)) });
    renderWithProviders(<BannerCarousel group="w_home" />);
    const placeholder = await screen.findByTestId('banner-placeholder');
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder.querySelector('.image')).not.toBeNull();
    await act(async () => answer({ player: [], banners: [banner(1, 'w_home'), banner(2, 'w_home')], popup: [], promotion: [] }));
    expect(await screen.findByTestId('banner')).toBeTruthy();
    expect(screen.queryByTestId('banner-placeholder')).toBeNull();
  });

  it('fetches the index notice once for every group shown during the page', async () => {
    const { call } = stubBanners([banner(1, 'w_home'), banner(2, 'w_games')]);
    const first = await renderCarousel('w_home');
    first.unmount();
    await renderCarousel('w_games');
    expect(call).toHaveBeenCalledTimes(1);
    expect(bus.get('language')).toBe('EN');
  });

  it('draws the next page’s banners from its first render once the notice has arrived', async () => {
    stubBanners([banner(1, 'w_home'), banner(2, 'w_games')]);
    const first = await renderCarousel('w_home');
    first.unmount();
    renderWithProviders(<BannerCarousel group="w_games" />);
    expect(screen.getByTestId('banner-first-slide')).toBeTruthy();
    expect(screen.queryByTestId('banner-placeholder')).toBeNull();
  });

  it('shows the banners of a new language once they arrive, keeping the old ones on show meanwhile', async () => {
    let answer: (value: StubValue<'indexNotice'>) => void = () => undefined;
    const { call } = stubApi({
      indexNotice: () =>
        bus.get('language') === 'TH'
          ? new Promise((resolve) => (answer = resolve))
          : { player: [], banners: [banner(1, 'w_games')], popup: [], promotion: [] },
    });
    await renderCarousel('w_games');

    act(() => bus.set('language', 'TH'));

    expect(call).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('img').getAttribute('src')).toBe('https://cdn.example.test/banners/1.jpg');
    await act(async () => answer({ player: [], banners: [banner(7, 'w_games')], popup: [], promotion: [] }));
    await waitFor(() => expect(screen.getByRole('img').getAttribute('src')).toBe('https://cdn.example.test/banners/7.jpg'));
    expect(screen.queryByTestId('banner-placeholder')).toBeNull();
  });
});
