/**
 * Idempotency under concurrency: the same request with the same Idempotency-Key sent ten times at once
 * to the gateway (payment, capture, refund) and to the platform (order submit). Exactly one effect
 * each, and every caller gets the same answer or a clear conflict (gateway 409 `705`, retry later;
 * platform 4xx naming the order's state).
 */
import { DEMO_LOGINS } from '@actuate/catalog-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKOFFICE_API_KEY,
  type Buyer,
  buyerOf,
  GATEWAY_API_KEY,
  MERCHANT_ACCOUNT,
  preparedOrder,
  type Reply,
  retried,
  send,
  sleep,
} from './client.ts';
import { type Stack, startBackend } from './processes.ts';
import { writeResults } from './results.ts';
import { payByCard } from './workload.ts';

const CONCURRENT = 10;
const REPORT = process.env.SECURITY_MODE === 'report';
/** Per operation: effects seen and how the ten callers were answered (for bench/security in report mode). */
const figures: Record<string, { concurrent: number; effects: number; answers: Record<string, number> }> = {};
const tally = (replies: Reply[]) =>
  replies.reduce<Record<string, number>>((all, reply) => {
    all[reply.status] = (all[reply.status] ?? 0) + 1;
    return all;
  }, {});
let stack: Stack;
let buyer: Buyer;
let gateway: string;
const merchant = { 'x-api-key': GATEWAY_API_KEY };

beforeAll(async () => {
  stack = await startBackend('idempotency', { ERP_PACE_SECONDS: '0' });
  gateway = stack.urls['payment-gateway'];
  buyer = await buyerOf(stack.urls.platform, stack.urls.backoffice, DEMO_LOGINS.shopper);
});

afterAll(async () => {
  if (REPORT) writeResults('idempotency', { date: new Date().toISOString(), operations: figures });
  await stack?.stop();
});

const atOnce = (call: () => Promise<Reply>) => Promise.all(Array.from({ length: CONCURRENT }, call));

/** Every answer is the winner's (same status and body) or the gateway's "still running" conflict. */
function expectSameOrConflict(replies: Reply[], status: number) {
  const winners = replies.filter((reply) => reply.status === status);
  const conflicts = replies.filter((reply) => reply.status === 409);
  expect(winners.length + conflicts.length, JSON.stringify(replies.map((reply) => reply.status))).toBe(
    replies.length,
  );
  expect(winners.length).toBeGreaterThan(0);
  for (const reply of winners) expect(reply.body).toEqual(winners[0]?.body);
  for (const reply of conflicts) expect((reply.body as { errorCode?: string }).errorCode).toBe('705');
  return winners[0]?.body as Record<string, unknown>;
}

/** The gateway's notifications of one payment by event code, once its webhooks have gone out. */
async function eventsOf(psp: string, expected: Record<string, number>) {
  let counts: Record<string, number> = {};
  for (let attempt = 0; attempt < 60; attempt++) {
    const reply = await send(`${gateway}/v71/webhooks/deliveries?pspReference=${psp}&limit=200`, {
      headers: merchant,
    });
    counts = {};
    for (const delivery of (reply.body as { deliveries: { eventCode: string }[] }).deliveries)
      counts[delivery.eventCode] = (counts[delivery.eventCode] ?? 0) + 1;
    if (Object.entries(expected).every(([code, times]) => (counts[code] ?? 0) >= times)) break;
    await sleep(250);
  }
  return counts;
}

