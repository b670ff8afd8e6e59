/**
 * The terms and privacy versions in force (CURRENT_TERMS_VERSION, CURRENT_PRIVACY_VERSION): a
 * registration and an order need the buyer's acceptance of exactly these, so the storefront asks here
 * which versions to show and record instead of keeping its own copy.
 */
import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { type CallerKeys, requireStorefrontKey } from '../../shared/admin-key.ts';
import { problems } from '../../shared/responses.ts';

export interface PolicyVersions {
  termsVersion: number;
  privacyVersion: number;
}

const PolicyVersionsView = z.object({
  termsVersion: z.int().min(1),
  privacyVersion: z.int().min(1),
});

export function policyRoutes(app: ServiceApp, versions: PolicyVersions, keys: CallerKeys): void {
  app.get(
    '/policy-versions',
    {
      onRequest: requireStorefrontKey(keys),
      schema: {
        tags: ['crm'],
        summary: 'The terms and privacy versions a buyer must accept (registration, terms acceptance)',
        response: { 200: PolicyVersionsView, ...problems(401) },
      },
    },
    async () => ({ termsVersion: versions.termsVersion, privacyVersion: versions.privacyVersion }),
  );
}
