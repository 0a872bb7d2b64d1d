import { cookieStore, getRememberedLogin, rememberLogin, rememberSmsLogin, serializeCookie } from './cookies';
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

  it('keeps a password per username', () => {
    cookieStore.setPassword('alice', 'a-secret');
    cookieStore.setPassword('bob', 'b-secret');
    expect(cookieStore.getPassword('alice')).toBe('a-secret');
    expect(cookieStore.getPassword('bob')).toBe('b-secret');
    cookieStore.removePassword('alice');
    expect(cookieStore.getPassword('alice')).toBeNull();
    expect(cookieStore.getPassword('bob')).toBe('b-secret');
  });

  it('ignores cookies it cannot decode', () => {
    document.cookie = 'lastUser=%E0%A4%A';
    expect(cookieStore.get('lastUser')).toBeNull();
  });
});

describe('remember me', () => {
  it('remembers the username and password for a day, and forgets them when unticked', () => {
    rememberLogin('alice', 'a-secret', true);
    expect(getRememberedLogin()).toEqual({ username: 'alice', password: 'a-secret' });

    rememberLogin('alice', 'a-secret', false);
    expect(getRememberedLogin()).toBeNull();
    expect(cookieStore.getPassword('alice')).toBeNull();
    expect(cookieStore.get('remember')).toBeNull();
  });

  it('forgets the previous user too when another logs in without remember', () => {
    rememberLogin('alice', 'a-secret', true);
    rememberLogin('bob', 'b-secret', false);
    expect(cookieStore.getPassword('alice')).toBeNull();
    expect(getRememberedLogin()).toBeNull();
  });

  it('remembers the SMS login number, or forgets it', () => {
    rememberSmsLogin({ mobileNum: '01711111111', countryDialingCode: '880' });
    expect(cookieStore.get('smsLogin')).toEqual({ mobileNum: '01711111111', countryDialingCode: '880' });
    rememberSmsLogin(null);
    expect(cookieStore.get('smsLogin')).toBeNull();
  });
});
