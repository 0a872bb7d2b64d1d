const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  appDir: __dirname,
  federationName: 'mfe_member_center',
  devPort: 3104,
  // The remote's public API: keep it short and named like components.
  exposes: {
    './MemberCenter': './src/features/member-center/member-center.tsx',
  },
});
