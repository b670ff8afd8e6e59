import { timingSafeEqual } from 'node:crypto';
import { type ServiceApp, unauthorized } from '@actuate/service-kit';

export const API_KEY_HEADER = 'x-api-key';

const sameKey = (expected: string, given: string | undefined) => {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Registers the business routes behind the `X-Api-Key` check (401 problem details otherwise). */
export async function registerApi(app: ServiceApp, apiKey: string, routes: (scope: ServiceApp) => void) {
  await app.register(async (scope) => {
    const typed = scope as unknown as ServiceApp;
    typed.addHook('onRequest', async (request) => {
      const header = request.headers[API_KEY_HEADER];
      if (!sameKey(apiKey, Array.isArray(header) ? header[0] : header)) {
        throw unauthorized('unauthorized', 'A valid API key is required in the X-Api-Key header.');
      }
    });
    routes(typed);
  });
  documentApiKey(app);
}

/**
 * Adds the API-key scheme to the OpenAPI document and names it on every business operation (all but
 * the `operations` tag), after the document is built: the kit registers swagger without it.
 */
function documentApiKey(app: ServiceApp) {
  app.addHook('onReady', async () => {
    type Operation = { tags?: string[]; security?: unknown };
    const document = app.swagger() as {
      components?: Record<string, unknown>;
      paths?: Record<string, Record<string, Operation>>;
    };
    document.components ??= {};
    document.components.securitySchemes = {
      apiKey: {
        type: 'apiKey',
        in: 'header',
        name: API_KEY_HEADER,
        description: 'The BACKOFFICE_API_KEY setting',
      },
    };
    for (const path of Object.values(document.paths ?? {})) {
      for (const operation of Object.values(path)) {
        if (operation && typeof operation === 'object' && !operation.tags?.includes('operations')) {
          operation.security = [{ apiKey: [] }];
        }
      }
    }
  });
}
