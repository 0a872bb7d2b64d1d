// The shell's strings are fetched per language: on a fresh i18n instance (isolated
// modules; the test setup loads every set of the page's instance), choosing a language fetches its
// own set only (English only when a string is missing: every set is complete), and the page switches
// with the strings, never their keys.
describe('the shell’s translation sets', () => {
  it('are fetched for the language chosen, the others when their language is chosen', async () => {
    await jest.isolateModulesAsync(async () => {
      const { i18n, setLanguage } = await import('@platform/shared');
      const { SHELL_NAMESPACE, shellTranslationsLoaded } = await import('./index');
      await shellTranslationsLoaded;
      const has = (set: string) => i18n.hasResourceBundle(set, SHELL_NAMESPACE);
      expect(['BN', 'EN', 'TH', 'VI'].filter(has)).toEqual([]);

      await setLanguage('BN', { api: null });
      expect(['BN', 'CN', 'EN', 'ID', 'TH', 'TY', 'VI'].filter(has)).toEqual(['BN']);

      const shown: string[] = [];
      i18n.on('languageChanged', () => shown.push(i18n.t('header_login', { ns: SHELL_NAMESPACE })));
      await setLanguage('TH', { api: null });
      expect(['BN', 'CN', 'EN', 'ID', 'TH', 'TY', 'VI'].filter(has)).toEqual(['BN', 'TH']);
      const thai = (await import('./th.json')).default as Record<string, string>;
      expect(shown).toEqual([thai.header_login]);
      expect(shown[0]).not.toBe('header_login');
    });
  });
});
