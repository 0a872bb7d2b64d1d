import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { createI18n, localeOf, storedLanguage } from './i18n/i18n';
import './ui/theme.css';

const i18n = createI18n(storedLanguage());
document.documentElement.lang = localeOf(i18n.language);
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = localeOf(language);
});

createRoot(document.getElementById('root')!).render(
  <I18nextProvider i18n={i18n}>
    <BrowserRouter basename="/ops">
      <App />
    </BrowserRouter>
  </I18nextProvider>,
);
