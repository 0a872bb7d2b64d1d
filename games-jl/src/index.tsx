import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './app/app';
import { routeOf } from './app/route';
import { createI18n, LOCALE_OF_SET, translationSetOf } from './i18n/i18n';
import './ui/theme.css';

async function start() {
  const route = routeOf(window.location.pathname, window.location.search);
  const i18n = await createI18n(route.lang);
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <I18nextProvider i18n={i18n}>
      <App route={route} locale={LOCALE_OF_SET[translationSetOf(route.lang)]} />
    </I18nextProvider>,
  );
}

void start();
