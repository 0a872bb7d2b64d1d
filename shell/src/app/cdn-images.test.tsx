import { configureCdns } from '@platform/shared';
import { renderWithProviders, setStatus } from '@platform/shared/testing';
import { fireEvent, screen } from '@testing-library/react';
import { BannerSlideContent } from '../features/banner/components/banner-slide';
import { resolveImageUrl } from '../features/settings/use-site-settings';

// The shell's pictures on the image CDNs of the status (picked at random at start-up, shared/src/cdn):
// a picture that fails to load asks the next CDN, then the site's own image base.

afterEach(() => configureCdns({}));

test('a banner comes from the picked image CDN and moves to the next base when it fails to load', () => {
  setStatus();
  configureCdns({ imageCDNs: ['https://a.cdn.test', 'https://b.cdn.test'], imageBaseUrl: 'https://site.test/img' }, () => 0.75);
  const url = resolveImageUrl('/banners/1.jpg', 'https://site.test/img');
  expect(url).toBe('https://b.cdn.test/banners/1.jpg');
  renderWithProviders(<BannerSlideContent banner={{ bannerId: 1, groupName: 'H', url, linkageType: 'NONE', linkageValue: null }} index={0} first />);
  const image = screen.getByRole('img', { name: 'Banner 1' });
  fireEvent.error(image);
  expect(image.getAttribute('src')).toBe('https://a.cdn.test/banners/1.jpg');
  fireEvent.error(image);
  expect(image.getAttribute('src')).toBe('https://site.test/img/banners/1.jpg');
  fireEvent.error(image);
  expect(image.getAttribute('src')).toBe('https://site.test/img/banners/1.jpg');
});

test('without image CDNs a picture stays on the site image base', () => {
  configureCdns({ imageCDNs: [] });
  expect(resolveImageUrl('/logo.png', 'https://site.test/img/')).toBe('https://site.test/img/logo.png');
  expect(resolveImageUrl('https://elsewhere.test/x.png', 'https://site.test/img/')).toBe('https://elsewhere.test/x.png');
});
