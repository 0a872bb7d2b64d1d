import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertCompleteTranslations, assertUsedKeysExist, findTranslationProblems, findUsedKeys } from './testing/translation-check';

const localeDir = join(__dirname, 'locales');
const sharedSrc = join(__dirname, '..');

describe('translations of the shared library', () => {
  it('are complete in all 7 translation sets', () => {
    expect(() => assertCompleteTranslations(localeDir)).not.toThrow();
  });

  it('cover every key the shared source uses', () => {
    expect(findUsedKeys(sharedSrc, 'common', ['t', 'translateCommon']).length).toBeGreaterThan(10);
    expect(() =>
      assertCompleteTranslations(localeDir, { sourceDir: sharedSrc, namespace: 'common', functions: ['t', 'translateCommon'] }),
    ).not.toThrow();
  });
});

describe('the translation checker other apps reuse', () => {
  function writeLocales(files: Record<string, unknown>): string {
    const dir = mkdtempSync(join(tmpdir(), 'locales-'));
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(content));
    return dir;
  }
  const complete = { greeting: 'x {{name}}', nested: { title: 'x' }, item_one: 'x', item_other: 'x' };

  it('reports missing, empty and placeholder-mismatched keys per set, and missing files', () => {
    const dir = writeLocales({
      'en.json': { greeting: 'Hello {{name}}', nested: { title: 'Title' }, item_one: '{{count}} item', item_other: '{{count}} items' },
      'bn.json': complete,
      'cn.json': { greeting: '你好 {{name}}', nested: { title: '' }, item_other: '{{count}} 项' },
      'id.json': { greeting: 'Halo', nested: { title: 'Judul' }, item_other: 'x' },
      'th.json': complete,
      'ty.json': complete,
      // vi.json missing
    });
    const problems = findTranslationProblems(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        'CN: "nested.title" is empty',
        expect.stringContaining('ID: "greeting" has placeholders'),
        expect.stringContaining('VI: cannot read'),
      ]),
    );
    // Chinese has only the `_other` plural form: not a missing key.
    expect(problems.some((problem) => problem.includes('CN: "item_one"'))).toBe(false);
    expect(() => assertCompleteTranslations(dir)).toThrow(/Incomplete translations/);
  });

  it('finds literal keys in source and reports the ones English lacks', () => {
    const dir = mkdtempSync(join(tmpdir(), 'src-'));
    mkdirSync(join(dir, 'feature'));
    writeFileSync(
      join(dir, 'feature', 'a.tsx'),
      "t('known'); t(\"common:missing_key\"); t('other:elsewhere'); t(`tpl_${x}`); const column = { headerKey: 'column_title' };",
    );
    writeFileSync(join(dir, 'feature', 'a.test.tsx'), "t('only_in_tests');");
    const locales = writeLocales({ 'en.json': { known: 'Known' } });
    expect(findUsedKeys(dir, 'common').map(({ key }) => key)).toEqual(['known', 'missing_key', 'column_title']);
    expect(() => assertUsedKeysExist(dir, locales, 'common')).toThrow(/missing_key/);
  });

  it('checks the source too when given a sourceDir, as each app calls it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'app-'));
    writeFileSync(join(dir, 'page.tsx'), "t('title'); t('subtitle'); t('common:close');");
    const complete = { title: 'x' };
    const locales = writeLocales({
      'en.json': { title: 'Title' },
      'bn.json': complete, 'cn.json': complete, 'id.json': complete, 'th.json': complete, 'ty.json': complete, 'vi.json': complete,
    });
    expect(() => assertCompleteTranslations(locales)).not.toThrow();
    expect(() => assertCompleteTranslations(locales, { sourceDir: dir })).toThrow(/"subtitle" is used in .*page\.tsx but missing/);
  });
});
