// One webpack configuration for the shell and every remote, so that they agree on
// what is shared (one React, one router, one bus) and on how TypeScript and CSS are built.
const { existsSync } = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const { DefinePlugin } = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { runtimeRangeFor } = require('./runtime-range.cjs');

const repoRoot = path.resolve(__dirname, '..', '..');
/** A remote's route manifest: its src/ file, and the file beside mf-manifest.json in its release. */
const ROUTES_FILE = 'routes.json';

/**
 * Packages that must exist once in the browser, whatever remotes load. The router, RxJS and
 * i18next must too, but they reach the apps only through @platform/shared (its routing, bus and
 * i18n), the page's one copy: not shared themselves, each build keeps only the parts it uses
 * instead of the whole package (~60 KiB gzip less on a first load). A dependency rule keeps apps
 * from importing them directly (tools/dependency-check, router-through-shared and
 * libraries-through-shared).
 */
const SINGLETONS = ['react', 'react/', 'react-dom', 'react-dom/', '@platform/shared', '@platform/shared/forms', '@platform/shared/records'];

/** The package a shared key belongs to: `react/` → react, `@platform/shared/forms` → @platform/shared. */
function packageOf(key) {
  const parts = key.replace(/\/$/, '').split('/');
  return key.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The range of @platform/shared the shell requires of itself: the major and minor it was built with,
 * whatever the patch. (A remote requires less: what it imports, see runtime-range.cjs.) The
 * package's index and its two kits (`/forms`, `/records`) are shared, each a singleton fetched when
 * an app first needs it; `@platform/contract` and `/sanitize-html` are bundled by each app.
 */
function sharedLibraryRange(version) {
  const [major, minor] = version.split('.');
  return `^${major}.${minor}.0`;
}

/**
 * The page-wide singletons and the range of each an app requires. Of the runtime, a remote
 * requires what its own sources and the UI blocks it bundles import (shared/README.md,
 * "Compatibility"; runtime-range.cjs), so it runs under any shell of the major from that minor on.
 */
function sharedConfig({ appDir, isHost }) {
  const shared = {};
  const runtimeRange = isHost ? null : runtimeRangeFor([path.join(appDir, 'src'), path.join(repoRoot, 'ui-blocks', 'src')]);
  for (const key of SINGLETONS) {
    const pkgName = packageOf(key);
    const version = require(require.resolve(`${pkgName}/package.json`, { paths: [repoRoot] })).version;
    const requiredVersion = pkgName === '@platform/shared' ? (runtimeRange ?? sharedLibraryRange(version)) : `^${version}`;
    // strictVersion: a copy on the page outside the required range is refused (the remote fails to
    // load, and its slot shows the retry panel) instead of being used with a console warning. The
    // server already serves no release the deployed shell cannot run (server/src/modules/remotes/
    // compatibility.ts); this catches what it cannot see, such as a development server or a
    // remote on another origin.
    shared[key] = { singleton: true, requiredVersion, version, strictVersion: true };
  }
  return shared;
}

/** The production build of react-router (its package's exports name the development one only). */
function reactRouterProductionBuild() {
  const packageJson = require.resolve('react-router/package.json', { paths: [repoRoot] });
  return path.join(path.dirname(packageJson), 'dist', 'production', 'index.mjs');
}

/**
 * The ES module build of the runtime plugin that hands the shell's federation runtime to remotes
 * (what `experiments.provideExternalRuntime` adds, but that names its CommonJS build, which pulls
 * a CommonJS copy of the runtime beside the ES module copy the rest of the shell uses).
 */
function injectRuntimePluginModule() {
  // Its package exports no package.json: its CommonJS entry (dist/index.cjs) sits beside it.
  const commonJsEntry = require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [repoRoot] });
  return path.join(path.dirname(commonJsEntry), 'index.js');
}

/**
 * How every front-end build turns its sources into files: TypeScript and TSX through SWC, CSS
 * Modules with the app's class prefix, CSS extracted to files, images and fonts as assets. The
 * shell, the remotes and the game clients (tools/webpack, games-jl) share it.
 * @param {{ production: boolean, cssClassPrefix: string }} options
 */
