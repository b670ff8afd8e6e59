import {
  baseContext,
  conflict,
  HttpError,
  notFound,
  type ServiceApp,
  unprocessable,
} from '@actuate/service-kit';
import { z } from 'zod';
import { type CallerKeys, requireAdminKey, requireStorefrontKey } from '../../shared/admin-key.ts';
import { bearerToken } from '../../shared/bearer-token.ts';
import { problems, Timestamp } from '../../shared/responses.ts';
import type { QuoteRefusal, QuoteService } from './service.ts';
import { QUOTE_STATUSES } from './state-machine.ts';

const tags = ['quotes'];
const BUYER =
  'Roles: a buyer user with the Shopper role (anyone else: 403 `not-a-shopper`), called by the storefront’s server (`x-api-key`) with the buyer’s platform token (`Authorization: Bearer …`). A buyer sees only the quotes they requested in their company; any other quote is a 404.';
const DESK =
  'Roles: the sales desk, i.e. the back office’s server with the middleware operator key (`x-api-key`).';

const QuoteLineSchema = z.object({
  lineNo: z.int(),
  productId: z.string(),
  name: z.string(),
  quantity: z.int(),
  listUnitPrice: z.int().nullable().describe('The buyer’s own unit price when requested, minor units'),
  quotedUnitPrice: z.int().nullable().describe('The sales desk’s unit price, minor units; null until quoted'),
});
const QuoteSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    userId: z.string(),
    buyerName: z.string(),
    currency: z.string(),
    status: z.enum(QUOTE_STATUSES),
    message: z.string(),
    lines: z.array(QuoteLineSchema),
    sellerNote: z.string().nullable(),
    validUntil: z.string().nullable().describe('Last day the quote can be accepted and ordered (YYYY-MM-DD)'),
    orderId: z.string().nullable().describe('The cart the accepted quote was put in (its order ID)'),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .describe(
    'A quote: requested → quoted → accepted (→ ordered) / declined / expired (after its validity date)',
  );
const QuoteList = z.object({ items: z.array(QuoteSchema) });
const IdParams = z.object({ id: z.string().min(1).max(40) });
const RequestBody = z.strictObject({
  message: z.string().trim().min(1).max(2000).describe('What the buyer asks the sales desk'),
});
const AnswerBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        lineNo: z.int().min(1).max(1000),
        unitPrice: z.int().min(0).max(1_000_000_000).describe('Unit price in minor units'),
      }),
    )
    .min(1)
    .max(1000),
  validUntil: z.iso.date().describe('Last day the quote can be used (inclusive)'),
  note: z.string().trim().max(2000).default(''),
});
const DeclineBody = z.strictObject({ note: z.string().trim().max(2000).default('') });

function refused(refusal: QuoteRefusal): HttpError {
  switch (refusal.code) {
    case 'quote-not-found':
      return notFound('quote-not-found', 'There is no such quote.');
    case 'empty-cart':
      return unprocessable('empty-cart', 'The cart has no lines to quote.');
    case 'quote-expired':
      return conflict('quote-expired', 'The quote’s validity date has passed.');
    case 'quote-state':
      return conflict('quote-state', `The quote is ${refusal.status}; that step is not possible.`, {
        current: refusal.status,
      });
    case 'quote-lines':
      return unprocessable('quote-lines', refusal.detail);
    case 'cart-failed':
      return new HttpError(502, 'cart-failed', `The platform refused the quote’s cart (${refusal.status}).`);
  }
}

const unwrap = <T>(result: { ok: true; value: T } | { ok: false; error: QuoteRefusal }): T => {
  if (!result.ok) throw refused(result.error);
  return result.value;
};

