import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/** One IIFE cannot split chunks: the locales are fetched from the gateway instead of bundled. */
export const standaloneLocaleAlias = {
  find: /^\.\/locale-loader\.ts$/,
  replacement: source('core/i18n/locale-loader.standalone.ts'),
};

/**
 * The standalone build runs on Preact (preact/compat) instead of React: 6.3 KB gzip instead of 65.7 KB
 * (bench/widget-size). Only that build: the ESM build keeps React as a peer and the React bindings
 * stay React. Differences that matter are handled in the code (see bench/widget-size/REPORT.md).
 * Absolute paths to this package's own preact (11), whatever other preact a workspace hoists.
 * `react` itself is `src/standalone-react.ts` (preact/compat with a page-unique useId).
 * The locale loader becomes `locale-loader.standalone.ts`: it fetches a locale's JSON from the
 * gateway (`checkoutshopper/sdk/<version>/translations/`) instead of importing 30 chunks.
 */
const preactRoot = dirname(createRequire(import.meta.url).resolve('preact/package.json'));
export const standaloneAliases = [
  { find: /^react$/, replacement: source('standalone-react.ts') },
  { find: /^react\/jsx-runtime$/, replacement: join(preactRoot, 'compat/jsx-runtime.mjs') },
  { find: /^react\/jsx-dev-runtime$/, replacement: join(preactRoot, 'compat/jsx-dev-runtime.mjs') },
  { find: /^react-dom$/, replacement: join(preactRoot, 'compat/dist/compat.mjs') },
  { find: /^react-dom\/client$/, replacement: join(preactRoot, 'compat/client.mjs') },
  standaloneLocaleAlias,
];

/**
 * Library builds, run in order by `npm run build -w @actuate/checkout` (scripts/build.mjs, which also
 * writes the declarations and dist/integrity.json):
 * - `esm` (default): tree-shakeable ES modules with source maps, React as a peer → dist/esm
 * - `standalone`: one minified IIFE with Preact (preact/compat) in place of React, global
 *   `ActuateCheckout` → dist/standalone/actuate-checkout.min.js
 * - `css`: the one stylesheet, minified → dist/css (copied to dist/checkout.css and
 *   dist/standalone/actuate-checkout.min.css by the script)
 */
export default defineConfig(({ mode }) => {
  if (mode === 'standalone') {
    return {
      plugins: [react()],
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      resolve: { alias: standaloneAliases },
      build: {
        outDir: 'dist/standalone',
        emptyOutDir: true,
        minify: true,
        lib: {
          entry: source('standalone.ts'),
          formats: ['iife'],
          name: 'ActuateCheckout',
          fileName: () => 'actuate-checkout.min.js',
        },
      },
    };
  }
  if (mode === 'css') {
    return {
      build: {
        outDir: 'dist/css',
        emptyOutDir: true,
        rolldownOptions: { input: { checkout: source('styles/checkout.css') } },
        cssMinify: true,
        assetsDir: '',
      },
    };
  }
  return {
    plugins: [react()],
    build: {
      outDir: 'dist/esm',
      emptyOutDir: true,
      minify: true,
      sourcemap: true,
      lib: { entry: { index: source('index.ts'), react: source('react/index.ts') }, formats: ['es'] },
      rolldownOptions: {
        external: [/^react($|\/)/, /^react-dom($|\/)/],
        output: { chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  };
});
