import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build, createServer, type Plugin } from 'vite';

/**
 * The widget's build tools as its browser tests (system-tests/widget-browser) use them, so that the suite
 * outside this package needs neither Vite nor the paths of its configurations.
 */

/** Extra pages served by the demo server, Connect-style. */
export type ExtraRoutes = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

export interface DemoServer {
  close(): Promise<void>;
}

/**
 * The demo page (demo/vite.config.ts) on a loopback port, its merchant server calling the gateway at
 * `gatewayUrl`. `routes` adds pages on the same origin (pages must come from a real loopback server:
 * Chromium's local-network checks block a route-fulfilled page from calling the gateway).
 */
export async function startDemoServer(options: {
  port: number;
  gatewayUrl: string;
  routes?: ExtraRoutes;
}): Promise<DemoServer> {
  process.env.GATEWAY_URL = options.gatewayUrl;
  const { routes } = options;
  const plugins: Plugin[] = routes
    ? [
        {
          name: 'extra-routes',
          configureServer(server) {
            server.middlewares.use(routes);
          },
        },
      ]
    : [];
  const server = await createServer({
    configFile: fileURLToPath(new URL('vite.config.ts', import.meta.url)),
    plugins,
    server: { port: options.port, host: '127.0.0.1', strictPort: true },
    logLevel: 'silent',
  });
  await server.listen();
  return { close: () => server.close() };
}

/** The standalone bundle (actuate-checkout.min.js) built in memory as the package build does (production). */
export async function buildStandaloneBundle(): Promise<string> {
  // Production, whatever NODE_ENV the test runner set.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    mode: 'standalone',
    logLevel: 'silent',
    build: { write: false },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const outputs = (Array.isArray(result) ? result[0] : result) as {
    output: { fileName: string; code?: string }[];
  };
  const code = outputs.output.find((output) => output.fileName === 'actuate-checkout.min.js')?.code;
  if (!code) throw new Error('the standalone build wrote no actuate-checkout.min.js');
  return code;
}
