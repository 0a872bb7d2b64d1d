import * as shared from './index';

describe('the public API', () => {
  it('exposes the bus, API client, storage, i18n, UI kit, formatting and security helpers', () => {
    const expected = [
      'bus', 'createEventBus', 'useBusState', 'MEMBER_CENTER_PAGES', 'AGENT_CENTER_PAGES',
      'api', 'createApiClient', 'ApiError', 'isApiError',
      'STORAGE_KEYS', 'sessionStore', 'localStore', 'cookieStore', 'clearSession', 'rememberLogin', 'getRememberedLogin',
      'i18n', 'TRANSLATION_SETS', 'LANGUAGE_OPTIONS', 'registerTranslations', 'setLanguage', 'initLanguage', 'useT',
      'applyTheme', 'Button', 'IconButton', 'Modal', 'Tabs', 'Spinner', 'Panel', 'Pagination', 'ConfirmDialog', 'ToastHost',
      'EmptyState', 'requireRealAccount', 'useRequireRealAccount', 'PageScaffold', 'CentreMenu', 'showNotice',
      'amountMinorFromMajor', 'amountMinorOf', 'amountMajorForWire', 'amountMajorText', 'parseAmountInput', 'amountInputText', 'startBalanceService', 'usePaymentStatus',
      'formatMoney', 'formatDate', 'formatDateTime', 'loadServicePathDecryptor', 'openSupportLink', 'isWebUrl',
      'BrowserRouter', 'Routes', 'Route', 'Navigate', 'Link', 'NavLink', 'useNavigate', 'useLocation', 'useParams', 'matchPath',
    ];
    for (const name of expected) expect({ name, exported: name in shared }).toEqual({ name, exported: true });
  });

  it('leaves out what would add a library to every first load (fetched or bundled where used)', () => {
    for (const name of ['decryptServicePath', 'sanitizeHtml', 'loadHtmlSanitizer']) expect({ name, exported: name in shared }).toEqual({ name, exported: false });
  });

  it('leaves the forms kit and the records table to entry points of their own (5.0.0)', async () => {
    const forms = await import('./forms');
    const records = await import('./ui/records-table');
    for (const name of ['useForm', 'TextField', 'CheckboxField', 'SmsCodeButton', 'CaptchaImage', 'CountryCodePicker', 'checkField', 'useSiteConfig', 'useRegisterRules']) {
      expect({ name, inIndex: name in shared, inForms: name in forms }).toEqual({ name, inIndex: false, inForms: true });
    }
    for (const name of ['RecordsTable', 'PeriodSelect', 'periodRange', 'RECORDS_PERIODS']) {
      expect({ name, inIndex: name in shared, inRecords: name in records }).toEqual({ name, inIndex: false, inRecords: true });
    }
  });
});
