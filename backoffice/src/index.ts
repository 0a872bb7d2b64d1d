// The async boundary: webpack settles the modules the host shares with its sections (React, the
// router, i18n, the kit; webpack.config.js) before bootstrap.tsx, the app, runs.
import('./bootstrap');
