import { act, render, screen, waitFor } from '@testing-library/react';
import { updateLanguageCall } from '@platform/contract';
import { createEventBus, type EventBus } from '../bus/event-bus';
import { localStore, sessionStore } from '../storage/web-storage';
import { i18n, registerTranslations } from './i18n-instance';
import { followBusLanguage, initLanguage, setLanguage } from './language';
import { DEFAULT_LANGUAGE, findLanguageOption, LANGUAGE_OPTIONS, TRANSLATION_SETS, translationSetOf } from './language-options';
import { useT } from './use-t';

let bus: EventBus;
beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  bus = createEventBus();
  await i18n.changeLanguage(DEFAULT_LANGUAGE);
});

describe('language options', () => {
  it('offer about 30 languages, each reading one of the 7 translation sets', () => {
    expect(TRANSLATION_SETS).toEqual(['BN', 'CN', 'EN', 'ID', 'TH', 'TY', 'VI']);
    expect(LANGUAGE_OPTIONS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(LANGUAGE_OPTIONS.map((option) => option.code)).size).toBe(LANGUAGE_OPTIONS.length);
    for (const option of LANGUAGE_OPTIONS) expect(TRANSLATION_SETS).toContain(option.translationSet);
    expect(LANGUAGE_OPTIONS.filter((option) => option.rtl).map((option) => option.code).sort()).toEqual(['AR', 'FA', 'UR']);
  });

  it('map Traditional Chinese to TY and languages without a set to English', () => {
    expect(translationSetOf('TW')).toBe('TY');
    expect(findLanguageOption('ty')?.code).toBe('TW');
    expect(translationSetOf('ja')).toBe('EN');
    expect(translationSetOf('XX')).toBe('EN');
  });

  it('default to Bengali', () => {
    expect(i18n.t('close')).toBe('বন্ধ করুন');
  });
});

describe('setLanguage', () => {
  it('switches strings, storage, the bus and the page direction', async () => {
    await setLanguage('cn', { bus, api: null });
    expect(i18n.language).toBe('CN');
    expect(i18n.t('close')).toBe('关闭');
    expect(localStore.get('lang')).toBe('CN');
    expect(localStore.get('hisLang')).toBe('CN');
    expect(bus.get('language')).toBe('CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(document.documentElement.dir).toBe('ltr');

    await setLanguage('AR', { bus, api: null });
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18n.t('close')).toBe('Close');

    await setLanguage('TW', { bus, api: null });
    expect(i18n.t('close')).toBe('關閉');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('tells the server when logged in, and only then', async () => {
    const api = { call: jest.fn().mockResolvedValue(true) };
    await setLanguage('EN', { bus, api });
    expect(api.call).not.toHaveBeenCalled();

    sessionStore.set('token', 'tok');
    api.call.mockRejectedValueOnce(new Error('offline'));
    await expect(setLanguage('TH', { bus, api })).resolves.toBeUndefined();
    expect(api.call).toHaveBeenCalledWith(updateLanguageCall, { data: { language: 'TH' } });
    expect(bus.get('language')).toBe('TH');
  });
});

describe('initLanguage', () => {
  it('uses the stored choice when the site offers it', async () => {
    localStore.set('lang', 'EN');
    await expect(initLanguage('BN', ['BN', 'EN'], { bus })).resolves.toBe('EN');
    expect(i18n.language).toBe('EN');
  });

  it('falls back to the site default otherwise', async () => {
    localStore.set('lang', 'TH');
    await expect(initLanguage('BN', ['BN', 'EN'], { bus })).resolves.toBe('BN');
    expect(bus.get('language')).toBe('BN');
    await expect(initLanguage(null, [], { bus })).resolves.toBe('BN');
  });
});

describe('following the bus', () => {
  it('changes the page language when another tab changes the bus', async () => {
    const stop = followBusLanguage(bus);
    bus.language$.next('VI');
    // Once the language's translation sets are there (fetched per language).
    await waitFor(() => expect(i18n.language).toBe('VI'));
    expect(document.documentElement.lang).toBe('vi');
    stop();
  });
});

describe('useT and registerTranslations', () => {
  it('renders an app namespace and re-renders on language change', async () => {
    registerTranslations('demo', {
      BN: { hello: 'হ্যালো' },
      CN: { hello: '你好' },
      EN: { hello: 'Hello' },
      ID: { hello: 'Halo' },
      TH: { hello: 'สวัสดี' },
      TY: { hello: '你好' },
      VI: { hello: 'Xin chào' },
    });
    function Greeting() {
      const { t } = useT('demo');
      return <p>{t('hello')}</p>;
    }
    render(<Greeting />);
    expect(screen.getByText('হ্যালো')).toBeTruthy();
    await act(() => setLanguage('ID', { bus, api: null }));
    expect(screen.getByText('Halo')).toBeTruthy();
  });
});
