// Runs before every test file of the shared library: every translation set loaded, as tests switch
// languages freely (the page fetches them per language: i18n/i18n-instance.ts).
import { configure } from '@testing-library/react';
import { loadAllTranslations } from '../i18n/i18n-instance';

// waitFor and findBy* wait up to 5 s, not 1 s: on a loaded 2-core machine (the whole npm test at
// once) a real local HTTP answer can take longer than a second (use-call.test.tsx failed so once).
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => loadAllTranslations());
