import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';

export const CHECKOUT_ROOT = fileURLToPath(new URL('../../../../../packages/checkout/', import.meta.url));
/** The widget's standalone entry (`window.ActuateCheckout`) and its one stylesheet. */
export const WIDGET_ENTRY = join(CHECKOUT_ROOT, 'src/standalone.ts');
export const WIDGET_CSS = join(CHECKOUT_ROOT, 'src/styles/checkout.css');

export interface WidgetBundle {
  script: string;
  css: string;
}

/**
 * `react*` → preact/compat, exactly as `packages/checkout/vite.config.ts` does in `--mode standalone`
 * (the package's own Preact 11; `react` itself is `src/standalone-react.ts`, the page-wide useId).
 */
function preactAliases(): Plugin {
  const preactRoot = dirname(
    createRequire(join(CHECKOUT_ROOT, 'package.json')).resolve('preact/package.json'),
  );
  const aliases: Record<string, string> = {
    react: join(CHECKOUT_ROOT, 'src/standalone-react.ts'),
    'react/jsx-runtime': join(preactRoot, 'compat/jsx-runtime.mjs'),
    'react/jsx-dev-runtime': join(preactRoot, 'compat/jsx-dev-runtime.mjs'),
    'react-dom': join(preactRoot, 'compat/dist/compat.mjs'),
    'react-dom/client': join(preactRoot, 'compat/client.mjs'),
  };
  return {
    name: 'preact-compat-aliases',
    setup(builder) {
      builder.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => {
        const path = aliases[args.path];
        return path ? { path } : undefined;
      });
    },
  };
}

/**
 * The locale loader of the standalone build, as `vite.config.ts` aliases it: an IIFE cannot split
 * chunks, so the widget fetches its locale files from the gateway (`translations-route.ts`).
 */
function standaloneLocaleLoader(): Plugin {
  const path = join(CHECKOUT_ROOT, 'src/core/i18n/locale-loader.standalone.ts');
  return {
    name: 'standalone-locale-loader',
    setup(builder) {
      builder.onResolve({ filter: /^\.\/locale-loader\.ts$/ }, () => ({ path }));
    },
  };
}

/**
 * The widget the production build (scripts/build-servers.mjs) bundled ahead of time, put into the server
 * bundle by esbuild's `define`; not defined under tsx.
 */
declare const PREBUILT_WIDGET: WidgetBundle | undefined;

/**
 * Bundles the widget's standalone build (IIFE, Preact included) and minifies its stylesheet: the
 * fallback of widget-release.ts when packages/checkout has no dist/ (a checkout never built). The
 * production server has it prebuilt and never loads the compiler.
 */
export async function bundleWidget(): Promise<WidgetBundle> {
  if (typeof PREBUILT_WIDGET !== 'undefined') return PREBUILT_WIDGET;
  const { build } = await import('esbuild');
  const common = {
    bundle: true,
    write: false,
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  } as const;
  const [script, css] = await Promise.all([
    build({
      ...common,
      entryPoints: [WIDGET_ENTRY],
      format: 'iife',
      globalName: 'ActuateCheckout',
      platform: 'browser',
      target: ['es2020'],
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [preactAliases(), standaloneLocaleLoader()],
    }),
    build({ ...common, entryPoints: [WIDGET_CSS] }),
  ]);
  const code = script.outputFiles[0]?.text;
  const style = css.outputFiles[0]?.text;
  if (!code || !style) throw new Error('widget bundle is empty');
  return { script: code, css: style };
}
