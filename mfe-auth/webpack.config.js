const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  appDir: __dirname,
  federationName: 'mfe_auth',
  devPort: 3101,
  // The remote's public API: keep it short and named like components.
  exposes: {
    './LoginPage': './src/features/login/login-page.tsx',
    './RegisterPage': './src/features/register/register-page.tsx',
    './LoginModal': './src/features/login-modal/login-modal.tsx',
  },
});
