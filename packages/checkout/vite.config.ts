import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/**
 * Library builds (`npx vite build -c packages/checkout/vite.config.ts --mode <mode>`):
 * - `esm` (default): tree-shakeable ES modules, React as a peer → dist/esm
 * - `standalone`: one IIFE with React included, global `ActuateCheckout` → dist/standalone
 * - `css`: the one stylesheet, minified → dist/checkout.css
 * Declarations: `npx tsc -p packages/checkout/tsconfig.build.json`.
 */
export default defineConfig(({ mode }) => {
  if (mode === 'standalone') {
    return {
      plugins: [react()],
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: 'dist/standalone',
        emptyOutDir: true,
        lib: {
          entry: source('standalone.ts'),
          formats: ['iife'],
          name: 'ActuateCheckout',
          fileName: () => 'actuate-checkout.js',
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
      lib: { entry: { index: source('index.ts'), react: source('react/index.ts') }, formats: ['es'] },
      rolldownOptions: {
        external: [/^react($|\/)/, /^react-dom($|\/)/],
        output: { chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  };
});
