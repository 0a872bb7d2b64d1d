import { join } from 'node:path';
import { assertCompleteTranslations, assertUsedKeysExist } from '@platform/shared/testing';
import { INSTALL_GUIDES } from '../features/app-download/install-steps';
import { navEntries } from '../features/side-bar/side-bar-entries';
import en from './en.json';

describe('shell translations', () => {
  it('are complete in all 7 translation sets', () => {
    expect(() => assertCompleteTranslations(__dirname)).not.toThrow();
  });

  it('cover every literal key the shell’s source uses', () => {
    expect(() => assertUsedKeysExist(join(__dirname, '..'), __dirname, 'shell')).not.toThrow();
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
