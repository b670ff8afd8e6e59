import { documentApiKey, requireApiKey, type ServiceApp, unauthorized } from '@actuate/service-kit';

/** Registers the business routes behind the `X-Api-Key` check (401 problem details otherwise). */
export async function registerApi(app: ServiceApp, apiKey: string, routes: (scope: ServiceApp) => void) {
  const guard = requireApiKey(
    { middleware: apiKey },
    { refuse: () => unauthorized('unauthorized', 'A valid API key is required in the X-Api-Key header.') },
  );
  await app.register(async (scope) => {
    const typed = scope as unknown as ServiceApp;
    typed.addHook('onRequest', guard);
    routes(typed);
  });
  // Every operation but the public tracking pages and the kit's own (`operations`: /health, /ready).
  documentApiKey(
    app,
    'The BACKOFFICE_API_KEY setting',
    (_path, tags) =>
      !tags.includes('operations') && !tags.includes('tracking') && !tags.includes('sales-desk'),
  );
}
