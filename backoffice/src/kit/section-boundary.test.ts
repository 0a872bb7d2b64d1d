import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SECTION_PAGES } from '../app/sections';
import type { SectionModule } from './section-module';

// A section is built and released alone, and runs inside whatever host is deployed: it may reach
// the host only through '@backoffice/kit', the one module the host shares with it. A relative
// import of the host's code would bundle a second copy into the section (a session context with
// no operator in it, another API client). Pure helpers of the shared library may be bundled.

const sections: { name: string; version: string }[] = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'sections.json'), 'utf8')).sections;
const featuresDir = path.join(__dirname, '..', 'features');
const ALLOWED_OUTSIDE = [/^(\.\.\/)+shared\/src\/api\/server-sent-events$/];

function sourcesOf(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourcesOf(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [full] : [];
  });
}

it.each(sections.map((section) => section.name))('section %s imports the host only through the kit', (name) => {
  const folder = path.join(featuresDir, name);
  expect(existsSync(path.join(folder, 'section.ts'))).toBe(true);
  const escapes: string[] = [];
  for (const file of sourcesOf(folder)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import\(?)\s*'([^']+)'/g)) {
      const specifier = match[1];
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      const inside = target === folder || target.startsWith(`${folder}${path.sep}`);
      if (!inside && !ALLOWED_OUTSIDE.some((allowed) => allowed.test(specifier))) escapes.push(`${path.relative(featuresDir, file)} → ${specifier}`);
    }
  }
  expect(escapes).toEqual([]);
});

it('loads every page of the host table from a section of sections.json that has it', () => {
  expect(SECTION_PAGES.length).toBeGreaterThan(10);
  for (const { section, page } of SECTION_PAGES) {
    expect(sections.map((candidate) => candidate.name)).toContain(section);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const module = (require(path.join(featuresDir, section, 'section.ts')) as { default: SectionModule }).default;
    expect({ section, page, found: typeof module.pages[page] }).toEqual({ section, page, found: 'function' });
  }
});

it('names each section and version as the release tooling and the server accept them', () => {
  for (const section of sections) {
    expect(section.name).toMatch(/^[a-z][a-z0-9-]{1,40}$/);
    expect(section.version).toMatch(/^\d+\.\d+\.\d+$/);
  }
  expect(new Set(sections.map((section) => section.name)).size).toBe(sections.length);
});
