// @platform/shared/testing: what the tests of every app render with. Test code only: never
// imported by src/index.ts, so none of it reaches a production bundle.
import './setup-environment';

export { renderWithProviders, currentLocation, settle, type RenderWithProvidersOptions } from './render';
export {
  apiFailure,
  COUNTRIES,
  encryptServicePath,
  makeMember,
  makeSite,
  makeStatus,
  REGISTER_RULES,
  resource,
  serviceItem,
  switches,
  type StatusOverrides,
} from './fixtures';
export { logIn, recordCommands, setStatus } from './bus-state';
export { DEFAULT_ANSWERS, stubApi, type CallName, type CallOptionsSeen, type StubAnswer, type StubAnswers, type StubValue } from './stub-api';
export { resetTestState } from './reset';
export {
  assertCompleteTranslations,
  assertUsedKeysExist,
  findTranslationProblems,
  findUsedKeys,
  type TranslationCheckOptions,
} from '../i18n/testing/translation-check';
