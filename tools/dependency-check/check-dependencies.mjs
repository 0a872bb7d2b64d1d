// The dependency rules of the repository, checked with dependency-cruiser's JavaScript API.
// Jest cannot load dependency-cruiser (an ES module) in its CommonJS registry, so the tests run
// this file with Node and read its JSON:
//
//   node tools/dependency-check/check-dependencies.mjs server     server/src: modules meet only through index.ts, no cycles
//   node tools/dependency-check/check-dependencies.mjs frontend   remotes never import each other or the shell; the shell no remote
//                                                                 source; react-router, RxJS and i18next only through @platform/shared;
//                                                                 no remote takes contract data through the runtime singleton
//                                                                 (contract-imports.mjs)
//   node tools/dependency-check/check-dependencies.mjs contract-imports FILE...   that last rule alone, on the files named
//
// Prints { "violations": [{ rule, from, to }], "moduleCycles": [[module, ...]] }; exits 0 either way.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import { contractImportsFromRuntime, contractValueNames } from './contract-imports.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const TEST_FILE = '\\.test\\.tsx?$|\\.testing\\.ts$';
const MODULE_INDEX = '^server/src/modules/[^/]+/index\\.ts$';
const MODULE_TEST_HELPERS = '^server/src/modules/[^/]+/[^/]+\\.testing\\.ts$';

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const serverRules = [
  {
    name: 'no-circular',
    comment: 'A file must not depend on itself through others.',
    severity: 'error',
    from: { path: '^server/src/', pathNot: TEST_FILE },
    to: { circular: true },
  },
  {
    name: 'module-through-index',
    comment: "A module uses another module only through its index.ts (tests may also use its *.testing.ts helpers).",
    severity: 'error',
    from: { path: '^server/src/modules/([^/]+)/' },
    to: { path: '^server/src/modules/[^/]+/', pathNot: ['^server/src/modules/$1/', MODULE_INDEX, MODULE_TEST_HELPERS] },
  },
  {
    name: 'outside-through-index',
    comment: 'Code outside the modules (app.ts, main.ts) uses a module only through its index.ts.',
    severity: 'error',
    from: { path: '^server/src/', pathNot: '^server/src/modules/' },
    to: { path: '^server/src/modules/[^/]+/', pathNot: [MODULE_INDEX, MODULE_TEST_HELPERS] },
  },
  {
    name: 'test-helpers-in-tests',
    comment: "A module's *.testing.ts helpers are for tests, never for production code.",
    severity: 'error',
    from: { path: '^server/src/', pathNot: TEST_FILE },
    to: { path: '\\.testing\\.ts$' },
  },
  {
    name: 'plumbing-below-modules',
    comment: 'db/, http/, i18n/ and plugins/ sit under the modules: they never import one.',
    severity: 'error',
    from: { path: '^server/src/(db|http|i18n|plugins)/', pathNot: TEST_FILE },
    to: { path: '^server/src/modules/' },
  },
];

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const frontendRules = [
  {
    name: 'remote-imports-remote-or-shell',
    comment: 'Remotes meet only through the shared event bus and API client (@platform/shared), never each other or the shell.',
    severity: 'error',
    from: { path: '^(mfe-[^/]+)/' },
    to: { path: '^(shell|mfe-[^/]+)/', pathNot: '^$1/' },
  },
  {
    name: 'shell-imports-remote-source',
    comment: 'The shell loads remotes at run time (Module Federation), never from their source.',
    severity: 'error',
    from: { path: '^shell/' },
    to: { path: '^mfe-[^/]+/' },
  },
  {
    name: 'router-through-shared',
    comment:
      "react-router reaches the page only through @platform/shared (shared/src/routing), the one shared copy: an app's own copy would have a router context of its own. Tests may use it directly.",
    severity: 'error',
    from: { path: '^(shell|mfe-[^/]+|shared)/src/', pathNot: ['^shared/src/routing/', '^shared/src/testing/', TEST_FILE] },
    to: { path: '(^|/)node_modules/react-router(-dom)?/' },
  },
  {
    name: 'libraries-through-shared',
    comment:
      "A remote uses RxJS and i18next through @platform/shared (the bus, useT), the page's one copy: its own copy would be a second bus or a second i18n instance without the page's translations. The shell's build holds the copy shared uses, so it may import them.",
    severity: 'error',
    from: { path: '^mfe-[^/]+/src/', pathNot: TEST_FILE },
    to: { path: '(^|/)node_modules/(rxjs|i18next|react-i18next)/' },
  },
  {
    name: 'kits-through-shared',
    comment:
      "The forms kit and the records table are entry points of @platform/shared of their own (singletons fetched when an app first needs them): they reach the rest of the package only through '@platform/shared', the page's one copy. A relative import would bundle a second bus, API client or i18n instance into the kit. Types, the wire contract and pure helpers may be imported directly.",
    severity: 'error',
    from: { path: '^shared/src/(forms|ui/records-table)/', pathNot: TEST_FILE },
    to: {
      path: '^shared/src/',
      pathNot: ['^shared/src/(forms|ui/records-table)/', '^shared/src/index\\.ts$', '^shared/src/types/', '^shared/src/ui/class-names\\.ts$'],
      dependencyTypesNot: ['type-only'],
    },
  },
  {
    name: 'blocks-through-shared',
    comment:
      "The UI blocks are bundled by each app that uses them; the page's runtime (bus, API client, i18n) is the one copy every app shares. A block reaches it only through '@platform/shared' (or its kits): a relative import into shared/src would bundle a second bus, API client or i18n instance into the app. Types, the wire contract and pure helpers may be imported directly.",
    severity: 'error',
    from: { path: '^ui-blocks/src/', pathNot: TEST_FILE },
    to: {
      path: '^shared/src/',
      pathNot: ['^shared/src/(forms|ui/records-table)/index\\.ts$', '^shared/src/index\\.ts$', '^shared/src/types/', '^shared/src/ui/class-names\\.ts$'],
      dependencyTypesNot: ['type-only'],
    },
  },
];

