import { STORAGE_KEYS } from './storage-keys';
import {
  clearSession,
  createTypedStore,
  getLotteryFavourites,
  getMerchantCode,
  localStore,
  sessionStore,
  setLotteryFavourites,
  setMerchantCode,
} from './web-storage';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('sessionStore and localStore', () => {
  it('store text, numbers, flags and JSON under the site’s keys and read them back typed', () => {
    sessionStore.set('token', 'abc');
    sessionStore.set('isAgent', 4);
    sessionStore.set('cpw', true);
    sessionStore.set('login', { token: 'abc', firstTimeLogin: true, passwordExpired: false, userName: 'player01', id: 7 });
    localStore.set('theme', 'dark');

    expect(sessionStorage.getItem('token')).toBe('abc');
    expect(sessionStorage.getItem('isAgent')).toBe('4');
    expect(sessionStorage.getItem('cpw')).toBe('true');
    expect(JSON.parse(sessionStorage.getItem('login')!)).toEqual({ token: 'abc', firstTimeLogin: true, passwordExpired: false, userName: 'player01', id: 7 });
    expect(localStorage.getItem('theme')).toBe('dark');

    expect(sessionStore.get('isAgent')).toBe(4);
    expect(sessionStore.get('cpw')).toBe(true);
    expect(sessionStore.get('login')?.firstTimeLogin).toBe(true);
    expect(localStore.get('theme')).toBe('dark');
  });

  it('read values written by older clients or by hand safely', () => {
    sessionStorage.setItem('isAgent', 'agent');
    sessionStorage.setItem('firstTimeLogin', '1');
    sessionStorage.setItem('routers', '{not json');
    localStorage.setItem('theme', 'purple');

    expect(sessionStore.get('isAgent')).toBeNull();
    expect(sessionStore.get('firstTimeLogin')).toBe(true);
    expect(sessionStore.get('routers')).toBeNull();
    expect(localStore.get('theme')).toBeNull();
    expect(sessionStore.get('token')).toBeNull();
  });

  it('remove a key when set to null, or by remove', () => {
    sessionStore.set('token', 'abc');
    sessionStore.set('token', null);
    expect(sessionStorage.getItem('token')).toBeNull();
    localStore.set('hisLang', 'EN');
    localStore.remove('hisLang');
    expect(localStorage.getItem('hisLang')).toBeNull();
  });

  it('behave as empty when storage is unavailable', () => {
    const broken = createTypedStore(() => {
      throw new Error('SecurityError');
    }, STORAGE_KEYS.session);
    expect(broken.get('token')).toBeNull();
    expect(() => broken.set('token', 'x')).not.toThrow();
  });

  it('list every storage key of the site', () => {
    expect(Object.keys(STORAGE_KEYS.session)).toEqual(
      expect.arrayContaining([
        'token', 'isAgent', 'account', 'username', 'merchant', 'merchantCode', 'customerId', 'memberLabel',
        'firstTimeLogin', 'passwordExpired', 'gameVendor', 'iframeUrl', 'routers', 'index_notice', 'consolidated',
        'enableSalary', 'enableContract', 'settings', 'validationSettings', 'login', 'cpw', 'permission', 'whitelabel',
      ]),
    );
    // deviceId: the browser's Device-Id for the registration limits, a key of our own.
    // analyticsConsent: the answer to the analytics question, when the merchant requires consent.
    expect(Object.keys(STORAGE_KEYS.local).sort()).toEqual(['LOTTFAV', 'analyticsConsent', 'deviceId', 'hisLang', 'lang', 'merchantCode', 'theme']);
  });
});

describe('clearSession', () => {
  it('clears the session but keeps the merchant values, and leaves localStorage alone', () => {
    setMerchantCode('brand01');
    sessionStore.set('token', 'abc');
    sessionStore.set('isAgent', 1);
    sessionStorage.setItem('MOBILENUMREG3', '{"enabled":"1"}');
    localStore.set('hisLang', 'EN');

    clearSession();

    expect(sessionStore.get('token')).toBeNull();
    expect(sessionStore.get('isAgent')).toBeNull();
    expect(sessionStorage.getItem('MOBILENUMREG3')).toBeNull();
    expect(sessionStore.get('merchant')).toBe('brand01');
    expect(sessionStore.get('merchantCode')).toBe('brand01');
    expect(localStore.get('hisLang')).toBe('EN');
    expect(sessionStorage).toHaveLength(2);
  });
});

describe('merchant code', () => {
  it('prefers localStorage, then this tab', () => {
    expect(getMerchantCode()).toBeNull();
    sessionStore.set('merchantCode', 'tab');
    expect(getMerchantCode()).toBe('tab');
    localStore.set('merchantCode', 'browser');
    expect(getMerchantCode()).toBe('browser');
  });
});

describe('lottery favourites', () => {
  it('are kept per username', () => {
    setLotteryFavourites('alice', ['SSC1', 'PK10']);
    setLotteryFavourites('bob', [3]);
    expect(getLotteryFavourites('alice')).toEqual(['SSC1', 'PK10']);
    expect(getLotteryFavourites('bob')).toEqual([3]);
    expect(getLotteryFavourites('carol')).toEqual([]);
    expect(JSON.parse(localStorage.getItem('LOTTFAV')!)).toEqual({ alice: ['SSC1', 'PK10'], bob: [3] });
  });
});
