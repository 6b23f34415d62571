import path from 'node:path';
import CompressionPlugin from 'compression-webpack-plugin';
import { EsbuildPlugin } from 'esbuild-loader';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { type BrotliOptions, constants as zlib } from 'node:zlib';
import type { Configuration } from 'webpack';

/** The browser bundle: content-hashed, minified and split in production. */
export default function createConfig({ production }: { production: boolean }): Configuration {
  return {
    mode: production ? 'production' : 'development',
    context: __dirname,
    entry: { main: './client/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist/client/assets'),
      publicPath: '/assets/',
      filename: production ? '[name].[contenthash:12].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:12].js' : '[name].js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    // No eval-based source maps: the CSP allows no eval, in development either.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    module: {
      rules: [
        { test: /\.tsx?$/, loader: 'esbuild-loader', options: { target: 'es2020', jsx: 'automatic' } },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: production ? '[name].[contenthash:12].css' : '[name].css' }),
      // Precompressed once at build, at the strongest settings, so no request pays for it: the
      // server (server/http/staticAssets.ts) sends the `.br` or `.gz` beside each file.
      ...(production
        ? [
            new CompressionPlugin<BrotliOptions>({
              test: /\.(js|css)$/,
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              compressionOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } },
              threshold: 0,
              minRatio: 1,
            }),
            new CompressionPlugin({ test: /\.(js|css)$/, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 }, threshold: 0, minRatio: 1 }),
          ]
        : []),
    ],
    optimization: {
      minimizer: [new EsbuildPlugin({ target: 'es2020', css: true })],
      splitChunks: {
        chunks: 'all',
        // The app's libraries (client/startApp.tsx, fetched after the first paint) in a file of
        // their own, cached across deploys of our code; the player's wavesurfer.js and Tone.js stay
        // in the chunk that the first play imports, instead of joining the vendor file every page loads.
        cacheGroups: {
          vendor: { test: /[\\/]node_modules[\\/]/, name: 'vendor', chunks: (chunk) => chunk.name === 'app', priority: 10 },
          // …and whole: the player's own code and its libraries arrive as one `audio` file.
          defaultVendors: false,
        },
      },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
  };
}