function moduleRules({ production, cssClassPrefix }) {
  return [
    { test: /[\\/]node_modules[\\/]\.federation[\\/]/, type: 'javascript/auto' },
    // The wire contract's rows without their JSON Schemas, which only the server and the type
    // checker read (strip-contract-schemas.cjs): before SWC compiles the file.
    {
      test: /\.ts$/,
      include: path.join(repoRoot, 'contract', 'src'),
      exclude: /\.test\.ts$/,
      enforce: 'pre',
      use: { loader: require.resolve('./strip-contract-schemas.cjs') },
    },
    {
      test: /\.[jt]sx?$/,
      exclude: /node_modules/,
      use: {
        loader: 'swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: {
              // Always the production JSX runtime: a remote in webpack-dev-server runs against the
              // React that the built shell shares (a singleton), and React's development JSX
              // runtime does not work with production React (`dispatcher.getOwner`).
              react: { runtime: 'automatic', development: false, refresh: false },
              optimizer: {
                globals: { vars: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') } },
              },
            },
            target: 'es2020',
          },
        },
      },
    },
    // CSS is always extracted to files (<link>), never injected as <style> elements, which the
    // Content-Security-Policy's style-src (no 'unsafe-inline') would refuse; hot reload still works.
    {
      test: /\.module\.css$/,
      use: [
        MiniCssExtractPlugin.loader,
        {
          loader: 'css-loader',
          options: {
            modules: {
              // Each app's classes carry its own prefix: styles cannot leak between apps.
              localIdentName: production ? `${cssClassPrefix}_[hash:base64:6]` : `${cssClassPrefix}__[local]__[hash:base64:4]`,
              namedExport: false,
              exportLocalsConvention: 'as-is',
            },
          },
        },
      ],
    },
    {
      test: /\.css$/,
      exclude: /\.module\.css$/,
      use: [MiniCssExtractPlugin.loader, 'css-loader'],
    },
    { test: /\.(png|jpe?g|gif|svg|webp|ico)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 4096 } } },
    // Web fonts are fetched by the browser only for the characters of their unicode-range.
    { test: /\.woff2?$/, type: 'asset/resource' },
  ];
}

/**
 * @param {object} options
 * @param {string} options.appDir       the app's folder (its package.json holds the version)
 * @param {string} options.federationName  JS identifier: shell, mfe_auth, ...
 * @param {Record<string,string>} [options.exposes]  remotes only
 * @param {boolean} [options.isHost]
 * @param {number} options.devPort
 */
