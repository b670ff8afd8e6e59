import {
  MAX_QUICK_ORDER_LINES,
  QuickOrderAddResult,
  QuickOrderReport,
  QuickOrderRequest,
} from '@actuate/contracts';
import { baseContext, type ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { type CallerKeys, requireStorefrontKey } from '../../shared/admin-key.ts';
import { bearerToken } from '../../shared/bearer-token.ts';
import { problems } from '../../shared/responses.ts';
import type { QuickOrderAdder } from './add.ts';
import { type QuickOrderChecker, SUGGESTION_LOOKUPS } from './service.ts';

const tags = ['quick-order'];
const WHO =
  'Roles: a buyer user with the Shopper role (anyone else: 403 `not-a-shopper`). Called by the storefront’s server (`x-api-key`) with the buyer’s platform token (`Authorization: Bearer …`); the catalogue, item states and quantity rules are read from the platform as that buyer sees them.';
const LIMITS = `At most ${MAX_QUICK_ORDER_LINES} lines (more is a 400); close matches are looked up for the first ${SUGGESTION_LOOKUPS} distinct unknown item numbers.`;

const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(8)
    .max(100)
    .describe('Chosen by the caller per add (e.g. a UUID); a repeat answers the first result'),
});

export function quickOrderRoutes(
  app: ServiceApp,
  checker: QuickOrderChecker,
  adder: QuickOrderAdder,
  keys: CallerKeys,
): void {
  const storefrontOnly = requireStorefrontKey(keys);

  app.post(
    '/quick-order/check',
    {
      onRequest: storefrontOnly,
      schema: {
        tags,
        summary:
          'Checks quick-order lines: a report per line (ok, unknown with close matches, not visible, not orderable with its successor, quantity rule broken)',
        description: `${WHO} ${LIMITS} Changes nothing.`,
        body: QuickOrderRequest,
        response: { 200: QuickOrderReport, ...problems(400, 401, 403, 502) },
      },
    },
    async (request) => {
      const buyer = await checker.buyerOf(bearerToken(request.headers.authorization));
      const { products: _products, ...report } = await checker.check(
        baseContext(request),
        buyer,
        request.body.lines,
      );
      return report;
    },
  );

  app.post(
    '/quick-order/add',
    {
      onRequest: storefrontOnly,
      schema: {
        tags,
        summary: 'Checks the lines again and adds the ok ones to the buyer’s cart in one go, priced once',
        description: `${WHO} ${LIMITS} Idempotent per user and \`Idempotency-Key\`: a repeat answers the first result (\`replayed\`) and adds nothing; a repeat while the first is still adding is a 409.`,
        headers: IdempotencyHeaders,
        body: QuickOrderRequest,
        response: { 200: QuickOrderAddResult, ...problems(400, 401, 403, 409, 502) },
      },
    },
    async (request) => {
      const buyer = await checker.buyerOf(bearerToken(request.headers.authorization));
      return adder.add(baseContext(request), buyer, request.body.lines, request.headers['idempotency-key']);
    },
  );
}
