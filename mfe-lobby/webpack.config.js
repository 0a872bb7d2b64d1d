// Name, federation name, dev port and exposed modules come from the app list (apps.json).
const { createAppConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createAppConfig(__dirname);
