// All Jest suites of the repository: each workspace's own (apps.json lists them: the apps' unit
// tests in jsdom, the server's integration tests against a real PostgreSQL, the deployment
// checks in e2e/src), and the repository's consistency checks (tools/checks).
const { apps } = require('./apps.json');

module.exports = {
  // A global option: Jest ignores a project's own testTimeout when it runs projects (the server's
  // would otherwise fall back to 5 s for its tests and hooks on a loaded machine). A ceiling, not a
  // wait: tests wait for outcomes; with one core kept busy by another job, a server test that
  // makes a few members (password hashing) and waits for a pushed event needed more than 30 s, and
  // on a machine running a second suite beside this one the settlement test's round of 100
  // bettors and its every-play checks (10–20 s when quiet) needed more than 60 s.
  testTimeout: 180000,
  // A worker that holds more than this after a test file is replaced before its next one: the
  // workers' memory grows from file to file (1.7–2 GB each was seen half-way through a run), and a
  // heap that large makes every collection, and so every test after it, slower.
  workerIdleMemoryLimit: '1GB',
  projects: [...apps.map((app) => `<rootDir>/${app.folder}/jest.config.js`), '<rootDir>/tools/jest.config.js'],
};
