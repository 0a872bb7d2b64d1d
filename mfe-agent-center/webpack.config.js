const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  appDir: __dirname,
  federationName: 'mfe_agent_center',
  devPort: 3105,
  // The remote's public API: keep it short and named like components.
  exposes: {
    './AgentCenter': './src/features/agent-center/agent-center.tsx',
  },
});
