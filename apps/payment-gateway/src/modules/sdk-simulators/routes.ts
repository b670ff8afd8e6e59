import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { type BrowserBundle, bundleBrowserScript } from '../../shared/browser-bundle.ts';
import { gatewayError } from '../../shared/errors.ts';
import { sendPublicAsset } from '../sdk-assets/routes.ts';
import { lazyOnce } from '../sdk-assets/widget-release.ts';
import type { SdkSimulator } from './catalogue.ts';

const params = z.object({ wallet: z.string().max(64), file: z.string().max(128) });

/**
 * `GET /sdk-simulators/<wallet>/<file>`: a simulated SDK script, bundled on first request (so start-up
 * does not wait for it) and served like the providers' own scripts: public, cross-origin, revalidated.
 */
export function sdkSimulatorRoutes(app: ServiceApp, simulators: SdkSimulator[]) {
  const bundles = new Map<string, () => Promise<BrowserBundle>>();
  for (const simulator of simulators)
    for (const [file, entry] of Object.entries(simulator.scripts))
      bundles.set(
        `${simulator.wallet}/${file}`,
        lazyOnce(() => bundleBrowserScript(entry)),
      );

  app.get(
    '/sdk-simulators/:wallet/:file',
    { schema: { tags: ['sandbox'], summary: 'A simulated wallet or scheme SDK script', params } },
    async (request, reply) => {
      const load = bundles.get(`${request.params.wallet}/${request.params.file}`);
      if (!load) throw gatewayError.notFound('No such SDK simulator script.');
      const bundle = await load();
      return sendPublicAsset(reply, 'text/javascript; charset=utf-8', bundle.code, { immutable: false });
    },
  );
}
