import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';

/**
 * The demo's "merchant server": a few endpoints on the Vite dev server that call the gateway's
 * merchant API with the API key, which must never reach the browser.
 */
export interface MerchantServerOptions {
  gatewayUrl: string;
  apiKey: string;
  merchantAccount: string;
}

const readJson = (request: IncomingMessage) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      try {
        resolve(text ? (JSON.parse(text) as Record<string, unknown>) : {});
      } catch (error) {
        reject(error);
      }
    });
  });

/** The page's own address (with its settings) as returnUrl, only on the demo's origin; else the fallback. */
function returnUrlOf(body: Record<string, unknown>, origin: string, fallback: string): string {
  const requested = body.returnUrl;
  if (typeof requested !== 'string') return fallback;
  try {
    return new URL(requested).origin === origin ? requested : fallback;
  } catch {
    return fallback;
  }
}

export function merchantServer(options: MerchantServerOptions): Plugin {
  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${options.gatewayUrl}/v71${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': options.apiKey,
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const reference = () => `demo-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const routes: Record<
    string,
    (body: Record<string, unknown>, origin: string) => Promise<{ status: number; body: unknown }>
  > = {
    '/api/sessions': (body, origin) =>
      call('/sessions', {
        merchantAccount: options.merchantAccount,
        reference: reference(),
        channel: 'Web',
        authenticationData: { threeDSRequestData: { nativeThreeDS: 'preferred' } },
        ...body,
        returnUrl: returnUrlOf(body, origin, `${origin}/?flow=sessions`),
      }),
    '/api/paymentMethods': (body) =>
      call('/paymentMethods', { merchantAccount: options.merchantAccount, channel: 'Web', ...body }),
    '/api/payments': (body, origin) =>
      call('/payments', {
        merchantAccount: options.merchantAccount,
        reference: reference(),
        channel: 'Web',
        origin,
        authenticationData: { threeDSRequestData: { nativeThreeDS: 'preferred' } },
        ...body,
        returnUrl: returnUrlOf(body, origin, `${origin}/?flow=advanced`),
      }),
    '/api/payments/details': (body) => call('/payments/details', body),
    // Gift cards and partial payments (advanced flow).
    '/api/paymentMethods/balance': (body) =>
      call('/paymentMethods/balance', { merchantAccount: options.merchantAccount, ...body }),
    '/api/orders': (body) =>
      call('/orders', { merchantAccount: options.merchantAccount, reference: reference(), ...body }),
    '/api/orders/cancel': (body) =>
      call('/orders/cancel', { merchantAccount: options.merchantAccount, ...body }),
  };
  return {
    name: 'actuate-demo-merchant-server',
    configureServer(server) {
      server.middlewares.use(async (request: IncomingMessage, response: ServerResponse, next: () => void) => {
        const route = request.url ? routes[request.url.split('?')[0] ?? ''] : undefined;
        if (!route || request.method !== 'POST') return next();
        try {
          const origin = `http://${request.headers.host}`;
          const result = await route(await readJson(request), origin);
          response.statusCode = result.status;
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify(result.body));
        } catch (error) {
          response.statusCode = 502;
          response.end(
            JSON.stringify({ message: `Gateway not reachable at ${options.gatewayUrl}: ${String(error)}` }),
          );
        }
      });
    },
  };
}
