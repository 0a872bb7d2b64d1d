const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({ appDir: __dirname, federationName: 'shell', isHost: true, devPort: 3100 });
