import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  clientCall,
  DEMO,
  merchantCall,
  OTHER_MERCHANT,
  paymentRequest,
  provisionOtherMerchant,
  testCardMethod,
  UNREACHABLE_WEBHOOKS,
  useTestGateway,
} from '../../testing/index.ts';
import { payments } from '../payments/schema.ts';
import { notifications } from '../webhooks/schema.ts';

const paymentRow = async (pspReference: string) =>
  (await gateway.database.db.select().from(payments).where(eq(payments.pspReference, pspReference)))[0];

const MAX_CARDS = 3;
const gateway = useTestGateway({ ...UNREACHABLE_WEBHOOKS, RISK_MAX_CARDS_PER_DEVICE: String(MAX_CARDS) });

/** The n-th Luhn-valid Visa number of a test series (approved, no 3DS: not a documented test card). */
function visa(series: number, n: number): string {
  const body = `4000${String(series).padStart(3, '0')}${String(n).padStart(8, '0')}`;
  for (let check = 0; check <= 9; check += 1) {
    const digits = body + check;
    let sum = 0;
    for (let index = 0; index < digits.length; index += 1) {
      let digit = Number(digits[digits.length - 1 - index]);
      if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    if (sum % 10 === 0) return digits;
  }
  throw new Error('unreachable');
}

const riskData = (deviceFingerprint: unknown) => ({
  clientData: Buffer.from(
    JSON.stringify({ version: '1.0.0', deviceFingerprint, persistentCookie: [], components: {} }),
  ).toString('base64'),
});

const pay = (
  card: string,
  risk: unknown,
  apiKey: string = DEMO.apiKey,
  merchantAccount: string = DEMO.merchantAccount,
) =>
  merchantCall(
    gateway.app,
    'POST',
    '/v71/payments',
    paymentRequest(testCardMethod(card), { riskData: risk, merchantAccount }),
    { 'x-api-key': apiKey },
  );

describe('card-testing velocity rule', () => {
  it('refuses the (N+1)th distinct card of a device as FRAUD; an earlier card still pays', async () => {
    const device = riskData('actdf1.device-a');
    for (let n = 1; n <= MAX_CARDS; n += 1) {
      const response = await pay(visa(1, n), device);
      expect(response.json().resultCode).toBe('Authorised');
    }
    const refused = await pay(visa(1, MAX_CARDS + 1), device);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({
      resultCode: 'Refused',
      refusalReason: 'FRAUD',
      refusalReasonCode: '20',
      fraudResult: {
        accountScore: 100,
        results: [{ FraudCheckResult: { accountScore: 100, checkId: 100, name: 'CardsPerDeviceVelocity' } }],
      },
    });
    // The same refused card again stays refused; one of the first cards is still fine.
    expect((await pay(visa(1, MAX_CARDS + 1), device)).json().resultCode).toBe('Refused');
    expect((await pay(visa(1, 1), device)).json().resultCode).toBe('Authorised');

    const pspReference = refused.json().pspReference as string;
    const row = await paymentRow(pspReference);
    expect(row?.deviceFingerprint).toBe('actdf1.device-a');
    // A keyed hash, never the number or its digits.
    expect(row?.cardHash).not.toContain(visa(1, MAX_CARDS + 1).slice(-4));
    expect(row?.cardHash).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const deliveries = await merchantCall(
      gateway.app,
      'GET',
      `/v71/webhooks/deliveries?pspReference=${pspReference}`,
    );
    const authorisation = (
      deliveries.json().deliveries as { eventCode: string; success: string; reason?: string }[]
    ).find((entry) => entry.eventCode === 'AUTHORISATION');
    expect(authorisation).toMatchObject({ success: 'false' });
    const [notified] = await gateway.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.pspReference, pspReference), eq(notifications.eventCode, 'AUTHORISATION')));
    expect(JSON.stringify(notified?.body)).toContain('"reason":"FRAUD"');
  });

  it('leaves another device, payments without a fingerprint and another merchant unaffected', async () => {
    const device = riskData('actdf1.device-b');
    for (let n = 1; n <= MAX_CARDS; n += 1) await pay(visa(2, n), device);
    expect((await pay(visa(2, MAX_CARDS + 1), device)).json().resultCode).toBe('Refused');
    expect((await pay(visa(2, MAX_CARDS + 1), riskData('actdf1.device-c'))).json().resultCode).toBe(
      'Authorised',
    );
    expect((await pay(visa(2, MAX_CARDS + 2), riskData('df-timedOut'))).json().resultCode).toBe('Authorised');
    expect((await pay(visa(2, MAX_CARDS + 3), undefined)).json().resultCode).toBe('Authorised');
    await provisionOtherMerchant(gateway);
    const other = await pay(
      visa(2, MAX_CARDS + 4),
      device,
      OTHER_MERCHANT.apiKey,
      OTHER_MERCHANT.merchantAccount,
    );
    expect(other.json().resultCode).toBe('Authorised');
  });

  it('ignores malformed or oversized riskData (no error, no fingerprint kept)', async () => {
    for (const bad of [
      'text',
      { clientData: 12 },
      { clientData: '%%%not-base64%%%' },
      { clientData: Buffer.from('{"deviceFingerprint":').toString('base64') },
      { clientData: 'QUFB'.repeat(5000) },
      riskData({ nested: true }),
    ]) {
      const response = await pay(visa(3, 1), bad);
      expect(response.statusCode).toBe(200);
      expect(response.json().resultCode).toBe('Authorised');
      expect((await paymentRow(response.json().pspReference))?.deviceFingerprint).toBeNull();
    }
  });

  it('applies in the sessions flow and keeps the fingerprint there too', async () => {
    const device = riskData('actdf1.device-session');
    const payInSession = async (card: string) => {
      const session = (
        await merchantCall(gateway.app, 'POST', '/v71/sessions', {
          amount: { currency: 'EUR', value: 1000 },
          merchantAccount: DEMO.merchantAccount,
          reference: `velocity-${card}`,
          returnUrl: 'http://localhost:3000/return',
        })
      ).json();
      return clientCall(gateway.app, `/v1/sessions/${session.id}/payments`, {
        sessionData: session.sessionData,
        paymentMethod: testCardMethod(card),
        riskData: device,
      });
    };
    for (let n = 1; n <= MAX_CARDS; n += 1)
      expect((await payInSession(visa(4, n))).json().resultCode).toBe('Authorised');
    const refused = (await payInSession(visa(4, MAX_CARDS + 1))).json();
    expect(refused.resultCode).toBe('Refused');
  });
});
