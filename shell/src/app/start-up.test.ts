import { api, cdnImageUrl, cdnLaunchUrl, configureCdns, getMerchantCode, getRememberedLogin, localStore, prefetchTranslations, sessionStore } from '@platform/shared';
import { memberInfoCall } from '@platform/contract';
import { makeStatus, stubApi, type StubValue } from '@platform/shared/testing';
import { forgetBanners } from '../features/banner/hooks/use-banners';
import { loadRemoteComponent } from '../remotes/load-remote-module';
import { loadRemoteManifest } from '../remotes/remote-registry';
import { routeShowsBanners, startUp } from './start-up';

// The federation runtime cannot load in Jest: the remote list is not what is tested here.
// Spied on: which language's strings start-up asks for, and when.
jest.mock('@platform/shared', () => ({ ...jest.requireActual('@platform/shared'), prefetchTranslations: jest.fn() }));
jest.mock('../remotes/load-remote-module', () => ({ loadRemoteComponent: jest.fn(async () => ({ default: () => null })) }));
jest.mock('../remotes/remote-registry', () => ({ loadRemoteManifest: jest.fn(async () => []) }));

describe('start-up', () => {
  it('deletes a password an earlier version remembered in a script-readable cookie, keeping the remembered username', async () => {
    // What an earlier version of the site wrote: the username, the flag, and pwd_<username> in clear.
    document.cookie = 'lastUser=alice; Path=/';
    document.cookie = 'remember=true; Path=/';
    document.cookie = 'pwd_alice=a-secret-pw; Path=/';
    stubApi({ systemStatus: makeStatus(), countries: [] });

    await startUp();

    expect(document.cookie).not.toContain('pwd_');
    expect(document.cookie).not.toContain('a-secret-pw');
    expect(getRememberedLogin()).toEqual({ username: 'alice' });
  });

  it('asks for the banners during start-up on a page that shows them, and not elsewhere', async () => {
    forgetBanners();
    window.history.replaceState(null, '', '/rng');
    const { callsOf } = stubApi({ systemStatus: makeStatus(), countries: [], indexNotice: { player: [], banners: [], popup: [], promotion: [] } });
    await startUp();
    expect(callsOf('indexNotice')).toHaveLength(1);

    forgetBanners();
    jest.restoreAllMocks();
    window.history.replaceState(null, '', '/login');
    const second = stubApi({ systemStatus: makeStatus(), countries: [] });
    await startUp();
    expect(second.callsOf('indexNotice')).toHaveLength(0);
    window.history.replaceState(null, '', '/');
  });

  it.each([
    ['/', true],
    ['/home', true],
    ['/rng', true],
    ['/promotions/12', true],
    ['/help', true],
    ['/login', false],
    ['/lottery', false],
    ['/game', false],
  ])('knows whether %s shows banners (%s)', (pathname, shows) => {
    expect(routeShowsBanners(pathname)).toBe(shows);
  });

  it('fetches the likely language’s strings while the site settings load, not after them', async () => {
    window.localStorage.setItem('lang', 'TH');
    let answerStatus: (value: StubValue<'systemStatus'>) => void = () => undefined;
    const statusAnswer = new Promise<StubValue<'systemStatus'>>((resolve) => (answerStatus = resolve));
    let prefetchedBeforeStatus: boolean | null = null;
    stubApi({
      systemStatus: () => {
        prefetchedBeforeStatus = jest.mocked(prefetchTranslations).mock.calls.some(([code]) => code === 'TH');
        return statusAnswer;
      },
      countries: [],
    });
    const started = startUp();
    expect(prefetchTranslations).toHaveBeenCalledWith('TH');
    answerStatus(makeStatus());
    await started;
    expect(prefetchedBeforeStatus).toBe(true);
  });

  it('writes the merchant the domain resolves to (info.merchantCode) where every later call takes its Merchant header from', async () => {
    // An earlier visit's code is not sent with the boot status: the domain decides.
    localStore.set('merchantCode', 'old-brand');
    const status = makeStatus();
    status.info.merchantCode = 'BRAND7';
    const { callsOf } = stubApi({ systemStatus: status, countries: [] });

    await startUp();

    expect(callsOf('systemStatus')[0]?.headers).toEqual({ Merchant: false });
    expect(callsOf('systemStatus')[0]?.params).toEqual({ url: window.location.host });
    expect(getMerchantCode()).toBe('BRAND7');
    expect([sessionStore.get('merchant'), sessionStore.get('merchantCode'), localStore.get('merchantCode')]).toEqual(['BRAND7', 'BRAND7', 'BRAND7']);
    expect(api.headersFor(memberInfoCall).Merchant).toBe('BRAND7');
    expect(sessionStore.get('permission')?.info.merchantCode).toBe('BRAND7');
  });

  it('picks the image and game-launch CDNs from the status lists', async () => {
    const status = makeStatus();
    status.info.imageCDNs = ['https://img1.cdn.test', 'https://img2.cdn.test'];
    status.info.launchGameCDNs = ['https://games.cdn.test/'];
    stubApi({ systemStatus: status, countries: [] });

    await startUp();

    expect(cdnImageUrl('/banners/1.jpg')).toMatch(/^https:\/\/img[12]\.cdn\.test\/banners\/1\.jpg$/);
    expect(cdnLaunchUrl('/jl/play/JLS001?session=s')).toBe('https://games.cdn.test/jl/play/JLS001?session=s');
    configureCdns({});
  });

  it('fetches the page’s own remote module during start-up, and no other', async () => {
    jest.mocked(loadRemoteComponent).mockClear();
    window.history.replaceState(null, '', '/rng');
    stubApi({ systemStatus: makeStatus(), countries: [], indexNotice: { player: [], banners: [], popup: [], promotion: [] } });
    await startUp();
    expect(loadRemoteComponent).toHaveBeenCalledTimes(1);
    expect(loadRemoteComponent).toHaveBeenCalledWith('mfe_lobby', './GameCategoryPage');
    window.history.replaceState(null, '', '/');
  });

  it('routes by the routes the remotes bring with /remotes.json, already for the page it opens on', async () => {
    jest.mocked(loadRemoteComponent).mockClear();
    jest.mocked(loadRemoteManifest).mockResolvedValueOnce([
      {
        name: 'mfe_lobby',
        entry: '/remotes/mfe_lobby/1.1.0/mf-manifest.json',
        version: '1.1.0',
        routes: [{ id: 'games-crash', paths: ['/crash'], module: './GameCategoryPage', layout: 'full', banner: 'w_games' }],
      },
    ]);
    window.history.replaceState(null, '', '/crash');
    const { callsOf } = stubApi({ systemStatus: makeStatus(), countries: [], indexNotice: { player: [], banners: [], popup: [], promotion: [] } });
    await startUp();
    expect(loadRemoteComponent).toHaveBeenCalledWith('mfe_lobby', './GameCategoryPage');
    expect(callsOf('indexNotice')).toHaveLength(1);
    expect(routeShowsBanners('/crash')).toBe(true);
    window.history.replaceState(null, '', '/');
  });
});
