/**
 * What must hold once the apps have recovered, read from each app's own records over HTTP: the ERP's
 * sales orders and submissions, the middleware's ERP submissions and payment notifications, the
 * platform's stored answers of its OrderSubmit call, the gateway's and the ERP's delivery logs.
 */
import {
  BACKOFFICE_API_KEY,
  type Buyer,
  GATEWAY_API_KEY,
  MIDDLEWARE_ADMIN_KEY,
  send,
  sleep,
} from './client.ts';
import type { Stack } from './processes.ts';
import type { PlacedOrder } from './workload.ts';

type Body = Record<string, unknown>;

export interface Findings {
  /** Orders the ERP does not have (yet). */
  missingInErp: string[];
  /** Orders with more than one sales order, or submissions naming different sales orders. */
  duplicatedInErp: string[];
  /** Orders whose OrderSubmit call from the platform never succeeded. */
  undeliveredSubmit: string[];
  /** Orders the middleware has not recorded as submitted to the ERP. */
  notSubmittedByMiddleware: string[];
  /** Authorisations at the gateway the middleware does not know. */
  orphanedPayments: string[];
  /** Orders with more than one authorisation, or an authorised amount other than the order's. */
  doubledPayments: string[];
  /** Refunds or cancellations of one payment made more than once, or captures beyond its authorisation. */
  doubledModifications: string[];
  /** Authorisations of orders the ERP shipped in full that were not captured in full. */
  shortCaptures: string[];
  /** Gateway notifications and ERP callbacks not delivered (pending or failed). */
  undeliveredNotifications: string[];
  failedCallbacks: string[];
}

const count = (findings: Findings) => Object.values(findings).reduce((sum, list) => sum + list.length, 0);

async function allPages(url: (before?: number) => string, headers: Record<string, string>, key: string) {
  const rows: Body[] = [];
  let before: number | undefined;
  for (;;) {
    const reply = await send(url(before), { headers });
    if (reply.status !== 200) throw new Error(`${url(before)}: ${reply.status}`);
    const body = reply.body as Body | Body[];
    const page = (Array.isArray(body) ? body : (body[key] as Body[])) ?? [];
    rows.push(...page);
    if (page.length < 200) return rows;
    before = Math.min(...page.map((row) => Number(row.id)));
  }
}

/** A few requests at a time, so inspecting hundreds of orders does not flood the apps. */
async function inBatches<T>(items: T[], each: (item: T) => Promise<void>, size = 16) {
  for (let start = 0; start < items.length; start += size)
    await Promise.all(items.slice(start, start + size).map(each));
}