export function quoteRoutes(app: ServiceApp, quotes: QuoteService, keys: CallerKeys): void {
  const storefrontOnly = requireStorefrontKey(keys);
  const deskOnly = requireAdminKey(keys.operator);
  const buyerOf = (header: string | undefined) => quotes.buyerOf(bearerToken(header));

  app.post(
    '/quotes',
    {
      onRequest: storefrontOnly,
      schema: {
        tags,
        summary: 'Turns the buyer’s cart into a quote request with a message to the sales desk',
        description: `${BUYER} The lines are read from the buyer’s cart with their token. 422 \`empty-cart\`.`,
        body: RequestBody,
        response: { 201: QuoteSchema, ...problems(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const buyer = await buyerOf(request.headers.authorization);
      const quote = unwrap(await quotes.request(baseContext(request), buyer, request.body.message));
      return reply.code(201).send(quote);
    },
  );

  app.get(
    '/quotes',
    {
      onRequest: storefrontOnly,
      schema: {
        tags,
        summary: 'The buyer’s own quotes, newest first',
        description: BUYER,
        response: { 200: QuoteList, ...problems(401, 403) },
      },
    },
    async (request) => {
      const buyer = await buyerOf(request.headers.authorization);
      return { items: await quotes.listForBuyer(baseContext(request), buyer) };
    },
  );

  app.get(
    '/quotes/:id',
    {
      onRequest: storefrontOnly,
      schema: {
        tags,
        summary: 'One of the buyer’s quotes',
        description: BUYER,
        params: IdParams,
        response: { 200: QuoteSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const buyer = await buyerOf(request.headers.authorization);
      return unwrap(await quotes.forBuyer(baseContext(request), buyer, request.params.id));
    },
  );

  app.post(
    '/quotes/:id/accept',
    {
      onRequest: storefrontOnly,
      schema: {
        tags,
        summary: 'Accepts a quoted quote: a new cart bound to it holds the quoted lines at the quoted prices',
        description: `${BUYER} Only a quote in \`quoted\` within its validity date (409 \`quote-state\` / \`quote-expired\`). The cart’s \`xp.QuoteID\` makes the checkout calculation use the quoted unit prices for that cart only, once.`,
        params: IdParams,
        response: {
          200: z.object({ quote: QuoteSchema, cartId: z.string() }),
          ...problems(400, 401, 403, 404, 409, 502),
        },
      },
    },
    async (request) => {
      const buyer = await buyerOf(request.headers.authorization);
      return unwrap(await quotes.accept(baseContext(request), buyer, request.params.id));
    },
  );

  app.post(
    '/quotes/:id/decline',
    {
      onRequest: storefrontOnly,
      schema: {
        tags,
        summary: 'Declines a quoted quote',
        description: `${BUYER} Only a quote in \`quoted\` (409 otherwise).`,
        params: IdParams,
        response: { 200: QuoteSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const buyer = await buyerOf(request.headers.authorization);
      return unwrap(await quotes.decline(baseContext(request), buyer, request.params.id));
    },
  );

  app.get(
    '/sales-desk/quotes',
    {
      onRequest: deskOnly,
      schema: {
        tags,
        summary: 'Every quote, newest first (at most 200)',
        description: DESK,
        response: { 200: QuoteList, ...problems(401) },
      },
    },
    async (request) => ({ items: await quotes.listForDesk(baseContext(request)) }),
  );

  app.get(
    '/sales-desk/quotes/:id',
    {
      onRequest: deskOnly,
      schema: {
        tags,
        summary: 'One quote',
        description: DESK,
        params: IdParams,
        response: { 200: QuoteSchema, ...problems(400, 401, 404) },
      },
    },
    async (request) => unwrap(await quotes.forDesk(baseContext(request), request.params.id)),
  );

  app.post(
    '/sales-desk/quotes/:id/answer',
    {
      onRequest: deskOnly,
      schema: {
        tags,
        summary:
          'Prices a requested quote: a unit price per line, a validity date and a note; mails the buyer',
        description: `${DESK} Only a quote in \`requested\` (409 otherwise); every line exactly once and a validity date from today (422 \`quote-lines\`).`,
        params: IdParams,
        body: AnswerBody,
        response: { 200: QuoteSchema, ...problems(400, 401, 404, 409, 422) },
      },
    },
    async (request) => unwrap(await quotes.answer(baseContext(request), request.params.id, request.body)),
  );

  app.post(
    '/sales-desk/quotes/:id/decline',
    {
      onRequest: deskOnly,
      schema: {
        tags,
        summary: 'Turns a requested quote down without pricing it',
        description: `${DESK} Only a quote in \`requested\` (409 otherwise).`,
        params: IdParams,
        body: DeclineBody,
        response: { 200: QuoteSchema, ...problems(400, 401, 404, 409) },
      },
    },
    async (request) =>
      unwrap(await quotes.deskDecline(baseContext(request), request.params.id, request.body.note)),
  );
}
