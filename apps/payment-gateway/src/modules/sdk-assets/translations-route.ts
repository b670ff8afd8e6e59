import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { gatewayError } from '../../shared/errors.ts';
import { SDK_PREFIX, sendPublicAsset } from './routes.ts';
import { CHECKOUT_ROOT } from './widget-bundle.ts';
import { widgetVersion } from './widget-release.ts';

/** The widget's locale files: one flat JSON per locale, every key of every component. */
export const WIDGET_LOCALES_DIR = join(CHECKOUT_ROOT, 'src/core/i18n/locales');

const params = z.object({
  version: z.string().regex(/^\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$/),
  file: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?\.json$/),
});

export interface WidgetTranslations {
  version: string;
  /** File name (`fr-FR.json`) → its bytes, as shipped. */
  files: Map<string, string>;
}

/** Reads the package version and every locale file once; the gateway serves them from memory. */
export async function readWidgetTranslations(): Promise<WidgetTranslations> {
  const names = (await readdir(WIDGET_LOCALES_DIR)).filter((name) => name.endsWith('.json'));
  const files = new Map<string, string>();
  for (const name of names) files.set(name, await readFile(join(WIDGET_LOCALES_DIR, name), 'utf8'));
  return { version: widgetVersion(), files };
}

/**
 * `checkoutshopper/sdk/<version>/translations/<locale>.json`: where the widget's standalone build
 * fetches its locale (an IIFE cannot split chunks), as the reference's script fetches its
 * translations from its CDN. Public and the same for everyone, so any origin may read them and they
 * are cached for good: a version's files never change. Another version or locale is a 404.
 */
export function translationRoutes(app: ServiceApp, translations: () => Promise<WidgetTranslations>) {
  app.get(
    `${SDK_PREFIX}/:version/translations/:file`,
    {
      schema: { tags: ['client'], summary: 'The widget’s strings for one locale (standalone build)', params },
    },
    async (request, reply) => {
      const { version, files } = await translations();
      const body = request.params.version === version ? files.get(request.params.file) : undefined;
      if (body === undefined)
        throw gatewayError.notFound(
          `No translations ${request.params.file} for version ${request.params.version}.`,
        );
      return sendPublicAsset(reply, 'application/json; charset=utf-8', body, { immutable: true });
    },
  );
}
