// All Jest suites of the repository: each workspace's own (apps.json lists them: the apps' unit
// tests in jsdom, the server's integration tests against a real PostgreSQL, the deployment
// checks in e2e/src), and the repository's consistency checks (tools/checks).
const { apps } = require('./apps.json');

module.exports = {
  projects: [...apps.map((app) => `<rootDir>/${app.folder}/jest.config.js`), '<rootDir>/tools/jest.config.js'],
};
