// The operator back office: a host page and its sections, served by the API server on the operator
// listener only (never on the player site's origin), under its mountPath (apps.json): pages at
// /ops/…, files under /ops/assets/, the operator API at /ops/v1. Built to dist/backoffice.
//
// Module Federation: the host (sign-in, the frame, Releases, and the kit in src/kit) is one build;
// each section of sections.json is a container of its own (bo_<name>, exposing ./Section) built to
// dist/backoffice/assets/sections/<name>/<version>/, which the server lists and the host loads at
// run time in the release the brand serves (src/app/section-loader.tsx). The host shares one React,
// router, i18n and kit with them; a section bundles none of these (import: false), so a section's
// release is its own code only, and it runs under any host whose kit has the major it was built with.
//
// BACKOFFICE_SECTION=<name> builds that section alone (SECTION_VERSION: as which release), as
// `npm run release -- backoffice/<name>` does; nothing else under dist/backoffice is touched.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { DefinePlugin, Compilation, sources } = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { moduleRules } = require('../tools/webpack/create-config.cjs');

const repoRoot = path.resolve(__dirname, '..');
const app = require('../apps.json').apps.find((candidate) => path.join(repoRoot, candidate.folder) === __dirname);
const mountPath = app.mountPath.replace(/\/+$/, '');
const { kitVersion, sections } = require('./sections.json');
const KIT = path.join(__dirname, 'src', 'kit', 'index.ts');
const outputRoot = path.join(repoRoot, 'dist', 'backoffice');
const extensions = ['.tsx', '.ts', '.jsx', '.js', '.json'];

const versionOf = (name) => require(require.resolve(`${name}/package.json`, { paths: [__dirname] })).version;

/**
 * What the host shares with its sections: one copy of each on the page. The host provides them
 * (`import` left as is); a section takes the host's (`import: false`: none bundled as a fallback).
 * strictVersion: a section built against a React, router or kit major the host does not have is
 * refused (its page shows the retry panel; an admin rolls it back) instead of run with a warning.
 */
function shared(isHost) {
  const singleton = (name, version, importPath) => ({
    singleton: true,
    strictVersion: true,
    version,
    requiredVersion: `^${version}`,
    ...(isHost ? (importPath ? { import: importPath } : {}) : { import: false }),
  });
  return {
    react: singleton('react', versionOf('react')),
    'react/': singleton('react', versionOf('react')),
    'react-dom': singleton('react-dom', versionOf('react-dom')),
    'react-dom/': singleton('react-dom', versionOf('react-dom')),
    'react-router': singleton('react-router', versionOf('react-router')),
    'react-i18next': singleton('react-i18next', versionOf('react-i18next')),
    i18next: singleton('i18next', versionOf('i18next')),
    '@backoffice/kit': singleton('@backoffice/kit', kitVersion, KIT),
  };
}

/**
 * Writes a small JSON file beside the build's output: the host's kit.json (the kit version it
 * provides) and each release's section.json (the kit range it requires), which the server compares
 * before serving or pinning a release (server/src/modules/remotes/backoffice-sections.ts).
 */
class DescriptionFile {
  constructor(file, content) {
    this.file = file;
    this.content = content;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('DescriptionFile', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'DescriptionFile', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(this.file, new sources.RawSource(`${JSON.stringify(this.content, null, 2)}\n`));
      });
    });
  }
}

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  const common = {
    mode: production ? 'production' : 'development',
    context: __dirname,
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    module: { rules: moduleRules({ production, cssClassPrefix: 'bo' }) },
    performance: { hints: false },
    optimization: production ? { minimize: true } : undefined,
  };

  const host = {
    ...common,
    name: 'host',
    // index.ts only imports bootstrap.tsx: the async boundary in which the shared modules are
    // settled before any of the host's code runs.
    entry: { main: './src/index.ts' },
    output: {
      path: outputRoot,
      publicPath: `${mountPath}/`,
      // The entry keeps its name (the page asks for it with the build's hash in the query,
      // HtmlWebpackPlugin's `hash`): the federation runtime it holds must not move between builds.
      filename: 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[chunkhash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[hash:8][ext]',
      // The sections' releases live under assets/sections/, each folder written by its own build.
      clean: { keep: /^assets[\\/]sections[\\/]/ },
    },
    resolve: { extensions, conditionNames: ['es2015', '...'], alias: { '@backoffice/kit': KIT } },
    plugins: [
      new MiniCssExtractPlugin(
        production
          ? { filename: 'assets/[name].[contenthash:8].css', chunkFilename: 'assets/[name].[contenthash:8].css' }
          : { filename: 'assets/[name].css', chunkFilename: 'assets/[name].css' },
      ),
      new DefinePlugin({ __APP_VERSION__: JSON.stringify(require('./package.json').version) }),
      // templateContent: the template as text, not through a child compilation (which would have
      // to build the kit's CSS again outside the federation plugin's share scope).
      new HtmlWebpackPlugin({ templateContent: fs.readFileSync(path.join(__dirname, 'public', 'index.html'), 'utf8'), filename: 'index.html', hash: production }),
      new ModuleFederationPlugin({ name: 'backoffice', shared: shared(true), dts: false, manifest: false }),
      new DescriptionFile('kit.json', { kit: kitVersion }),
    ],
    devServer: {
      port: app.devPort,
      hot: true,
      // Every compilation is served from memory at its publicPath, the sections' at the release
      // folders the operator API names (those of a build in dist/: build once before).
      static: false,
      historyApiFallback: { index: `${mountPath}/index.html` },
      devMiddleware: { publicPath: `${mountPath}/` },
      proxy: [{ context: [`${mountPath}/v1`], target: process.env.OPS_API_URL || 'http://localhost:3001' }],
    },
  };

  const sectionBuild = ({ name, version }) => ({
    ...common,
    name: `section-${name}`,
    entry: {},
    module: { rules: moduleRules({ production, cssClassPrefix: `bo-${name}` }) },
    output: {
      path: path.join(outputRoot, 'assets', 'sections', name, version),
      publicPath: `${mountPath}/assets/sections/${name}/${version}/`,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[chunkhash:8].js',
      assetModuleFilename: '[name].[hash:8][ext]',
      uniqueName: `bo_${name.replace(/-/g, '_')}`,
      clean: true,
    },
    resolve: { extensions, conditionNames: ['es2015', '...'] },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' }),
      new DefinePlugin({ __APP_VERSION__: JSON.stringify(version) }),
      new DescriptionFile('section.json', { name, version, kit: `^${kitVersion}` }),
      new ModuleFederationPlugin({
        name: `bo_${name.replace(/-/g, '_')}`,
        filename: 'remoteEntry.js',
        exposes: { './Section': `./src/features/${name}/section.ts` },
        shared: shared(false),
        dts: false,
      }),
    ],
  });

  const only = process.env.BACKOFFICE_SECTION;
  if (only) {
    const section = sections.find((candidate) => candidate.name === only);
    if (!section) throw new Error(`${only} is not a back office section (sections.json): ${sections.map((candidate) => candidate.name).join(', ')}`);
    return sectionBuild({ name: only, version: process.env.SECTION_VERSION || section.version });
  }
  return [host, ...sections.map(sectionBuild)];
};
