import { cookieStore, forgetRememberedPasswords, getRememberedLogin, rememberLogin, rememberSmsLogin, serializeCookie } from './cookies';
import { REMEMBER_MAX_AGE_MS } from './storage-keys';

function clearCookies() {
  for (const pair of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${pair.split('=')[0]}=; Max-Age=0; Path=/`;
  }
}

beforeEach(clearCookies);

describe('serializeCookie', () => {
  it('turns a lifetime in milliseconds into Max-Age seconds', () => {
    expect(REMEMBER_MAX_AGE_MS).toBe(86_400_000);
    expect(serializeCookie('remember', 'true', { maxAgeMs: REMEMBER_MAX_AGE_MS })).toBe('remember=true; Path=/; SameSite=Lax; Max-Age=86400');
    expect(serializeCookie('a b', 'x;y=z')).toBe('a%20b=x%3By%3Dz; Path=/; SameSite=Lax');
    expect(serializeCookie('gone', '', { maxAgeMs: 0 })).toContain('Max-Age=0');
  });
});

describe('cookieStore', () => {
  it('stores typed values and deletes them', () => {
    cookieStore.set('lastUser', 'player;01', { maxAgeMs: 60_000 });
    cookieStore.set('remember', true, { maxAgeMs: 60_000 });
    cookieStore.set('smsLogin', { mobileNum: '0123456789', countryDialingCode: '+880' });

    expect(cookieStore.get('lastUser')).toBe('player;01');
    expect(cookieStore.get('remember')).toBe(true);
    expect(cookieStore.get('smsLogin')).toEqual({ mobileNum: '0123456789', countryDialingCode: '+880' });

    cookieStore.remove('lastUser');
    expect(cookieStore.get('lastUser')).toBeNull();
    expect(cookieStore.get('remember')).toBe(true);
  });

  it('ignores cookies it cannot decode', () => {
    document.cookie = 'lastUser=%E0%A4%A';
    expect(cookieStore.get('lastUser')).toBeNull();
  });
});

describe('remember me', () => {
  /** Everything the page's scripts can read: cookies and both web storages. */
  const readableByScripts = () =>
    [document.cookie, JSON.stringify({ ...window.localStorage }), JSON.stringify({ ...window.sessionStorage })].join('\n');

  it('remembers the username for a day, never the password, and forgets it when unticked', () => {
    rememberLogin('alice', true);
    expect(getRememberedLogin()).toEqual({ username: 'alice' });
    expect(cookieStore.get('lastUser')).toBe('alice');
    expect(cookieStore.get('remember')).toBe(true);

    rememberLogin('alice', false);
    expect(getRememberedLogin()).toBeNull();
    expect(cookieStore.get('lastUser')).toBeNull();
    expect(cookieStore.get('remember')).toBeNull();
  });

  it('ignores a password handed over the 2.0 way (a remote built against it): nothing stores it', () => {
    rememberLogin('alice', 'a-secret-pw', true);
    expect(getRememberedLogin()).toEqual({ username: 'alice' });
    expect(readableByScripts()).not.toContain('a-secret-pw');
    rememberLogin('alice', 'a-secret-pw', false);
    expect(getRememberedLogin()).toBeNull();
  });

  it('deletes the password cookies an earlier version left, keeping the remembered username', () => {
    // What 2.0 wrote: pwd_<username> beside lastUser and remember, Path=/.
    document.cookie = 'lastUser=alice; Path=/';
    document.cookie = 'remember=true; Path=/';
    document.cookie = 'pwd_alice=a-secret-pw; Path=/';
    document.cookie = `${encodeURIComponent('pwd_bob smith')}=${encodeURIComponent('b;secret')}; Path=/`;
    document.cookie = 'theme=dark; Path=/';

    expect(getRememberedLogin()).toEqual({ username: 'alice' });
    expect(document.cookie).not.toMatch(/pwd_|secret/);
    expect(document.cookie).toContain('theme=dark');

    document.cookie = 'pwd_carol=c-secret; Path=/';
    forgetRememberedPasswords();
    expect(document.cookie).not.toContain('pwd_');
  });

  it('remembers the SMS login number, or forgets it', () => {
    rememberSmsLogin({ mobileNum: '01711111111', countryDialingCode: '880' });
    expect(cookieStore.get('smsLogin')).toEqual({ mobileNum: '01711111111', countryDialingCode: '880' });
    rememberSmsLogin(null);
    expect(cookieStore.get('smsLogin')).toBeNull();
  });
});
