// The operator back office: a single-page app served by the API server on the operator listener
// only (never on the player site's origin), under its mountPath (apps.json): pages at /ops/…, files
// under /ops/assets/, the operator API at /ops/v1. Built to dist/backoffice.
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
      path: path.join(repoRoot, 'dist', 'backoffice'),
      publicPath: `${mountPath}/`,
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[chunkhash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[hash:8][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'], conditionNames: ['es2015', '...'] },
    module: { rules: moduleRules({ production, cssClassPrefix: 'bo' }) },
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
      historyApiFallback: { index: `${mountPath}/index.html` },
      devMiddleware: { publicPath: `${mountPath}/` },
      proxy: [{ context: [`${mountPath}/v1`], target: process.env.OPS_API_URL || 'http://localhost:3001' }],
    },
  };
};
