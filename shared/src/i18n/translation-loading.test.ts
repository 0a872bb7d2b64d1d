import type { TranslationLoaders } from './i18n-instance';

// Translation sets fetched per language (3.1.0). Each test runs on a fresh i18n instance and
// registry (isolated modules): the shared test setup loads every set of the page's instance.

type Strings = Record<string, string>;
function loaders(strings: Partial<Record<keyof TranslationLoaders, Strings>>) {
  return Object.fromEntries(
    Object.entries(strings).map(([set, value]) => [set, jest.fn(async () => ({ default: value }))]),
  ) as Partial<Record<keyof TranslationLoaders, jest.Mock<Promise<{ default: Strings }>, []>>>;
}

async function freshI18n() {
  const instance = await import('./i18n-instance');
  const language = await import('./language');
  return { ...instance, ...language };
}

describe('translation sets fetched per language', () => {
  it('fetches a set only when a language that needs it is chosen, and switches with its strings, never its keys', async () => {
    await jest.isolateModulesAsync(async () => {
      const { i18n, registerTranslationLoaders, setLanguage } = await freshI18n();
      const demo = loaders({ BN: { hello: 'হ্যালো' }, EN: { hello: 'Hello' }, VI: { hello: 'Xin chào' }, TH: { hello: 'สวัสดี' } });
      await registerTranslationLoaders('demo', demo);
      // No language chosen yet: nothing fetched.
      expect(demo.BN).not.toHaveBeenCalled();
      expect(demo.EN).not.toHaveBeenCalled();

      // What the page shows at the moment the language changes (react-i18next re-renders then).
      const shown: string[] = [];
      i18n.on('languageChanged', () => shown.push(i18n.t('hello', { ns: 'demo' })));

      await setLanguage('EN', { api: null });
      expect(demo.EN).toHaveBeenCalledTimes(1);
      expect(demo.VI).not.toHaveBeenCalled();
      expect(demo.BN).not.toHaveBeenCalled();

      await setLanguage('VI', { api: null });
      // Vietnamese only (English is not fetched twice), Thai not at all.
      expect(demo.VI).toHaveBeenCalledTimes(1);
      expect(demo.EN).toHaveBeenCalledTimes(1);
      expect(demo.TH).not.toHaveBeenCalled();
      expect(shown).toEqual(['Hello', 'Xin chào']);
    });
  });

  it('fetches the English fallback only when a string is missing from the language in use', async () => {
    await jest.isolateModulesAsync(async () => {
      const { i18n, registerTranslationLoaders, setLanguage } = await freshI18n();
      const demo = loaders({ BN: { hello: 'হ্যালো' }, EN: { hello: 'Hello', bye: 'Goodbye' } });
      await registerTranslationLoaders('demo', demo);
      await setLanguage('BN', { api: null });
      expect(demo.BN).toHaveBeenCalledTimes(1);
      expect(i18n.t('hello', { ns: 'demo' })).toBe('হ্যালো');
      expect(demo.EN).not.toHaveBeenCalled();

      // A string the Bengali set lacks: the key for now, English once its set has arrived (the
      // 'added' event re-renders the page), fetched once however often it is asked for.
      const added = new Promise<void>((resolve) => i18n.store.on('added', (set: string) => set === 'EN' && resolve()));
      expect(i18n.t('bye', { ns: 'demo' })).toBe('bye');
      expect(i18n.t('bye', { ns: 'demo' })).toBe('bye');
      await added;
      expect(demo.EN).toHaveBeenCalledTimes(1);
      expect(i18n.t('bye', { ns: 'demo' })).toBe('Goodbye');
    });
  });

  it('does not take a set still on its way for a missing string', async () => {
    await jest.isolateModulesAsync(async () => {
      const { i18n, registerTranslationLoaders, setLanguage } = await freshI18n();
      let arrive: (value: { default: Strings }) => void = () => undefined;
      const bengali = jest.fn(() => new Promise<{ default: Strings }>((resolve) => (arrive = resolve)));
      const english = jest.fn(async () => ({ default: { hello: 'Hello' } }));
      await registerTranslationLoaders('slow', { BN: bengali, EN: english });
      const switching = setLanguage('BN', { api: null });
      // The page renders while Bengali is on its way: nothing is missing yet, English is not fetched.
      i18n.t('hello', { ns: 'slow', lng: 'BN' });
      arrive({ default: { hello: 'হ্যালো' } });
      await switching;
      expect(english).not.toHaveBeenCalled();
      expect(i18n.t('hello', { ns: 'slow' })).toBe('হ্যালো');
    });
  });

  it('fetches a namespace registered later (a remote) in the language in use at once', async () => {
    await jest.isolateModulesAsync(async () => {
      const { i18n, registerTranslationLoaders, setLanguage } = await freshI18n();
      await setLanguage('TH', { api: null });
      const later = loaders({ BN: { bye: 'বিদায়' }, EN: { bye: 'Goodbye' }, TH: { bye: 'ลาก่อน' } });
      await registerTranslationLoaders('later', later);
      expect(later.TH).toHaveBeenCalledTimes(1);
      expect(later.EN).not.toHaveBeenCalled();
      expect(later.BN).not.toHaveBeenCalled();
      expect(i18n.t('bye', { ns: 'later' })).toBe('ลาก่อน');
    });
  });

  it('asks again for a set that failed to arrive', async () => {
    await jest.isolateModulesAsync(async () => {
      const { i18n, loadTranslations, registerTranslationLoaders } = await freshI18n();
      const en = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: { hello: 'Hello' } });
      await registerTranslationLoaders('flaky', { EN: en });
      await expect(loadTranslations('EN')).rejects.toThrow('offline');
      await loadTranslations('EN');
      expect(en).toHaveBeenCalledTimes(2);
      expect(i18n.getResource('EN', 'flaky', 'hello')).toBe('Hello');
    });
  });

  it('prefetches the sets a language would need without choosing it', async () => {
    await jest.isolateModulesAsync(async () => {
      const { prefetchTranslations, registerTranslationLoaders } = await freshI18n();
      const demo = loaders({ BN: { hello: 'হ্যালো' }, EN: { hello: 'Hello' }, VI: { hello: 'Xin chào' } });
      await registerTranslationLoaders('demo', demo);
      prefetchTranslations('BN');
      expect(demo.BN).toHaveBeenCalledTimes(1);
      expect(demo.EN).not.toHaveBeenCalled();
      expect(demo.VI).not.toHaveBeenCalled();
      // Not chosen: a namespace registered now is not fetched in Bengali.
      const later = loaders({ BN: { bye: 'বিদায়' }, EN: { bye: 'Goodbye' } });
      await registerTranslationLoaders('later', later);
      expect(later.BN).not.toHaveBeenCalled();
    });
  });
});
