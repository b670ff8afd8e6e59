import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { gatewayError } from '../../shared/errors.ts';
import { answerPreflight } from '../../shared/http.ts';
import { countries, datasetLocale, phoneNumbers, states } from './datasets.ts';

const localeParams = z.object({ locale: z.string().regex(/^[a-zA-Z]{2}([-_][a-zA-Z]{2})?\.json$/) });

/**
 * Countries, states and phone prefixes for the widget's address and phone fields. They are the same
 * for every merchant and carry nothing private, so, like the reference's CDN files, they need no
 * client key and any origin may read them (the widget asks before it has a session).
 */
export async function registerDatasetRoutes(app: ServiceApp) {
  for (const prefix of ['', '/checkoutshopper']) {
    await app.register(
      async (scope) => {
        const typed = scope as unknown as ServiceApp;
        typed.addHook('onRequest', async (request, reply) => {
          reply.header('Access-Control-Allow-Origin', '*');
          if (request.method === 'OPTIONS') return answerPreflight(request, reply, 'GET, OPTIONS');
        });
        // More specific than the client API's catch-all preflight, which asks for a client key.
        typed.options('/datasets/*', async (_request, reply) => reply.status(204).send());
        datasetRoutes(typed);
      },
      { prefix },
    );
  }
}

function datasetRoutes(app: ServiceApp) {
  const countryList = (locale: string) => {
    const resolved = datasetLocale(locale);
    if (!resolved) throw gatewayError.notFound(`No dataset for locale ${locale}.`);
    return countries(resolved);
  };

  app.get(
    '/datasets/countries.json',
    { schema: { tags: ['datasets'], summary: 'Countries (en-US)' } },
    async () => countryList('en-US'),
  );

  app.get(
    '/datasets/countries/:locale',
    { schema: { tags: ['datasets'], summary: 'Countries in a locale', params: localeParams } },
    async (request) => countryList(request.params.locale.replace(/\.json$/, '')),
  );

  app.get(
    '/datasets/states/:country/:locale',
    {
      schema: {
        tags: ['datasets'],
        summary: 'States of a country',
        params: localeParams.extend({ country: z.string().regex(/^[a-zA-Z]{2}$/) }),
      },
    },
    async (request) => {
      const list = states(request.params.country);
      if (!list) throw gatewayError.notFound(`No state dataset for ${request.params.country.toUpperCase()}.`);
      return list;
    },
  );

  app.get(
    '/datasets/phonenumbers.json',
    { schema: { tags: ['datasets'], summary: 'Phone prefixes' } },
    async () => phoneNumbers(),
  );
}
