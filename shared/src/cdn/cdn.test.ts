import {
  cdnImageFallback,
  cdnImageUrl,
  cdnLaunchUrl,
  configureCdns,
  createCdnRotation,
  currentImageBase,
  currentLaunchBase,
  joinBase,
  reportLaunchFailure,
} from './cdn';

/** A `random` that picks the base at `index` of a list of `length`. */
const pick = (index: number, length: number) => () => (index + 0.5) / length;

afterEach(() => configureCdns({}));

describe('createCdnRotation', () => {
  it('picks its first base at random, over the whole list', () => {
    const bases = ['https://a.cdn.test', 'https://b.cdn.test', 'https://c.cdn.test'];
    expect(createCdnRotation(bases, () => 0).current()).toBe('https://a.cdn.test');
    expect(createCdnRotation(bases, () => 0.5).current()).toBe('https://b.cdn.test');
    expect(createCdnRotation(bases, () => 0.9999).current()).toBe('https://c.cdn.test');
    // Math.random by default: every base is picked some of the time.
    const seen = new Set(Array.from({ length: 200 }, () => createCdnRotation(bases).current()));
    expect([...seen].sort()).toEqual(bases);
  });

  it('moves on to the next base (wrapping) when the current one fails, once per failure', () => {
    const rotation = createCdnRotation(['https://a.cdn.test', 'https://b.cdn.test', 'https://c.cdn.test'], pick(1, 3));
    expect(rotation.moveOn('https://b.cdn.test')).toBe('https://c.cdn.test');
    // A late report of the base already left does not skip the new one.
    expect(rotation.moveOn('https://b.cdn.test')).toBe('https://c.cdn.test');
    expect(rotation.moveOn('https://c.cdn.test')).toBe('https://a.cdn.test');
    expect(rotation.after('https://a.cdn.test')).toBe('https://b.cdn.test');
  });

  it('keeps only http(s) bases, once each: an operator typo or a script address is never used', () => {
    const rotation = createCdnRotation(['', '  ', 'javascript:alert(1)', 'data:text/html,x', 'not a url', 'https://a.cdn.test ', 'https://a.cdn.test', '//b.cdn.test'], () => 0);
    expect(rotation.bases).toEqual(['https://a.cdn.test', '//b.cdn.test']);
    expect(createCdnRotation([], () => 0.3).current()).toBeNull();
    expect(createCdnRotation(null).moveOn('https://a.cdn.test')).toBeNull();
  });
});

describe('images', () => {
  it('puts a relative path on the picked image CDN, absolute addresses as they are', () => {
    configureCdns({ imageCDNs: ['https://img1.cdn.test/', 'https://img2.cdn.test/assets'], imageBaseUrl: 'https://site.test/img' }, pick(1, 2));
    expect(currentImageBase()).toBe('https://img2.cdn.test/assets');
    expect(cdnImageUrl('/banners/1.jpg')).toBe('https://img2.cdn.test/assets/banners/1.jpg');
    expect(cdnImageUrl('icons/jl.png')).toBe('https://img2.cdn.test/assets/icons/jl.png');
    for (const absolute of ['https://elsewhere.test/a.png', '//elsewhere.test/a.png', 'data:image/png;base64,AAAA', 'blob:https://site.test/1', '']) {
      expect(cdnImageUrl(absolute)).toBe(absolute);
    }
  });

  it('uses the site image base without CDNs, and the path as it is without either', () => {
    configureCdns({ imageCDNs: [], imageBaseUrl: 'https://site.test/img/' });
    expect(cdnImageUrl('/a.png')).toBe('https://site.test/img/a.png');
    configureCdns({});
    expect(cdnImageUrl('/a.png')).toBe('/a.png');
  });

  it('an <img> that fails moves to the next base, then the next, then the site base, then stops; later images start on the next base', () => {
    configureCdns({ imageCDNs: ['https://a.cdn.test', 'https://b.cdn.test', 'https://c.cdn.test'], imageBaseUrl: 'https://site.test' }, pick(1, 3));
    const image = document.createElement('img');
    image.addEventListener('error', cdnImageFallback);
    image.setAttribute('src', cdnImageUrl('/banners/1.jpg'));
    const fail = () => {
      image.dispatchEvent(new Event('error'));
      return image.getAttribute('src');
    };
    expect(image.getAttribute('src')).toBe('https://b.cdn.test/banners/1.jpg');
    expect(fail()).toBe('https://c.cdn.test/banners/1.jpg');
    expect(cdnImageUrl('/logo.svg')).toBe('https://c.cdn.test/logo.svg');
    expect(fail()).toBe('https://a.cdn.test/banners/1.jpg');
    expect(fail()).toBe('https://site.test/banners/1.jpg');
    // Every base tried once: it stays broken (no loop of requests).
    expect(fail()).toBe('https://site.test/banners/1.jpg');
    expect(fail()).toBe('https://site.test/banners/1.jpg');
  });

  it('leaves an image alone that is not on a configured base', () => {
    configureCdns({ imageCDNs: ['https://a.cdn.test', 'https://b.cdn.test'] }, () => 0);
    const image = document.createElement('img');
    image.setAttribute('src', 'https://other.test/x.png');
    cdnImageFallback({ currentTarget: image });
    expect(image.getAttribute('src')).toBe('https://other.test/x.png');
    expect(currentImageBase()).toBe('https://a.cdn.test');
  });

  it('keeps the picks when the same lists are configured again (a status reload)', () => {
    configureCdns({ imageCDNs: ['https://a.cdn.test', 'https://b.cdn.test'] }, pick(1, 2));
    configureCdns({ imageCDNs: ['https://a.cdn.test', 'https://b.cdn.test'] }, pick(0, 2));
    expect(currentImageBase()).toBe('https://b.cdn.test');
    configureCdns({ imageCDNs: ['https://c.cdn.test'] }, pick(0, 1));
    expect(currentImageBase()).toBe('https://c.cdn.test');
  });
});

