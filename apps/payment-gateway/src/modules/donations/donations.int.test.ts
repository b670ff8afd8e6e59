import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  clientCall,
  DEMO,
  merchantCall,
  OTHER_MERCHANT,
  paymentRequest,
  provisionOtherMerchant,
  testCardMethod,
  useTestGateway,
  webhookEventsOf,
} from '../../testing/index.ts';
import { payments } from '../payments/schema.ts';
import { donations } from './schema.ts';

const gateway = useTestGateway();
const VISA_NO_3DS = '4111111111111111';

const payByCard = async (amount = { currency: 'EUR', value: 1250 }) => {
  const response = await merchantCall(
    gateway.app,
    'POST',
    '/v71/payments',
    paymentRequest(testCardMethod(VISA_NO_3DS), { amount }),
  );
  expect(response.statusCode).toBe(200);
  return response.json() as { pspReference: string; resultCode: string; donationToken?: string };
};

const campaignsIn = async (currency: string, locale?: string) => {
  const response = await merchantCall(gateway.app, 'POST', '/v71/donationCampaigns', {
    merchantAccount: DEMO.merchantAccount,
    currency,
    ...(locale ? { locale } : {}),
  });
  expect(response.statusCode).toBe(200);
  return response.json().donationCampaigns as {
    id: string;
    logoUrl: string;
    bannerUrl: string;
    donation: { donationType: string; values?: number[]; maxRoundupAmount?: number };
  }[];
};

const donate = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  merchantCall(
    gateway.app,
    'POST',
    '/v71/donations',
    { merchantAccount: DEMO.merchantAccount, reference: 'donation-1', ...body },
    headers,
  );

const counts = async () => {
  const db = gateway.database.db;
  const [donationCount] = await db.select({ n: count() }).from(donations);
  const [paymentCount] = await db.select({ n: count() }).from(payments);
  return { donations: donationCount?.n, payments: paymentCount?.n };
};

