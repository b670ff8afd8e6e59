import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardGet, dashboardPost, signInToDashboard } from '../../testing/dashboard.ts';
import {
  merchantCall,
  OTHER_MERCHANT,
  paymentRequest,
  provisionOtherMerchant,
  testCardMethod,
  UNREACHABLE_WEBHOOKS,
  useTestGateway,
} from '../../testing/index.ts';
import { DashboardAuthService } from './service.ts';

const gateway = useTestGateway({ ...UNREACHABLE_WEBHOOKS, DASHBOARD_LOGIN_ATTEMPTS_PER_MINUTE: '1000' });
const OTHER_USER = { email: 'ops@othershop.example', password: 'other-shop-password-1' };

async function pay(reference: string, extra: Record<string, unknown> = {}, apiKey?: string) {
  const response = await merchantCall(
    gateway.app,
    'POST',
    '/v71/payments',
    paymentRequest(testCardMethod('4111111111111111'), { reference, ...extra }),
    apiKey ? { 'x-api-key': apiKey } : {},
  );
  expect(response.statusCode).toBe(200);
  return response.json<{ pspReference: string; resultCode: string }>();
}

const uniqueReference = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

describe('dashboard payments', () => {
  beforeAll(async () => {
    await provisionOtherMerchant(gateway);
    await new DashboardAuthService(gateway.database.db).provisionUser({
      ...OTHER_USER,
      merchantAccount: OTHER_MERCHANT.merchantAccount,
    });
  });

  it('finds a payment by merchant reference, PSP reference and shopper reference, and filters it', async () => {
    const reference = uniqueReference('find-me');
    const payment = await pay(reference, {
      shopperReference: 'shopper-4711',
      amount: { currency: 'DKK', value: 12345 },
    });
    const browser = await signInToDashboard(gateway.app);
    for (const q of [reference, payment.pspReference, 'shopper-4711']) {
      const page = await dashboardGet(gateway.app, browser, `/dashboard/payments?q=${encodeURIComponent(q)}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(payment.pspReference);
    }
    const filtered = await dashboardGet(
      gateway.app,
      browser,
      `/dashboard/payments?q=${reference}&status=authorised&currency=DKK&method=scheme`,
    );
    expect(filtered.body).toContain(payment.pspReference);
    expect(filtered.body).toContain('DKK');
    expect(filtered.body).toContain('123.45');
    const otherCurrency = await dashboardGet(
      gateway.app,
      browser,
      `/dashboard/payments?q=${reference}&currency=EUR`,
    );
    expect(otherCurrency.body).not.toContain(payment.pspReference);
    const future = await dashboardGet(
      gateway.app,
      browser,
      `/dashboard/payments?q=${reference}&from=2999-01-01`,
    );
    expect(future.body).not.toContain(payment.pspReference);
    const bad = await dashboardGet(gateway.app, browser, '/dashboard/payments?status=bogus');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('text/html');
  });

  it('shows the timeline and captures, refunds in part and shows each step', async () => {
    const payment = await pay(uniqueReference('timeline'));
    const browser = await signInToDashboard(gateway.app);
    const url = `/dashboard/payments/${payment.pspReference}`;
    const before = await dashboardGet(gateway.app, browser, url);
    expect(before.body).toContain('Authorisation: Authorised');
    expect(before.body).toContain('Webhook AUTHORISATION');
    expect(before.body).toContain(`action="${url}/capture"`);
    expect(before.body).toContain(`action="${url}/cancel"`);
    expect(before.body).not.toContain(`action="${url}/refund"`);

    const key = /name="idempotencyKey" value="([^"]+)"/.exec(before.body)?.[1] ?? '';
    const capture = await dashboardPost(gateway.app, browser, `${url}/capture`, {
      idempotencyKey: key,
      amount: '',
    });
    expect(capture.statusCode).toBe(303);
    // The same form sent again (double click) changes nothing more.
    const again = await dashboardPost(gateway.app, browser, `${url}/capture`, {
      idempotencyKey: key,
      amount: '',
    });
    expect(again.headers.location).toBe(capture.headers.location);
    const captured = await dashboardGet(gateway.app, browser, String(capture.headers.location));
    expect(captured.body).toMatch(/Capture of €10.00 succeeded/);
    expect(captured.body).not.toContain(`action="${url}/capture"`);
    expect(captured.body).not.toContain(`action="${url}/cancel"`);
    expect(captured.body).toContain(`action="${url}/refund"`);

    const tooMuch = await dashboardPost(gateway.app, browser, `${url}/refund`, {
      idempotencyKey: 'refund-1',
      amount: '20.00',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.body).toContain('at most 1000 can be refunded');
    const refund = await dashboardPost(gateway.app, browser, `${url}/refund`, {
      idempotencyKey: 'refund-2',
      amount: '2.50',
    });
    expect(refund.statusCode).toBe(303);
    const refunded = await dashboardGet(gateway.app, browser, String(refund.headers.location));
    expect(refunded.body).toContain('Refund of €2.50 succeeded');
    expect(refunded.body).toContain('Webhook CAPTURE');
    expect(refunded.body).toContain('Webhook REFUND');
    // The API sees the same money state.
    const listed = await merchantCall(gateway.app, 'POST', `/v71/payments/${payment.pspReference}/refunds`, {
      merchantAccount: 'ActuateStore',
      amount: { currency: 'EUR', value: 800 },
    });
    expect(listed.statusCode).toBe(422);
  });

  it('cancels an uncaptured payment', async () => {
    const payment = await pay(uniqueReference('cancel'));
    const browser = await signInToDashboard(gateway.app);
    const cancel = await dashboardPost(
      gateway.app,
      browser,
      `/dashboard/payments/${payment.pspReference}/cancel`,
      {
        idempotencyKey: 'cancel-1',
      },
    );
    expect(cancel.statusCode).toBe(303);
    const page = await dashboardGet(gateway.app, browser, String(cancel.headers.location));
    expect(page.body).toContain('Cancel of €10.00 succeeded');
    expect(page.body).toContain('Webhook CANCELLATION');
    expect(page.body).not.toContain('<form method="POST" action="/dashboard/payments/');
  });

  it('shows and modifies only the signed-in user’s merchant payments', async () => {
    const demoPayment = await pay(uniqueReference('demo-only'));
    const otherPayment = await pay(
      uniqueReference('other-only'),
      { merchantAccount: OTHER_MERCHANT.merchantAccount },
      OTHER_MERCHANT.apiKey,
    );
    const other = await signInToDashboard(gateway.app, OTHER_USER);
    const list = await dashboardGet(gateway.app, other, '/dashboard/payments');
    expect(list.body).toContain(otherPayment.pspReference);
    expect(list.body).not.toContain(demoPayment.pspReference);
    expect(
      (await dashboardGet(gateway.app, other, `/dashboard/payments/${demoPayment.pspReference}`)).statusCode,
    ).toBe(404);
    const capture = await dashboardPost(
      gateway.app,
      other,
      `/dashboard/payments/${demoPayment.pspReference}/capture`,
      {
        idempotencyKey: 'cross-merchant',
        merchantAccount: 'ActuateStore',
      },
    );
    expect(capture.statusCode).toBe(404);
    const csv = await dashboardGet(gateway.app, other, '/dashboard/payments.csv');
    expect(csv.body).toContain(otherPayment.pspReference);
    expect(csv.body).not.toContain(demoPayment.pspReference);
    const demo = await signInToDashboard(gateway.app);
    const detail = await dashboardGet(gateway.app, demo, `/dashboard/payments/${demoPayment.pspReference}`);
    expect(detail.body).toContain('Authorisation: Authorised');
  });

  it('exports the current filter as CSV, formula-looking cells made inert', async () => {
    const reference = uniqueReference('=csv');
    const payment = await pay(reference, { amount: { currency: 'EUR', value: 4321 } });
    await pay(uniqueReference('not-in-export'));
    const browser = await signInToDashboard(gateway.app);
    const csv = await dashboardGet(
      gateway.app,
      browser,
      `/dashboard/payments.csv?q=${encodeURIComponent(reference)}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="payments-ActuateStore-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toMatch(/^created_at,psp_reference,merchant_reference,status/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${payment.pspReference},'${reference},authorised,Authorised`);
    expect(lines[1]).toContain(',EUR,43.21,0.00,0.00,');
  });
});
