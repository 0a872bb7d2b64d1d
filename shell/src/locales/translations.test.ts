import { join, sep } from 'node:path';
import { assertCompleteTranslations, findUsedKeys } from '@platform/shared/testing';
import { INSTALL_GUIDES } from '../features/app-download/install-steps';
import { CHAT_NAMESPACE } from '../features/chat/window/translations';
import { navEntries } from '../features/side-bar/side-bar-entries';
import en from './en.json';

describe('shell translations', () => {
  it('are complete in all 7 translation sets', () => {
    expect(() => assertCompleteTranslations(__dirname)).not.toThrow();
  });

  it('cover every literal key the shell’s source uses', () => {
    // The chat window's strings are a namespace of their own (locales/chat), checked below.
    const chatWindow = join(__dirname, '..', 'features', 'chat', 'window') + sep;
    const used = findUsedKeys(join(__dirname, '..'), 'shell').filter(({ file }) => !file.startsWith(chatWindow));
    expect(used.length).toBeGreaterThan(100);
    const known = (key: string) => key in en || `${key}_one` in en || `${key}_other` in en;
    expect(used.filter(({ key }) => !known(key)).map(({ key, file }) => `${key} (${file})`)).toEqual([]);
  });

  it('of the chat window are complete in all 7 translation sets, and cover every key it uses', () => {
    expect(() =>
      assertCompleteTranslations(join(__dirname, 'chat'), { sourceDir: join(__dirname, '..', 'features', 'chat', 'window'), namespace: CHAT_NAMESPACE }),
    ).not.toThrow();
  });

  it('cover the keys named in the menu and install-step tables', () => {
    const lanes = (['LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS', 'COCKFIGHT', 'INHOUSE'] as const).map((gameCategory) => ({
      gameCategory,
      vendors: [{ vassalage: 'V', vendorName: 'V', provider: 'V', isHot: false, gameCategory, gameClassify: null, iconUrl: null, colorIconUrl: null, accountTypeName: null }],
    }));
    const keys = [
      ...navEntries(lanes).map((entry) => entry.labelKey),
      ...INSTALL_GUIDES.flatMap((guide) => [guide.labelKey, ...guide.steps.map((step) => step.textKey)]),
    ];
    expect(keys.filter((key) => !(key in en))).toEqual([]);
  });
});
