import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { expect, test, type Page, type Response } from '../harness/test';

// The bytes a phone fetches on a cold load of home and of a game category page. Bytes are
// deterministic (the same build fetches the same files), so unlike speed they are a test: over
// budget fails the suite and names the chunks that grew. Speed, layout shift and the desktop
// figures stay with `npm run bench -- --load`, which measures the same way (gzip of each script).
//
// The budget is lowered as the page gets lighter; the goal is 170 KiB of JS and CSS together.
// After a change that moves bytes on purpose, record the new figures for the growth report:
// `BYTE_BUDGET_RECORD=1 npx playwright test --config e2e/playwright.config.ts e2e/tests/byte-budget.spec.ts`.

const BUDGET_JS_KIB = 200;
const PAGES = [
  { label: 'home', path: '/' },
  { label: 'category', path: '/rng' },
];
const repoRoot = path.resolve(__dirname, '..', '..');
const dist = path.join(repoRoot, 'dist');
const recordFile = path.join(__dirname, 'byte-budget.json');

/** A fetched asset: `key` names it across builds (the app and webpack's deterministic chunk id, no hash). */
interface Asset {
  key: string;
  type: 'script' | 'stylesheet';
  gzip: number;
  file: string | null;
}
type Recorded = Record<string, Record<string, number>>;

/** The built file a URL serves: remotes under dist/remotes, the shell's files under dist/shell. */
function builtFileOf(url: string): string | null {
  const { pathname } = new URL(url);
  const candidates = pathname.startsWith('/remotes/') ? [path.join(dist, pathname)] : [path.join(dist, 'shell', pathname)];
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

/** `/remotes/mfe_lobby/1.0.0/1826.05e08ce7.js` → `mfe_lobby/1826.js`; `/114.22a0f329.js` → `shell/114.js`. */
function keyOf(url: string): string {
  const { pathname } = new URL(url);
  const remote = /^\/remotes\/([^/]+)\/[^/]+\/(.*)$/.exec(pathname);
  const [app, file] = remote ? [remote[1], remote[2]] : ['shell', pathname.slice(1)];
  return `${app}/${file.replace(/\.[0-9a-f]{8,}(?=\.(js|css)$)/, '')}`;
}

/** Opens `pagePath` in the page (a fresh context: nothing cached) and lists what it fetched. */
async function coldLoad(page: Page, pagePath: string): Promise<Asset[]> {
  const pending: Promise<Asset | null>[] = [];
  page.on('response', (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response
        .body()
        .then((body) => ({ key: keyOf(response.url()), type, gzip: gzipSync(body).length, file: builtFileOf(response.url()) }) as Asset)
        .catch(() => null),
    );
  });
  await page.goto(pagePath, { waitUntil: 'networkidle' });
  await expect(page.locator('[data-testid="remote-page"]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  return (await Promise.all(pending)).filter((asset): asset is Asset => asset !== null);
}

/** The inputs that make up most of a built script (bytes of generated code per source, from its source map). */
function largestInputsOf(file: string | null, count = 4): string {
  if (!file || !existsSync(`${file}.map`)) return '';
  const consumer = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap);
  const lines = readFileSync(file, 'utf8').split('\n');
  const bytes = new Map<string, number>();
  let previous: { source: string | null; line: number; column: number } | null = null;
  const close = (endLine: number, endColumn: number) => {
    if (!previous?.source) return;
    const length = endLine === previous.line ? endColumn - previous.column : (lines[previous.line - 1]?.length ?? 0) - previous.column;
    const name = previous.source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^.*node_modules\//, 'node_modules/');
    bytes.set(name, (bytes.get(name) ?? 0) + Math.max(0, length));
  };
  consumer.eachMapping((mapping) => {
    close(mapping.generatedLine, mapping.generatedColumn);
    previous = { source: mapping.source, line: mapping.generatedLine, column: mapping.generatedColumn };
  });
  close(Number.MAX_SAFE_INTEGER, 0);
  return [...bytes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, size]) => `${name} ${(size / 1024).toFixed(1)} KiB minified`)
    .join('; ');
}

/** Writes this page's figures into the record (each page's test its own entry; tests may run in separate workers). */
function record(label: string, assets: Asset[]): void {
  const recorded: Recorded = existsSync(recordFile) ? (JSON.parse(readFileSync(recordFile, 'utf8')) as Recorded) : {};
  recorded[label] = Object.fromEntries(assets.map((asset) => [asset.key, asset.gzip]).sort(([a], [b]) => String(a).localeCompare(String(b))));
  const ordered = Object.fromEntries(Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(recordFile, `${JSON.stringify(ordered, null, 2)}\n`);
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Every script of the load, the ones that grew since the record first, with what fills them. */
function growthReport(assets: Asset[], recorded: Record<string, number> | undefined): string {
  const scripts = assets.filter((asset) => asset.type === 'script');
  const growth = (asset: Asset) => asset.gzip - (recorded?.[asset.key] ?? 0);
  return scripts
    .sort((a, b) => growth(b) - growth(a))
    .map((asset) => {
      const was = recorded?.[asset.key];
      const change = was === undefined ? 'new since the record' : `${growth(asset) >= 0 ? '+' : ''}${kib(growth(asset))} since the record`;
      const inputs = largestInputsOf(asset.file);
      return `  ${asset.key}: ${kib(asset.gzip)} gzip (${change})${inputs ? `\n      largest inputs: ${inputs}` : ''}`;
    })
    .join('\n');
}

test.describe('byte budget of a cold load on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, serviceWorkers: 'block' });

  const recorded: Recorded = existsSync(recordFile) ? (JSON.parse(readFileSync(recordFile, 'utf8')) as Recorded) : {};

  for (const { label, path: pagePath } of PAGES) {
    test(`${label} (${pagePath}) fetches at most ${BUDGET_JS_KIB} KiB of JavaScript (gzip)`, async ({ page }) => {
      const assets = await coldLoad(page, pagePath);
      const jsGzip = assets.filter((asset) => asset.type === 'script').reduce((total, asset) => total + asset.gzip, 0);
      const cssGzip = assets.filter((asset) => asset.type === 'stylesheet').reduce((total, asset) => total + asset.gzip, 0);
      if (process.env.BYTE_BUDGET_RECORD) record(label, assets);
      test.info().annotations.push({ type: 'bytes', description: `${label}: JS ${kib(jsGzip)} gzip, CSS ${kib(cssGzip)} gzip, JS+CSS ${kib(jsGzip + cssGzip)}` });
      // Every script is a built file of this site (no third-party script on a cold load).
      expect(assets.filter((asset) => asset.file === null).map((asset) => asset.key)).toEqual([]);
      expect(jsGzip, `${label}: ${kib(jsGzip)} of JavaScript, budget ${BUDGET_JS_KIB} KiB:\n${growthReport(assets, recorded[label])}`).toBeLessThanOrEqual(BUDGET_JS_KIB * 1024);
    });
  }
});
