// All Jest suites of the repository: each app's unit tests (jsdom), the server's integration
// tests against a real PostgreSQL, and the deployment checks.
module.exports = {
  projects: [
    '<rootDir>/shared/jest.config.js',
    '<rootDir>/shell/jest.config.js',
    '<rootDir>/mfe-auth/jest.config.js',
    '<rootDir>/mfe-lobby/jest.config.js',
    '<rootDir>/mfe-lottery/jest.config.js',
    '<rootDir>/mfe-member-center/jest.config.js',
    '<rootDir>/mfe-agent-center/jest.config.js',
    '<rootDir>/server/jest.config.js',
    '<rootDir>/e2e/jest.config.js',
  ],
};
