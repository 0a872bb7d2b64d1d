const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  appDir: __dirname,
  federationName: 'mfe_auth',
  devPort: 3101,
  // The remote's public API: keep it short and named like components.
  exposes: {
    // The login popup; it also hosts the forgot-password and change-password modals.
    './LoginModal': './src/features/auth-flow/components/login-modal.tsx',
    // /login: the login form as a page.
    './LoginPage': './src/features/auth-flow/components/login-page.tsx',
    // /register and /register.html.
    './RegisterPage': './src/features/register/components/register-page.tsx',
  },
});