const SCOPES = {
  server: { roots: ['server/src'], tsConfig: 'server/tsconfig.json', rules: serverRules },
  frontend: {
    roots: ['shell/src', 'mfe-auth/src', 'mfe-lobby/src', 'mfe-lottery/src', 'mfe-member-center/src', 'mfe-agent-center/src', 'shared/src/forms', 'shared/src/ui/records-table', 'ui-blocks/src'],
    tsConfig: 'tsconfig.base.json',
    rules: frontendRules,
  },
};

/** server/src/modules/<name>/... → <name>; anything else → undefined. */
const moduleOf = (file) => /^server\/src\/modules\/([^/]+)\//.exec(file)?.[1];

/**
 * Cycles between server modules (strongly connected components of the module graph, Tarjan),
 * over production files only: test helpers may cross in both directions.
 */
function moduleCyclesOf(modules) {
  const edges = new Map();
  for (const source of modules) {
    const from = moduleOf(source.source);
    if (!from || new RegExp(TEST_FILE).test(source.source)) continue;
    for (const dependency of source.dependencies) {
      const to = moduleOf(dependency.resolved);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  let nextIndex = 0;
  const index = new Map();
  const lowLink = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    index.set(node, nextIndex);
    lowLink.set(node, nextIndex);
    nextIndex += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(node, Math.min(lowLink.get(node), lowLink.get(next)));
      } else if (onStack.has(next)) {
        lowLink.set(node, Math.min(lowLink.get(node), index.get(next)));
      }
    }
    if (lowLink.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

const CONTRACT_RULE = 'contract-data-from-runtime';
/** The contract-data rule over these files (paths from the repository's root). */
const contractViolations = (files) => {
  const values = contractValueNames(repoRoot);
  return files.flatMap((file) => contractImportsFromRuntime(repoRoot, file, values)).map((violation) => ({ rule: CONTRACT_RULE, ...violation }));
};

const scopeName = process.argv[2];
process.chdir(repoRoot);
if (scopeName === 'contract-imports') {
  const files = process.argv.slice(3);
  process.stdout.write(`${JSON.stringify({ checkedFiles: files.length, violations: contractViolations(files), moduleCycles: [] }, null, 2)}\n`);
  process.exit(0);
}
const scope = SCOPES[scopeName];
if (!scope) {
  console.error(`usage: check-dependencies.mjs ${Object.keys(SCOPES).join('|')}|contract-imports FILE...`);
  process.exit(2);
}
const result = await cruise(
  scope.roots,
  {
    ruleSet: { forbidden: scope.rules },
    validate: true,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: scope.tsConfig },
    // Packages are not followed, but stay in the graph as leaves: a rule may name one.
    doNotFollow: { path: 'node_modules' },
    outputType: 'json',
  },
  undefined,
  { tsConfig: undefined },
);
const output = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
const violations = output.summary.violations.map((violation) => ({
  rule: violation.rule.name,
  from: violation.from,
  to: violation.to,
  ...(violation.cycle ? { cycle: violation.cycle.map((step) => (typeof step === 'string' ? step : step.name)) } : {}),
}));
if (scopeName === 'frontend') {
  const remoteFiles = output.modules.map((module) => module.source).filter((source) => /^mfe-[^/]+\/src\//.test(source) && !new RegExp(TEST_FILE).test(source));
  violations.push(...contractViolations(remoteFiles));
}
const moduleCycles = scopeName === 'server' ? moduleCyclesOf(output.modules) : [];
process.stdout.write(`${JSON.stringify({ checkedFiles: output.modules.filter((module) => !module.source.includes('node_modules/')).length, violations, moduleCycles }, null, 2)}\n`);
