import type { ServiceApp } from '@actuate/service-kit';
import { answerPreflight } from '../../shared/http.ts';

/**
 * Routes under `prefix` that a simulator's script calls from any merchant page, as a real SDK calls
 * its provider's host: there is no client key, a token the gateway signed is what authenticates.
 * Every answer (a refused body too, so the script can read the error) allows any origin, and
 * preflights are answered.
 */
export async function registerPublicSimulatorApi(
  app: ServiceApp,
  prefix: string,
  register: (scope: ServiceApp) => void,
): Promise<void> {
  await app.register(async (scope) => {
    const typed = scope as unknown as ServiceApp;
    typed.addHook('onRequest', async (request, reply) => {
      reply.header('Access-Control-Allow-Origin', '*');
      if (request.method === 'OPTIONS') return answerPreflight(request, reply, 'GET, POST, OPTIONS');
    });
    typed.options(`${prefix}/*`, async (_request, reply) => reply.status(204).send());
    register(typed);
  });
}