describe('game launch', () => {
  it('joins the launch answer’s relative game_url to the picked launch CDN', () => {
    configureCdns({ launchGameCDNs: ['https://g1.cdn.test', 'https://g2.cdn.test/'] }, pick(1, 2));
    expect(currentLaunchBase()).toBe('https://g2.cdn.test/');
    expect(cdnLaunchUrl('/jl/play/JLS001?session=s1&lang=EN')).toBe('https://g2.cdn.test/jl/play/JLS001?session=s1&lang=EN');
    expect(cdnLaunchUrl('https://vendor.test/launch?t=1')).toBe('https://vendor.test/launch?t=1');
  });

  it('gives a protocol-relative launch CDN the page’s scheme (the frame opens http(s) addresses only)', () => {
    configureCdns({ launchGameCDNs: ['//g.cdn.test/play'] });
    expect(cdnLaunchUrl('/jl/play/JLS001')).toBe(`${window.location.protocol}//g.cdn.test/play/jl/play/JLS001`);
  });

  it('leaves game_url on the site when the merchant has no launch CDN', () => {
    configureCdns({ launchGameCDNs: [] });
    expect(currentLaunchBase()).toBeNull();
    expect(cdnLaunchUrl('/jl/play/JLS001?session=s1')).toBe('/jl/play/JLS001?session=s1');
  });

  it('a failed launch gives the same game on the next CDN, and the next launch starts there', () => {
    configureCdns({ launchGameCDNs: ['https://g1.cdn.test', 'https://g2.cdn.test', 'https://g3.cdn.test'] }, pick(2, 3));
    const first = cdnLaunchUrl('/jl/play/JLS002?session=s2');
    expect(first).toBe('https://g3.cdn.test/jl/play/JLS002?session=s2');
    expect(reportLaunchFailure(first)).toBe('https://g1.cdn.test/jl/play/JLS002?session=s2');
    expect(cdnLaunchUrl('/jl/play/JLS001?session=s3')).toBe('https://g1.cdn.test/jl/play/JLS001?session=s3');
    expect(reportLaunchFailure('https://vendor.test/x')).toBeNull();
  });
});

test('joinBase puts exactly one slash between base and path', () => {
  expect(joinBase('https://a.test/', '/x')).toBe('https://a.test/x');
  expect(joinBase('https://a.test', 'x')).toBe('https://a.test/x');
  expect(joinBase('https://a.test/img//', '//x')).toBe('https://a.test/img/x');
});
