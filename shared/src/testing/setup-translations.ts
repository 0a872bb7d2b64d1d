// Runs before every test file of the shared library: every translation set loaded, as tests switch
// languages freely (the page fetches them per language: i18n/i18n-instance.ts).
import { loadAllTranslations } from '../i18n/i18n-instance';

beforeAll(() => loadAllTranslations());
