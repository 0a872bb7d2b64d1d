// The JL game client: a plain single-page app (no Module Federation: it is a game provider's own
// front end, opened by its launch URL in the site's /game frame or on its own). Built to
// dist/games/<mountPath> and served by the API server under its mountPath (apps.json): pages at
// /jl/play/<gameCode> and /jl/verify, files under /jl/assets/.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { moduleRules } = require('../tools/webpack/create-config.cjs');

const repoRoot = path.resolve(__dirname, '..');
const app = require('../apps.json').apps.find((candidate) => path.join(repoRoot, candidate.folder) === __dirname);
const mountPath = app.mountPath.replace(/\/+$/, '');

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: __dirname,
    entry: { main: './src/index.tsx' },
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: path.join(repoRoot, 'dist', 'games', mountPath.replace(/^\//, '')),
      publicPath: `${mountPath}/`,
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[chunkhash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[hash:8][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'], conditionNames: ['es2015', '...'] },
    module: { rules: moduleRules({ production, cssClassPrefix: 'jl' }) },
    plugins: [
      new MiniCssExtractPlugin(
        production
          ? { filename: 'assets/[name].[contenthash:8].css', chunkFilename: 'assets/[name].[contenthash:8].css' }
          : { filename: 'assets/[name].css', chunkFilename: 'assets/[name].css' },
      ),
      new HtmlWebpackPlugin({ template: path.join(__dirname, 'public', 'index.html'), filename: 'index.html' }),
    ],
    performance: { hints: false },
    optimization: production ? { minimize: true } : undefined,
    devServer: {
      port: app.devPort,
      hot: true,
      static: false,
      // Every page of the client is the one index.html.
      historyApiFallback: { index: `${mountPath}/index.html`, rewrites: [{ from: new RegExp(`^${mountPath}/(play|verify)`), to: `${mountPath}/index.html` }] },
      devMiddleware: { publicPath: `${mountPath}/` },
      proxy: [{ context: [`${mountPath}/v1`, '/wps', '/provider'], target: process.env.API_URL || 'http://localhost:3000' }],
    },
  };
};
