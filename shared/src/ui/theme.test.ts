import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEventBus } from '../bus/event-bus';
import { localStore } from '../storage/web-storage';
import { applyTheme, followBusTheme } from './theme';

describe('applyTheme', () => {
  it('sets the page theme, stores it and tells the bus', () => {
    const bus = createEventBus();
    applyTheme('dark', bus);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStore.get('theme')).toBe('dark');
    expect(bus.get('theme')).toBe('dark');
    applyTheme('light', bus);
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('follows a theme changed in another tab', () => {
    const bus = createEventBus();
    const stop = followBusTheme(bus);
    bus.theme$.next('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    stop();
  });
});

describe('theme tokens', () => {
  const themes = readFileSync(join(__dirname, 'themes.css'), 'utf8');
  const block = (selector: string) => themes.slice(themes.indexOf(selector)).split('}')[0];
  const variables = (css: string) => [...css.matchAll(/(--[\w-]+)\s*:/g)].map((match) => match[1]).sort();

  it('define the same colour variables for light and dark', () => {
    const light = variables(block(":root[data-theme='light']"));
    const dark = variables(block(":root[data-theme='dark']"));
    expect(light.length).toBeGreaterThan(15);
    expect(dark).toEqual(light);
    for (const token of ['--color-bg', '--color-surface', '--color-text', '--color-accent', '--color-danger', '--color-success', '--color-border', '--shadow-md']) {
      expect(light).toContain(token);
    }
    expect(variables(block(':root {'))).toEqual(expect.arrayContaining(['--radius-md', '--space-4', '--font-size-md']));
  });

  it('are the only colours: no component stylesheet hard-codes one', () => {
    const colourLiteral = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|oklch|color-mix)\(|:\s*(?:white|black|red|green|blue|gray|grey)\b/i;
    // Component folders too (records-table/).
    const modules = (readdirSync(__dirname, { recursive: true }) as string[]).filter((file) => file.endsWith('.module.css'));
    expect(modules.length).toBeGreaterThan(5);
    for (const file of modules) {
      const css = readFileSync(join(__dirname, file), 'utf8');
      expect({ file, colour: css.match(colourLiteral)?.[0] ?? null }).toEqual({ file, colour: null });
      for (const [, name] of css.matchAll(/var\((--[\w-]+)/g)) expect({ file, defined: themes.includes(`${name}:`) }).toEqual({ file, defined: true });
    }
  });
});