describe('idempotency under concurrency', () => {
  let psp: string;
  const amount = { value: 12_345, currency: 'DKK' };

  it('payments: one authorisation for ten concurrent requests with one key', async () => {
    const reference = `idem-${Date.now()}`;
    const replies = await atOnce(() =>
      payByCard(gateway, `${reference}-pay`, reference, amount.value, amount.currency),
    );
    const first = expectSameOrConflict(replies, 200);
    figures.payment = { concurrent: CONCURRENT, effects: 0, answers: tally(replies) };
    psp = first.pspReference as string;
    expect(first.resultCode).toBe('Authorised');
    // A retry after the conflict gets the winner's answer.
    const again = await retried(() =>
      payByCard(gateway, `${reference}-pay`, reference, amount.value, amount.currency),
    );
    expect(again.body).toEqual(first);
    const deliveries = await send(`${gateway}/v71/webhooks/deliveries?limit=200`, { headers: merchant });
    const authorisations = (
      deliveries.body as {
        deliveries: {
          eventCode: string;
          notification: { notificationItems: { NotificationRequestItem: { merchantReference: string } }[] };
        }[];
      }
    ).deliveries.filter(
      (delivery) =>
        delivery.eventCode === 'AUTHORISATION' &&
        delivery.notification.notificationItems[0]?.NotificationRequestItem.merchantReference === reference,
    );
    figures.payment.effects = authorisations.length;
    expect(authorisations).toHaveLength(1);
  });

  it('captures: one capture for ten concurrent requests with one key', async () => {
    const capture = () =>
      send(`${gateway}/v71/payments/${psp}/captures`, {
        headers: { ...merchant, 'idempotency-key': `${psp}-capture` },
        body: { merchantAccount: MERCHANT_ACCOUNT, amount },
      });
    const replies = await atOnce(capture);
    const first = expectSameOrConflict(replies, 201);
    expect(first.status).toBe('received');
    const captures = (await eventsOf(psp, { CAPTURE: 1 })).CAPTURE;
    figures.capture = { concurrent: CONCURRENT, effects: captures ?? 0, answers: tally(replies) };
    expect(captures).toBe(1);
    // Ten more with another key: the payment is captured in full, nothing more moves.
    const other = await atOnce(() =>
      send(`${gateway}/v71/payments/${psp}/captures`, {
        headers: { ...merchant, 'idempotency-key': `${psp}-capture-2` },
        body: { merchantAccount: MERCHANT_ACCOUNT, amount },
      }),
    );
    for (const reply of other) expect(reply.status).not.toBe(201);
  });

  it('refunds: one refund for ten concurrent requests with one key', async () => {
    const refund = () =>
      send(`${gateway}/v71/payments/${psp}/refunds`, {
        headers: { ...merchant, 'idempotency-key': `${psp}-refund` },
        body: { merchantAccount: MERCHANT_ACCOUNT, amount },
      });
    const replies = await atOnce(refund);
    const first = expectSameOrConflict(replies, 201);
    expect(first.status).toBe('received');
    const counts = await eventsOf(psp, { REFUND: 1 });
    figures.refund = { concurrent: CONCURRENT, effects: counts.REFUND ?? 0, answers: tally(replies) };
    expect(counts.REFUND).toBe(1);
  });

  it('order submit: one submitted order and one ERP sales order for ten concurrent submits', async () => {
    const order = await preparedOrder(buyer, 0, 'PurchaseOrder');
    const submit = () =>
      send(`${buyer.platform}/v1/orders/Outgoing/${order.id}/submit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer.token}`, 'idempotency-key': `${order.id}-submit` },
      });
    const replies = await atOnce(submit);
    const ok = replies.filter((reply) => reply.status === 200);
    expect(ok, JSON.stringify(replies.map((reply) => [reply.status, reply.body]))).toHaveLength(1);
    for (const reply of replies.filter((candidate) => candidate.status !== 200)) {
      // A clear refusal: a 4xx naming why (the order is no longer unsubmitted), never a 5xx.
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expect(JSON.stringify(reply.body)).toMatch(/ErrorCode/);
    }
    const erp = { 'x-api-key': BACKOFFICE_API_KEY };
    let submissions: unknown[] = [];
    for (let attempt = 0; attempt < 120 && submissions.length === 0; attempt++) {
      await sleep(250);
      const reply = await send(`${stack.urls.backoffice}/erp/web-shop-orders/${order.id}/submissions`, {
        headers: erp,
      });
      submissions = (reply.body as unknown[] | null) ?? [];
    }
    await sleep(2_000);
    const reply = await send(`${stack.urls.backoffice}/erp/web-shop-orders/${order.id}/submissions`, {
      headers: erp,
    });
    figures.orderSubmit = {
      concurrent: CONCURRENT,
      effects: (reply.body as unknown[]).length,
      answers: tally(replies),
    };
    expect(reply.body).toHaveLength(1);
    const salesOrder = await send(`${stack.urls.backoffice}/erp/web-shop-orders/${order.id}/sales-order`, {
      headers: erp,
    });
    expect(salesOrder.status).toBe(200);
  });
});