function createConfig({ appDir, federationName, exposes = {}, isHost = false, devPort }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const pkg = require(path.join(appDir, 'package.json'));
    const version = process.env.REMOTE_VERSION || pkg.version;
    const outputPath = isHost
      ? path.join(repoRoot, 'dist', 'shell')
      : path.join(repoRoot, 'dist', 'remotes', federationName, version);
    const cssClassPrefix = federationName.replace(/^mfe_/, '');

    return {
      mode: production ? 'production' : 'development',
      context: appDir,
      // A remote needs no entry of its own: the federation plugin adds remoteEntry.js.
      entry: isHost ? { main: './src/index.ts' } : {},
      // Never an eval- source map, in development either: the site's Content-Security-Policy has no
      // 'unsafe-eval', and a remote's dev server runs inside the built shell's page (npm run dev).
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      output: {
        path: outputPath,
        publicPath: 'auto',
        uniqueName: federationName,
        // A script chunk that has not loaded after 120000 ms is a load failure.
        chunkLoadTimeout: 120000,
        // The federation runtime resolves the entry's file name without a chunk, so entries carry
        // no hash in their name; index.html asks for them with ?<compilation hash> instead.
        filename: '[name].js',
        chunkFilename: production ? '[name].[chunkhash:8].js' : '[name].js',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
        // react-router's package exports only its development build (warnings and checks a player
        // never sees): a production build takes its production build, as React's own does.
        alias: production ? { 'react-router$': reactRouterProductionBuild() } : undefined,
        // Packages' ES2015 builds where they have one (RxJS): classes instead of ES5 helpers (tslib's
        // __extends), smaller and quicker to evaluate; every browser the site supports runs ES2020.
        conditionNames: ['es2015', '...'],
      },
      module: { rules: moduleRules({ production, cssClassPrefix }) },
      plugins: [
        new ModuleFederationPlugin({
          name: federationName,
          filename: 'remoteEntry.js',
          exposes: isHost ? undefined : exposes,
          remotes: {},
          shared: sharedConfig({ appDir, isHost }),
          shareStrategy: 'loaded-first',
          runtimePlugins: isHost ? [path.join(appDir, 'src', 'runtime-plugin', 'remote-fallback-plugin.ts'), injectRuntimePluginModule()] : [],
          dts: false,
          manifest: true,
          // One federation runtime per page: the shell provides it (the global
          // _FEDERATION_RUNTIME_CORE, set by the runtime plugin above) and every remote uses the
          // shell's instead of carrying its own copy (~20 KiB gzip each), so a remote is loaded by
          // this shell, never on its own. The shell's runtime leaves out its Node.js paths ('web').
          experiments: isHost ? { optimization: { target: 'web' } } : { externalRuntime: true },
        }),
        new DefinePlugin({
          __APP_NAME__: JSON.stringify(federationName),
          __APP_VERSION__: JSON.stringify(version),
        }),
        new MiniCssExtractPlugin(
          production ? { filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' } : { filename: '[name].css', chunkFilename: '[name].css' },
        ),
        isHost &&
          new HtmlWebpackPlugin({
            template: path.join(appDir, 'public', 'index.html'),
            publicPath: '/',
            hash: production,
          }),
        isHost &&
          new CopyWebpackPlugin({
            patterns: [{ from: path.join(appDir, 'public'), globOptions: { ignore: ['**/index.html'] } }],
          }),
        // A remote's routes (src/routes.json) beside its mf-manifest.json: /remotes.json hands them to
        // the shell with the release (server/src/modules/remotes/release-routes.ts). Data, not a
        // federated module, so the shell learns every remote's routes without loading any remote's
        // code. Parsed here, so a file that is not JSON fails the build instead of losing the routes.
        !isHost &&
          existsSync(path.join(appDir, 'src', ROUTES_FILE)) &&
          new CopyWebpackPlugin({
            patterns: [{ from: path.join(appDir, 'src', ROUTES_FILE), to: ROUTES_FILE, transform: (content) => JSON.stringify(JSON.parse(content.toString())) }],
          }),
      ].filter(Boolean),
      performance: { hints: false },
      // webpack's default leaves modules under 20 kB shared by two async chunks in both (the shell's
      // start-up chunk and the shared package's carried the wire contract twice): above 2 kB they
      // get a chunk of their own instead, loaded once.
      optimization: production ? { minimize: true, splitChunks: { minSize: 2048 } } : undefined,
      devServer: {
        port: devPort,
        hot: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        historyApiFallback: isHost,
        static: false,
        proxy: isHost
          ? [
              {
                context: ['/wps', '/lgw', '/remotes.json', '/remotes', '/healthz', '/docs', '/manifest.webmanifest', '/service-worker.js', '/assets'],
                target: process.env.API_URL || 'http://localhost:3000',
              },
            ]
          : undefined,
      },
    };
  };
}

/** The configuration of the front-end app in `appDir`, as the app list (apps.json) describes it. */
function createAppConfig(appDir) {
  const { apps } = require(path.join(repoRoot, 'apps.json'));
  const app = apps.find((candidate) => path.join(repoRoot, candidate.folder) === appDir);
  if (!app || (app.kind !== 'shell' && app.kind !== 'remote')) throw new Error(`${appDir} is not a front-end app in apps.json`);
  return createConfig({ appDir, federationName: app.federationName, exposes: app.exposes, isHost: app.kind === 'shell', devPort: app.devPort });
}

module.exports = { createAppConfig, createConfig, moduleRules, sharedLibraryRange, SINGLETONS };
