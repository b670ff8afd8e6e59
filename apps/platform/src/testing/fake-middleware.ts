import { createServer, type IncomingMessage, type Server } from 'node:http';
import { ocHash } from '@actuate/contracts/signatures';

type Body = Record<string, unknown>;
export const FAKE_MIDDLEWARE_HASH_KEY = 'checkout-hash-key';
const HASH_KEY = FAKE_MIDDLEWARE_HASH_KEY;

/** A stand-in for the middleware: records every call, checks the signature, answers like the real one. */
export function fakeMiddleware() {
  const calls: { path: string; body: Body; signatureValid: boolean }[] = [];
  const state = {
    proceed: true,
    failCalculate: false,
    /** Canned answers by path (a string body is sent as plain text), before the defaults below. */
    answers: {} as Record<string, { status: number; body: unknown }>,
  };
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let raw = '';
      request.on('data', (chunk) => {
        raw += chunk;
      });
      request.on('end', () => resolve(raw));
    });
  const server: Server = createServer(async (request, response) => {
    const raw = await read(request);
    const body = JSON.parse(raw) as Body;
    calls.push({
      path: request.url ?? '',
      body,
      signatureValid: request.headers['x-oc-hash'] === ocHash(HASH_KEY, raw),
    });
    const worksheet = body.OrderWorksheet as { LineItems: { ID: string; Quantity: number }[] } | undefined;
    const reply = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    const canned = state.answers[request.url ?? ''];
    if (canned) {
      if (typeof canned.body !== 'string') return reply(canned.status, canned.body);
      response.writeHead(canned.status, { 'content-type': 'text/plain' });
      return response.end(canned.body);
    }
    switch (request.url) {
      case '/ShippingRates':
        return reply(200, {
          ShipEstimates: [
            {
              ID: 'all',
              ShipEstimateItems: (worksheet?.LineItems ?? []).map((line) => ({
                LineItemID: line.ID,
                Quantity: line.Quantity,
              })),
              ShipMethods: [
                { ID: 'standard', Name: 'Standard', Cost: 95, EstimatedTransitDays: 3 },
                { ID: 'express', Name: 'Express', Cost: 250, EstimatedTransitDays: 1 },
              ],
            },
          ],
        });
      case '/OrderCalculate':
        if (state.failCalculate) return reply(500, { message: 'price service down' });
        return reply(200, {
          ShippingTotal: 95,
          TaxTotal: 262.5,
          FeeTotal: 0,
          LineItemOverrides: (worksheet?.LineItems ?? []).map((line) => ({
            LineItemID: line.ID,
            UnitPrice: 500,
          })),
          xp: { PriceSource: 'price-service' },
        });
      case '/OrderSubmit':
        return reply(200, { xp: { OrderNumber: 'SO-42' } });
      case '/presubmit':
        return reply(
          200,
          state.proceed
            ? { proceed: true, body: null }
            : { proceed: false, body: { Status: 'Failure', Message: 'Customer on credit hold' } },
        );
      default:
        return reply(404, {});
    }
  });
  return { server, calls, state };
}
