const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  appDir: __dirname,
  federationName: 'mfe_lobby',
  devPort: 3102,
  // The remote's public API: keep it short and named like components.
  exposes: {
    './DownloadPage': './src/features/download/download-page.tsx',
    './GameCategoryPage': './src/features/game-category/game-category-page.tsx',
    './GameFramePage': './src/features/game-frame/game-frame-page.tsx',
    './HelpPage': './src/features/help/help-page.tsx',
    './HomePage': './src/features/home/home-page.tsx',
    './PointMallPage': './src/features/point-mall/point-mall-page.tsx',
    './PromotionsPage': './src/features/promotions/promotions-page.tsx',
    './SeamlessPage': './src/features/seamless/seamless-page.tsx',
  },
});
