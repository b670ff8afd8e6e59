/**
 * One order of a demo buyer from cart to submitted, paid by purchase order or by card at the gateway's
 * merchant API (reference = order id, as the middleware matches payments), retried as a client retries
 * while the middleware or the gateway is down.
 */
import {
  type Buyer,
  expectStatus,
  GATEWAY_API_KEY,
  integrationFailed,
  MERCHANT_ACCOUNT,
  preparedOrder,
  type Reply,
  retried,
  send,
  sleep,
  TEST_CARD,
} from './client.ts';

export interface PlacedOrder {
  id: string;
  kind: 'PurchaseOrder' | 'CreditCard';
  /** Index of the buyer (in the list given to placeOrders) who placed it. */
  buyer: number;
  currency: string;
  /** Minor units. */
  amount: number;
  pspReference?: string;
  payAttempts: number;
  submitAttempts: number;
  submitted: boolean;
  error?: string;
}

const minorUnits = (amount: number, currency: string) =>
  Math.round(amount * 10 ** (['JPY', 'KRW', 'ISK'].includes(currency) ? 0 : 2));

/** A card payment at the merchant API; every retry carries the same Idempotency-Key. */
export function payByCard(gateway: string, key: string, reference: string, amount: number, currency: string) {
  return send(`${gateway}/v71/payments`, {
    headers: { 'x-api-key': GATEWAY_API_KEY, 'idempotency-key': key },
    body: {
      merchantAccount: MERCHANT_ACCOUNT,
      reference,
      amount: { value: amount, currency },
      paymentMethod: TEST_CARD,
      returnUrl: 'http://127.0.0.1/checkout',
    },
  });
}

async function cardAccepted(buyer: Buyer, orderId: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const reply = await send(`${buyer.platform}/v1/orders/Outgoing/${orderId}/payments`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    const items = ((reply.body as { Items?: { Type: string; Accepted: boolean }[] } | null)?.Items ?? []) as {
      Type: string;
      Accepted: boolean;
    }[];
    if (items.some((payment) => payment.Type === 'CreditCard' && payment.Accepted)) return true;
    await sleep(500);
  }
  return false;
}

/** The pre-submit check refuses a card order whose authorisation the middleware has not seen yet. */
const notYetAuthorised = (reply: Reply) =>
  reply.status >= 400 && /authori[sz]/i.test(JSON.stringify(reply.body ?? ''));

export async function placeOrder(
  buyer: Buyer,
  gateway: string,
  index: number,
  kind: PlacedOrder['kind'],
  timeoutMs: number,
  buyerIndex = 0,
): Promise<PlacedOrder> {
  const prepared = await preparedOrder(buyer, index, kind);
  const placed: PlacedOrder = {
    id: prepared.id,
    kind,
    buyer: buyerIndex,
    currency: prepared.currency,
    amount: minorUnits(prepared.total, prepared.currency),
    payAttempts: 0,
    submitAttempts: 0,
    submitted: false,
  };
  try {
    if (kind === 'CreditCard') {
      const paid = await retried(
        () => payByCard(gateway, `crash-pay-${placed.id}`, placed.id, placed.amount, placed.currency),
        { timeoutMs },
      );
      placed.payAttempts = paid.attempts;
      placed.pspReference = expectStatus(paid, `pay ${placed.id}`, 200).pspReference as string;
      if (!(await cardAccepted(buyer, placed.id, timeoutMs)))
        throw new Error(`card payment of ${placed.id} never accepted on the platform`);
    }
    const submit = await retried(
      () =>
        send(`${buyer.platform}/v1/orders/Outgoing/${placed.id}/submit`, {
          method: 'POST',
          headers: { authorization: `Bearer ${buyer.token}` },
        }),
      { timeoutMs, retryOn: (reply) => integrationFailed(reply) || notYetAuthorised(reply) },
    );
    placed.submitAttempts = submit.attempts;
    expectStatus(submit, `submit ${placed.id}`, 200, 201);
    placed.submitted = true;
  } catch (error) {
    placed.error = String(error);
  }
  return placed;
}

/** Runs `count` orders with `concurrency` buyers' sessions at once; every other one paid by card. */
export async function placeOrders(
  buyers: Buyer[],
  gateway: string,
  count: number,
  concurrency: number,
  timeoutMs: number,
  log: (line: string) => void = () => {},
): Promise<PlacedOrder[]> {
  const results: PlacedOrder[] = [];
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= count) return;
      const buyerIndex = index % buyers.length;
      const buyer = buyers[buyerIndex] as Buyer;
      const kind = index % 2 === 0 ? 'PurchaseOrder' : 'CreditCard';
      results.push(
        await placeOrder(buyer, gateway, index, kind, timeoutMs, buyerIndex).catch((error) => ({
          id: `(order ${index} not created)`,
          kind,
          buyer: buyerIndex,
          currency: '',
          amount: 0,
          payAttempts: 0,
          submitAttempts: 0,
          submitted: false,
          error: String(error),
        })),
      );
      const last = results[results.length - 1] as PlacedOrder;
      if (last.error) log(`order ${last.id} failed: ${last.error}`);
      if (results.length % 10 === 0)
        log(`${results.length}/${count} orders done after ${Date.now() - started} ms`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}
