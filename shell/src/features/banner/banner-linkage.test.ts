import { parseGameLinkage } from './banner-linkage';
import { bannerCarouselOptions } from './banner-settings';

describe('bannerCarouselOptions', () => {
  it('moves only with more than one banner, and only home has dots and centred slides', () => {
    expect(bannerCarouselOptions('w_home', 2)).toMatchObject({ loop: true, autoplay: { delay: 5000 }, pagination: true, centeredSlides: true });
    expect(bannerCarouselOptions('w_home', 1)).toMatchObject({ loop: false, autoplay: false, pagination: true });
    expect(bannerCarouselOptions('w_games', 3)).toMatchObject({ loop: true, pagination: false, centeredSlides: false });
    expect(bannerCarouselOptions('w_help', 0)).toMatchObject({ loop: false, autoplay: false });
  });

  it('never autoplays for a player who asked for less motion, who can still swipe through the loop', () => {
    expect(bannerCarouselOptions('w_home', 5, true)).toMatchObject({ loop: true, autoplay: false, pagination: true });
    expect(bannerCarouselOptions('w_games', 3, true)).toMatchObject({ loop: true, autoplay: false });
  });
});

describe('parseGameLinkage', () => {
  it('reads JSON and colon-separated game references and refuses incomplete ones', () => {
    expect(parseGameLinkage('{"gameType":"LIVE","vassalage":"EVO"}')).toEqual({ gameType: 'LIVE', vassalage: 'EVO' });
    expect(parseGameLinkage('RNG:JL:fortune')).toEqual({ gameType: 'RNG', vassalage: 'JL', gameCode: 'fortune' });
    expect(parseGameLinkage('RNG')).toBeNull();
    expect(parseGameLinkage('{"gameType":"RNG"}')).toBeNull();
    expect(parseGameLinkage('{broken')).toBeNull();
  });
});