export async function inspect(stack: Stack, buyers: Buyer[], orders: PlacedOrder[]): Promise<Findings> {
  const findings: Findings = {
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
  };
  const erp = { 'x-api-key': BACKOFFICE_API_KEY };
  const admin = { 'x-api-key': MIDDLEWARE_ADMIN_KEY };
  const merchant = { 'x-api-key': GATEWAY_API_KEY };
  const deliveries = await allPages(
    (before) =>
      `${stack.urls['payment-gateway']}/v71/webhooks/deliveries?limit=200${before ? `&before=${before}` : ''}`,
    merchant,
    'deliveries',
  );
  const authorisations = new Map<string, Set<string>>();
  const modifications = new Map<string, number>();
  const authorisedValue = new Map<string, number>();
  const capturedValue = new Map<string, number>();
  for (const delivery of deliveries) {
    if (delivery.state !== 'delivered')
      findings.undeliveredNotifications.push(
        `${delivery.eventCode} ${delivery.pspReference}: ${delivery.state}`,
      );
    const item = ((delivery.notification as Body).notificationItems as { NotificationRequestItem: Body }[])[0]
      ?.NotificationRequestItem as Body;
    if (delivery.eventCode === 'AUTHORISATION' && item.success === 'true') {
      const reference = item.merchantReference as string;
      authorisations.set(
        reference,
        (authorisations.get(reference) ?? new Set()).add(delivery.pspReference as string),
      );
      authorisedValue.set(delivery.pspReference as string, (item.amount as { value: number }).value);
    } else if (delivery.eventCode === 'CAPTURE' && item.success === 'true') {
      // One capture per shipment: together they may not exceed the authorisation.
      const payment = delivery.paymentPspReference as string;
      capturedValue.set(
        payment,
        (capturedValue.get(payment) ?? 0) + (item.amount as { value: number }).value,
      );
    } else if (['REFUND', 'CANCELLATION'].includes(delivery.eventCode as string)) {
      const key = `${delivery.eventCode} of ${delivery.paymentPspReference}`;
      modifications.set(key, (modifications.get(key) ?? 0) + 1);
    }
  }
  for (const [key, times] of modifications)
    if (times > 1) findings.doubledModifications.push(`${key} × ${times}`);
  for (const [payment, captured] of capturedValue) {
    const authorised = authorisedValue.get(payment);
    if (authorised === undefined || captured > authorised)
      findings.doubledModifications.push(`CAPTURE of ${payment}: ${captured} of ${authorised} authorised`);
  }

  const platform = buyers[0]?.platform as string;
  await inBatches(
    orders.filter((order) => order.submitted),
    async (order) => {
      const buyer = buyers[order.buyer] as Buyer;
      const salesOrder = await send(`${stack.urls.backoffice}/erp/web-shop-orders/${order.id}/sales-order`, {
        headers: erp,
      });
      const submissions = await send(`${stack.urls.backoffice}/erp/web-shop-orders/${order.id}/submissions`, {
        headers: erp,
      });
      const numbers = new Set(((submissions.body as Body[] | null) ?? []).map((row) => row.orderNumber));
      if (salesOrder.status !== 200) findings.missingInErp.push(order.id);
      else if (numbers.size !== 1 || !numbers.has((salesOrder.body as Body).orderNumber))
        findings.duplicatedInErp.push(`${order.id}: ${[...numbers].join(', ')}`);
      const submission = await send(`${stack.urls.middleware}/erp/orders/${order.id}`, { headers: admin });
      if ((submission.body as Body | null)?.State !== 'Submitted')
        findings.notSubmittedByMiddleware.push(order.id);
      const worksheet = await send(`${platform}/v1/orders/Outgoing/${order.id}/worksheet`, {
        headers: { authorization: `Bearer ${buyer.token}` },
      });
      const answer = (worksheet.body as Body | null)?.OrderSubmitResponse as Body | null | undefined;
      if (!answer?.Succeeded) findings.undeliveredSubmit.push(order.id);
      if (order.kind !== 'CreditCard') return;
      const known = await send(`${stack.urls.middleware}/payments/orders/${order.id}`, { headers: admin });
      const recorded = new Set(
        (((known.body as Body | null)?.notifications as Body[] | undefined) ?? [])
          .filter((row) => row.eventCode === 'AUTHORISATION' && row.success)
          .map((row) => row.pspReference as string),
      );
      const atGateway = authorisations.get(order.id) ?? new Set<string>();
      for (const psp of atGateway)
        if (!recorded.has(psp)) findings.orphanedPayments.push(`${order.id}: ${psp}`);
      const erpStatus = (salesOrder.body as Body | null)?.status;
      if (erpStatus === 'Shipped' || erpStatus === 'Invoiced')
        for (const psp of atGateway)
          if ((capturedValue.get(psp) ?? 0) !== authorisedValue.get(psp))
            findings.shortCaptures.push(
              `${order.id}: ${capturedValue.get(psp) ?? 0} of ${authorisedValue.get(psp)}`,
            );
      const authorised = ((known.body as Body | null)?.authorised as Record<string, number> | undefined)?.[
        order.currency
      ];
      if (atGateway.size > 1 || (authorised !== undefined && authorised !== order.amount))
        findings.doubledPayments.push(
          `${order.id}: ${atGateway.size} authorisations, ${authorised} authorised`,
        );
    },
  );
  const callbacks = await allPages(
    (before) => `${stack.urls.backoffice}/callbacks?limit=200${before ? `&before=${before}` : ''}`,
    erp,
    'items',
  );
  for (const callback of callbacks)
    if (callback.state !== 'Delivered')
      findings.failedCallbacks.push(`${callback.type} ${callback.subject}: ${callback.state}`);
  return findings;
}

/** Inspects until nothing is wrong or the time is up; the last findings and how long recovery took. */
export async function settle(stack: Stack, buyers: Buyer[], orders: PlacedOrder[], timeoutMs: number) {
  const started = Date.now();
  for (;;) {
    const findings = await inspect(stack, buyers, orders);
    if (count(findings) === 0 || Date.now() - started > timeoutMs)
      return { findings, problems: count(findings), settledMs: Date.now() - started };
    await sleep(2_000);
  }
}
