/**
 * Crash injection: demo buyers place orders (half paid by purchase order, half by card at the gateway)
 * while the middleware and the gateway are killed with SIGKILL at seeded random moments and started
 * again. Once they have recovered, every order is in the ERP exactly once, every notification and
 * callback was delivered, and no payment is orphaned or doubled.
 *
 * CI size by default: 120 orders (60 purchase-order submissions, 60 card payments) with up to 8 kills;
 * SECURITY_MODE=report places CRASH_ORDERS (default 1,000) with kills throughout and writes
 * bench/security/crash-results.json. CRASH_SEED replays a run.
 */

import { DEMO_LOGINS } from '@actuate/catalog-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCrashes, seededRandom } from './chaos.ts';
import { settle } from './checks.ts';
import { buyerOf } from './client.ts';
import { type Stack, startBackend } from './processes.ts';
import { writeResults } from './results.ts';
import { placeOrders } from './workload.ts';

const REPORT = process.env.SECURITY_MODE === 'report';
const ORDERS = Number(process.env.CRASH_ORDERS ?? (REPORT ? 1_000 : 120));
const SEED = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
const CONCURRENCY = REPORT ? 8 : 6;

let stack: Stack;

beforeAll(async () => {
  stack = await startBackend('crash-injection', {
    // The ERP steps every order through confirm, ship and invoice, so captures run during the kills too.
    ERP_PACE_SECONDS: '2',
  });
});

afterAll(async () => {
  await stack?.stop();
});

describe('crash injection: SIGKILL of the middleware and the gateway during orders and card payments', () => {
  it('loses, doubles and orphans nothing', { timeout: REPORT ? 3_600_000 : 1_200_000 }, async () => {
    console.log(`crash injection: ${ORDERS} orders, seed ${SEED} (CRASH_SEED=${SEED} replays it)`);
    const random = seededRandom(SEED);
    const buyers = await Promise.all(
      [DEMO_LOGINS.shopper, DEMO_LOGINS.germanShopper].map((login) =>
        buyerOf(stack.urls.platform, stack.urls.backoffice, login),
      ),
    );
    const started = Date.now();
    const workload = placeOrders(
      buyers,
      stack.urls['payment-gateway'],
      ORDERS,
      CONCURRENCY,
      120_000,
      (line) => console.log(line),
    );
    const kills = await injectCrashes(stack, workload, {
      apps: ['middleware', 'payment-gateway'],
      random,
      gapMs: REPORT ? [3_000, 15_000] : [2_000, 6_000],
      downMs: [200, 2_000],
      maxKills: REPORT ? Number.POSITIVE_INFINITY : 8,
      log: (line) => console.log(line),
    });
    const orders = await workload;
    const workloadMs = Date.now() - started;
    const { findings, problems, settledMs } = await settle(stack, buyers, orders, REPORT ? 600_000 : 240_000);
    const failed = orders.filter((order) => !order.submitted);
    const result = {
      date: new Date().toISOString(),
      mode: REPORT ? 'report' : 'ci',
      seed: SEED,
      orders: orders.length,
      purchaseOrders: orders.filter((order) => order.kind === 'PurchaseOrder').length,
      cardPayments: orders.filter((order) => order.kind === 'CreditCard').length,
      submitted: orders.length - failed.length,
      kills: kills.map(({ app, at, downMs, restartMs }) => ({ app, at, downMs, restartMs })),
      workloadSeconds: Math.round(workloadMs / 100) / 10,
      recoverySeconds: Math.round(settledMs / 100) / 10,
      retries: {
        submit: orders.reduce((sum, order) => sum + Math.max(0, order.submitAttempts - 1), 0),
        payment: orders.reduce((sum, order) => sum + Math.max(0, order.payAttempts - 1), 0),
      },
      findings: Object.fromEntries(Object.entries(findings).map(([name, list]) => [name, list.length])),
      examples: Object.fromEntries(
        Object.entries(findings)
          .filter(([, list]) => list.length > 0)
          .map(([name, list]) => [name, list.slice(0, 5)]),
      ),
      failedOrders: failed.slice(0, 5).map((order) => `${order.id}: ${order.error}`),
    };
    console.log(JSON.stringify(result, null, 2));
    if (REPORT) writeResults('crash', result);
    expect(kills.length, 'the schedule killed something').toBeGreaterThan(0);
    expect(failed.map((order) => `${order.id}: ${order.error}`)).toEqual([]);
    expect(findings).toEqual({
      missingInErp: [],
      duplicatedInErp: [],
      undeliveredSubmit: [],
      notSubmittedByMiddleware: [],
      orphanedPayments: [],
      doubledPayments: [],
      doubledModifications: [],
      shortCaptures: [],
      undeliveredNotifications: [],
      failedCallbacks: [],
    });
    expect(problems).toBe(0);
  });
});
