// Themes: the feedback page's stylesheet uses the shared design tokens only, never a colour of its
// own, so dark and light apply to it (the check the UI kit's stylesheets have, for this folder).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const themes = readFileSync(join(__dirname, '..', '..', '..', '..', 'shared', 'src', 'ui', 'themes.css'), 'utf8');
const stylesheets = readdirSync(__dirname).filter((file) => file.endsWith('.module.css'));

test('no feedback page stylesheet hard-codes a colour, and every token it uses exists', () => {
  const colourLiteral = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|oklch|color-mix)\(|:\s*(?:white|black|red|green|blue|gray|grey)\b/i;
  expect(stylesheets.length).toBeGreaterThan(0);
  for (const file of stylesheets) {
    const css = readFileSync(join(__dirname, file), 'utf8');
    expect({ file, colour: css.match(colourLiteral)?.[0] ?? null }).toEqual({ file, colour: null });
    for (const [, name] of css.matchAll(/var\((--[\w-]+)/g)) expect({ file, token: name, defined: themes.includes(`${name}:`) }).toEqual({ file, token: name, defined: true });
  }
});
