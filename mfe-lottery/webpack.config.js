const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  appDir: __dirname,
  federationName: 'mfe_lottery',
  devPort: 3103,
  // The remote's public API: keep it short and named like components.
  exposes: {
    './LotteryPage': './src/features/lottery/lottery-page.tsx',
    './VnLotteryPage': './src/features/vn-lottery/vn-lottery-page.tsx',
  },
});