describe('donation campaigns', () => {
  it('lists a fixed-amounts and a round-up campaign per currency, in the locale asked for', async () => {
    const eur = await campaignsIn('EUR');
    expect(eur.map((campaign) => campaign.donation)).toEqual([
      { currency: 'EUR', donationType: 'fixedAmounts', type: 'fixedAmounts', values: [100, 300, 500] },
      { currency: 'EUR', donationType: 'roundup', type: 'roundup', maxRoundupAmount: 100 },
    ]);
    expect(eur[0]).toMatchObject({
      nonprofitName: 'Green Canopy Foundation',
      causeName: 'Reforestation',
      termsAndConditionsUrl: expect.stringMatching(/\/donations\/terms$/),
    });
    const dkk = await campaignsIn('DKK', 'da-DK');
    expect(dkk.map((campaign) => campaign.donation.donationType)).toEqual(['fixedAmounts', 'roundup']);
    expect(dkk[0]).toMatchObject({ causeName: 'Genplantning af skov' });
    expect(await campaignsIn('JPY')).toEqual([]);
  });

  it('serves the campaign images and pages; unknown names are 404', async () => {
    const [campaign] = await campaignsIn('EUR');
    for (const url of [campaign?.logoUrl, campaign?.bannerUrl]) {
      const image = await gateway.app.inject({ method: 'GET', url: new URL(url ?? '').pathname });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toContain('image/svg+xml');
    }
    const unknown = await gateway.app.inject({ method: 'GET', url: '/donations/images/evil.svg' });
    expect(unknown.statusCode).toBe(400);
    const page = await gateway.app.inject({ method: 'GET', url: '/donations/nonprofits/nobody' });
    expect(page.statusCode).toBe(404);
  });

  it('refuses another merchant account (403) and a bad currency (400)', async () => {
    const other = await merchantCall(gateway.app, 'POST', '/v71/donationCampaigns', {
      merchantAccount: 'SomeoneElse',
      currency: 'EUR',
    });
    expect(other.statusCode).toBe(403);
    const bad = await merchantCall(gateway.app, 'POST', '/v71/donationCampaigns', {
      merchantAccount: DEMO.merchantAccount,
      currency: 'euro',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('donations', () => {
  it('an authorised payment in a currency with a campaign carries a donationToken; a refused one does not', async () => {
    expect((await payByCard()).donationToken).toEqual(expect.any(String));
    const refused = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest(testCardMethod(VISA_NO_3DS, { holderName: 'DECLINED' })),
    );
    expect(refused.json().resultCode).toBe('Refused');
    expect(refused.json().donationToken).toBeUndefined();
    const yen = await payByCard({ currency: 'JPY', value: 1000 });
    expect(yen.resultCode).toBe('Authorised');
    expect(yen.donationToken).toBeUndefined();
  });

  it('a round-up donation is a new captured payment on the same card, with a DONATION webhook', async () => {
    const payment = await payByCard();
    const [, roundup] = await campaignsIn('EUR');
    const response = await donate({
      amount: { currency: 'EUR', value: 50 },
      donationCampaignId: roundup?.id,
      donationToken: payment.donationToken,
      donationOriginalPspReference: payment.pspReference,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: expect.stringMatching(/^DON-/),
      status: 'completed',
      amount: { currency: 'EUR', value: 50 },
      reference: 'donation-1',
      merchantAccount: DEMO.merchantAccount,
      donationAccount: 'CleanSeasGiving',
      payment: { resultCode: 'Authorised', paymentMethod: { type: 'scheme', brand: 'visa' } },
    });
    expect(body.payment.pspReference).not.toBe(payment.pspReference);
    await expect
      .poll(() => webhookEventsOf(gateway.app, body.payment.pspReference))
      .toEqual(expect.arrayContaining(['AUTHORISATION:true', 'CAPTURE:true']));
    await expect
      .poll(() => webhookEventsOf(gateway.app, payment.pspReference))
      .toEqual(expect.arrayContaining(['DONATION:true']));
  });

  it('a fixed amount is one of the campaign’s values, in its currency', async () => {
    const payment = await payByCard({ currency: 'DKK', value: 49_900 });
    const [fixed] = await campaignsIn('DKK');
    const response = await donate({
      amount: { currency: 'DKK', value: 2500 },
      donationCampaignId: fixed?.id,
      donationToken: payment.donationToken,
      donationOriginalPspReference: payment.pspReference,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'completed', donationAccount: 'GreenCanopyGiving' });
  });

  it('bad input is a 4xx and changes nothing: unknown or tampered token, reused token, wrong currency, amount not offered', async () => {
    const payment = await payByCard();
    const other = await payByCard();
    const [fixed, roundup] = await campaignsIn('EUR');
    const valid = {
      amount: { currency: 'EUR', value: 300 },
      donationCampaignId: fixed?.id,
      donationToken: payment.donationToken,
      donationOriginalPspReference: payment.pspReference,
    };
    const before = await counts();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ donationToken: 'DT1!forged.token' }, 422, '000'],
      [{ donationToken: `${payment.donationToken}x` }, 422, '000'],
      // A genuine token of another payment.
      [{ donationToken: other.donationToken }, 422, '000'],
      [{ donationOriginalPspReference: other.pspReference }, 422, '000'],
      [{ amount: { currency: 'DKK', value: 300 } }, 422, '137'],
      [{ amount: { currency: 'EUR', value: 200 } }, 422, '137'],
      [{ donationCampaignId: roundup?.id, amount: { currency: 'EUR', value: 101 } }, 422, '137'],
      [{ donationCampaignId: roundup?.id, amount: { currency: 'EUR', value: 0 } }, 422, '137'],
      [{ donationCampaignId: 'NO_SUCH_CAMPAIGN' }, 422, '000'],
      [{ amount: { currency: 'EUR', value: -5 } }, 400, '702'],
      [{ donationToken: undefined }, 400, '702'],
      [{ merchantAccount: 'SomeoneElse' }, 403, '901'],
    ];
    for (const [change, status, errorCode] of cases) {
      const response = await donate({ ...valid, ...change });
      expect({ change, status: response.statusCode, errorCode: response.json().errorCode }).toEqual({
        change,
        status,
        errorCode,
      });
    }
    expect(await counts()).toEqual(before);

    expect((await donate(valid)).statusCode).toBe(200);
    const after = await counts();
    const reused = await donate({ ...valid, reference: 'donation-2' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toMatch(/used already/);
    expect(await counts()).toEqual(after);
  });

  it('an Idempotency-Key replays the first answer; two donations with one token at once make one', async () => {
    const payment = await payByCard();
    const [fixed] = await campaignsIn('EUR');
    const body = {
      amount: { currency: 'EUR', value: 100 },
      donationCampaignId: fixed?.id,
      donationToken: payment.donationToken,
      donationOriginalPspReference: payment.pspReference,
    };
    const first = await donate(body, { 'idempotency-key': 'donation-key-1' });
    const replay = await donate(body, { 'idempotency-key': 'donation-key-1' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());

    const next = await payByCard();
    const racing = await Promise.all(
      [1, 2].map(() =>
        donate({
          ...body,
          donationToken: next.donationToken,
          donationOriginalPspReference: next.pspReference,
        }),
      ),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 422]);
  });

  it('another merchant cannot use the token of a payment that is not theirs', async () => {
    await provisionOtherMerchant(gateway);
    const payment = await payByCard();
    const [fixed] = await campaignsIn('EUR');
    const response = await merchantCall(
      gateway.app,
      'POST',
      '/v71/donations',
      {
        merchantAccount: OTHER_MERCHANT.merchantAccount,
        reference: 'steal',
        amount: { currency: 'EUR', value: 100 },
        donationCampaignId: fixed?.id,
        donationToken: payment.donationToken,
        donationOriginalPspReference: payment.pspReference,
      },
      { 'x-api-key': OTHER_MERCHANT.apiKey },
    );
    expect(response.statusCode).toBe(422);
  });
});

describe('session donations (as adyen-web 6 calls them)', () => {
  const sessionPaid = async () => {
    const created = await merchantCall(gateway.app, 'POST', '/v71/sessions', {
      amount: { currency: 'EUR', value: 1290 },
      merchantAccount: DEMO.merchantAccount,
      reference: `order-${Math.random().toString(36).slice(2)}`,
      returnUrl: 'http://localhost:3000/checkout/return',
    });
    const session = created.json();
    const paid = await clientCall(gateway.app, `/v1/sessions/${session.id}/payments`, {
      sessionData: session.sessionData,
      paymentMethod: testCardMethod(VISA_NO_3DS),
    });
    expect(paid.json()).toMatchObject({ resultCode: 'Authorised', donationToken: expect.any(String) });
    return { id: session.id as string, sessionData: paid.json().sessionData as string };
  };

  it('lists the campaigns in the session’s currency and donates after its payment, once', async () => {
    const session = await sessionPaid();
    const campaigns = await clientCall(gateway.app, `/v1/sessions/${session.id}/donationCampaigns`, {
      sessionData: session.sessionData,
    });
    expect(campaigns.statusCode).toBe(200);
    const { donationCampaigns, sessionData } = campaigns.json();
    expect(donationCampaigns).toHaveLength(2);
    const roundup = donationCampaigns[1];
    const donation = {
      sessionData,
      amount: { currency: 'EUR', value: 10 },
      donationCampaignId: roundup.id,
      donationType: 'roundup',
    };
    const donated = await clientCall(gateway.app, `/v1/sessions/${session.id}/donations`, donation);
    expect(donated.statusCode).toBe(200);
    expect(donated.json()).toMatchObject({ resultCode: 'Authorised', sessionData: expect.any(String) });
    const again = await clientCall(gateway.app, `/v1/sessions/${session.id}/donations`, donation);
    expect(again.statusCode).toBe(422);
  });

  it('refuses sessionData of another session and a session without an authorised payment', async () => {
    const session = await sessionPaid();
    const unpaid = (
      await merchantCall(gateway.app, 'POST', '/v71/sessions', {
        amount: { currency: 'EUR', value: 990 },
        merchantAccount: DEMO.merchantAccount,
        reference: 'unpaid',
        returnUrl: 'http://localhost:3000/checkout/return',
      })
    ).json();
    const wrongData = await clientCall(gateway.app, `/v1/sessions/${unpaid.id}/donationCampaigns`, {
      sessionData: session.sessionData,
    });
    expect(wrongData.statusCode).toBe(422);
    const none = await clientCall(gateway.app, `/v1/sessions/${unpaid.id}/donations`, {
      sessionData: unpaid.sessionData,
      amount: { currency: 'EUR', value: 100 },
      donationCampaignId: 'DONATION_CAMPAIGN_TREES_EUR',
    });
    expect(none.statusCode).toBe(422);
    const campaigns = await clientCall(gateway.app, `/v1/sessions/${unpaid.id}/donationCampaigns`, {
      sessionData: unpaid.sessionData,
    });
    expect(campaigns.json().donationCampaigns).toEqual([]);
  });
});
