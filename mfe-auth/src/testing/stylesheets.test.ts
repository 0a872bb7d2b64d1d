// Themes (shared/src/ui/themes.css): the auth remote's stylesheets use the shared design tokens
// only, never a colour of their own, so dark and light apply to every auth screen.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const srcDir = join(__dirname, '..');
const themes = readFileSync(join(srcDir, '..', '..', 'shared', 'src', 'ui', 'themes.css'), 'utf8');

function moduleStylesheets(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return moduleStylesheets(path);
    return entry.endsWith('.module.css') ? [path] : [];
  });
}

test('no auth stylesheet hard-codes a colour, and every token it uses exists', () => {
  const colourLiteral = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|oklch|color-mix)\(|:\s*(?:white|black|red|green|blue|gray|grey)\b/i;
  const files = moduleStylesheets(srcDir);
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) {
    const css = readFileSync(file, 'utf8');
    expect({ file, colour: css.match(colourLiteral)?.[0] ?? null }).toEqual({ file, colour: null });
    for (const [, name] of css.matchAll(/var\((--[\w-]+)/g)) expect({ file, token: name, defined: themes.includes(`${name}:`) }).toEqual({ file, token: name, defined: true });
  }
});
