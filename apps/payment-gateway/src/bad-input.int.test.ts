import { describe, expect, it } from 'vitest';
import {
  clientCall,
  DEMO,
  merchantCall,
  paymentRequest,
  testCardMethod,
  useTestGateway,
} from './testing/index.ts';

const gateway = useTestGateway();

type Answer = Awaited<ReturnType<typeof merchantCall>>;
function expectRefused(response: Answer): void {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ status: 400, errorCode: '702', errorType: 'validation' });
}

/** Input no database can store is a 400 ServiceError, never a 500. */
describe('gateway: NUL bytes and unpaired surrogates', () => {
  it.each([
    `/securedfields/%00/5.0.0/securedFields.html?type=card`,
    `/checkoutshopper/securedfields/${DEMO.clientKey}%00/5.0.0/securedFields.html?type=card`,
    `/checkoutshopper/datasets/countries/%00`,
  ])('refuses client GET %s with a 400', async (url) => {
    expectRefused(await clientCall(gateway.app, url));
  });

  it.each(['/v71/sessions/%00', '/v71/webhooks/deliveries?status=%00'])(
    'refuses merchant GET %s with a 400',
    async (url) => {
      expectRefused(await merchantCall(gateway.app, 'GET', url));
    },
  );

  it('refuses a payment whose reference holds a NUL or an unpaired surrogate, and creates none', async () => {
    for (const reference of ['order-\u0000', 'order-\ud800']) {
      const body = paymentRequest(testCardMethod('4111111111111111'), { reference });
      expectRefused(await merchantCall(gateway.app, 'POST', '/v71/payments', body));
      expectRefused(
        await merchantCall(gateway.app, 'POST', `/v71/payments/AAAAAAAAAAAAAAAA%00/captures`, body),
      );
    }
  });

  it.each(['constructor', 'toString', '__proto__'])(
    'refuses the barcode type %s as unknown',
    async (type) => {
      expectRefused(
        await clientCall(gateway.app, `/checkoutshopper/utility/v1/barcode.png?data=123&type=${type}`),
      );
    },
  );
});
