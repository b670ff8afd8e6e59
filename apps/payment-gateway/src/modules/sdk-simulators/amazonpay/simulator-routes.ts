import type { ServiceApp } from '@actuate/service-kit';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { gatewayError } from '../../../shared/errors.ts';
import { SIMULATOR_PAGE_POLICY } from '../../shopper-steps/page.ts';
import { registerPublicSimulatorApi } from '../public-api.ts';
import { type AmazonCheckoutSessions, withSessionId } from './checkout-sessions.ts';
import { confirmPage, declinePage, goneSessionPage } from './pages.ts';
import { checkoutPayloadSchema } from './payload.ts';
import { verifyPayloadSignature } from './signature.ts';
import {
  AMAZON_REGIONS,
  amazonPayAccount,
  TEST_ADDRESSES,
  TEST_BUYER,
  TEST_INSTRUMENTS,
  testAddress,
  testInstrument,
} from './test-data.ts';

const API = '/sdk-simulators/amazonpay/api';

const createBody = z.object({
  merchantId: z.string().min(1).max(64),
  ledgerCurrency: z.enum(['EUR', 'GBP', 'USD']),
  productType: z.enum(['PayOnly', 'PayAndShip']).optional(),
  createCheckoutSessionConfig: z.object({
    payloadJSON: z.string().min(2).max(16_384),
    signature: z.string().min(1).max(1024),
    publicKeyId: z.string().min(1).max(128),
  }),
});
const sessionParams = z.object({ id: z.uuid() });
const choiceBody = z.object({
  addressId: z.string().max(32).optional(),
  instrumentId: z.string().min(1).max(32),
});

const sendPage = (reply: FastifyReply, html: string, status = 200) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', SIMULATOR_PAGE_POLICY)
    .send(html);

/** What the simulator's dialog shows: the sandbox buyer's addresses and instruments. */
const walletContents = () => ({
  buyer: { ...TEST_BUYER },
  addresses: TEST_ADDRESSES.map((address) => ({ ...address })),
  instruments: TEST_INSTRUMENTS.map(({ id, paymentDescriptor }) => ({ id, paymentDescriptor })),
});

/**
 * The simulated Amazon Pay service behind `sdk-simulators/amazonpay/checkout.js`: the SDK creates a
 * checkout session from the signed payload and records the buyer's choice (any origin may call,
 * like Amazon's own API; the gateway's signature is what authenticates the merchant), plus Amazon's
 * hosted confirm and decline-flow pages.
 */
export async function amazonPaySimulatorRoutes(
  app: ServiceApp,
  deps: { sessions: AmazonCheckoutSessions; tokenKey: Buffer },
) {
  const { sessions, tokenKey } = deps;
  await registerPublicSimulatorApi(app, API, (typed) => {
    typed.post(
      `${API}/checkout-sessions`,
      {
        schema: {
          tags: ['sandbox'],
          summary: 'Amazon Pay simulator: start a checkout session',
          body: createBody,
        },
      },
      async (request) => {
        const { merchantId, ledgerCurrency, createCheckoutSessionConfig: config } = request.body;
        const merchantAccount = verifyPayloadSignature(tokenKey, config.signature, config.payloadJSON);
        if (!merchantAccount)
          throw gatewayError.unprocessable('000', 'InvalidSignature: the payload signature does not verify.');
        const account = amazonPayAccount(merchantAccount);
        if (merchantId !== account.merchantId || config.publicKeyId !== account.publicKeyId)
          throw gatewayError.unprocessable(
            '000',
            'InvalidParameterValue: merchantId or publicKeyId does not match the signature.',
          );
        const payload = checkoutPayloadSchema.parse(JSON.parse(config.payloadJSON));
        const region = (Object.keys(AMAZON_REGIONS) as (keyof typeof AMAZON_REGIONS)[]).find(
          (candidate) => AMAZON_REGIONS[candidate] === ledgerCurrency,
        )!;
        const session = await sessions.create(merchantAccount, region, payload);
        return {
          checkoutSessionId: session.id,
          needsAddress: request.body.productType !== 'PayOnly',
          ...walletContents(),
        };
      },
    );

    typed.get(
      `${API}/checkout-sessions/:id`,
      {
        schema: {
          tags: ['sandbox'],
          summary: 'Amazon Pay simulator: a session for a change action',
          params: sessionParams,
        },
      },
      async (request) => {
        const session = await sessions.find(request.params.id);
        if (!session) throw gatewayError.notFound('No such checkout session.');
        return {
          checkoutSessionId: session.id,
          state: session.state,
          addressId: session.address?.id,
          instrumentId: session.instrument?.id,
          needsAddress: session.address !== undefined,
          ...walletContents(),
        };
      },
    );

    typed.post(
      `${API}/checkout-sessions/:id/choice`,
      {
        schema: {
          tags: ['sandbox'],
          summary: "Amazon Pay simulator: the buyer's address and instrument",
          params: sessionParams,
          body: choiceBody,
        },
      },
      async (request) => {
        const session = await sessions.find(request.params.id);
        if (!session || session.state === 'Completed' || session.state === 'Canceled')
          throw gatewayError.unprocessable('000', 'The checkout session is not open.');
        const instrument = testInstrument(request.body.instrumentId);
        const address =
          request.body.addressId === undefined ? undefined : testAddress(request.body.addressId);
        if (!instrument || (request.body.addressId !== undefined && !address))
          throw gatewayError.unprocessable('000', 'No such sandbox address or instrument.');
        if (!(await sessions.choose(session, address, instrument)))
          throw gatewayError.unprocessable('000', 'The checkout session changed meanwhile; try again.');
        return { redirectUrl: sessions.returnUrlAfterChoice(session) };
      },
    );
  });

  app.get(
    '/sdk-simulators/amazonpay/confirm/:id',
    {
      schema: {
        tags: ['sandbox'],
        summary: "Amazon Pay simulator: the buyer's confirm step",
        params: sessionParams,
      },
    },
    async (request, reply) => {
      const session = await sessions.find(request.params.id);
      if (session?.state !== 'Confirming') return sendPage(reply, goneSessionPage(), 404);
      return sendPage(reply, confirmPage(session, `/sdk-simulators/amazonpay/confirm/${session.id}`));
    },
  );

  app.post(
    '/sdk-simulators/amazonpay/confirm/:id',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Amazon Pay simulator: confirm or cancel',
        params: sessionParams,
        body: z.object({ choice: z.enum(['confirm', 'cancel']) }),
      },
    },
    async (request, reply) => {
      const session = await sessions.find(request.params.id);
      if (session?.state !== 'Confirming' || !session.checkoutResultReturnUrl)
        return sendPage(reply, goneSessionPage(), 404);
      const confirmed = request.body.choice === 'confirm';
      if (!(await sessions.update(session, { state: confirmed ? 'Confirmed' : 'Canceled' })))
        return sendPage(reply, goneSessionPage(), 404);
      const cancelUrl = session.payload.webCheckoutDetails.checkoutCancelUrl;
      const back = confirmed || !cancelUrl ? session.checkoutResultReturnUrl : cancelUrl;
      return reply.header('Cache-Control', 'no-store').redirect(withSessionId(back, session.id), 303);
    },
  );

  app.get(
    '/sdk-simulators/amazonpay/decline/:id',
    {
      schema: { tags: ['sandbox'], summary: 'Amazon Pay simulator: the decline flow', params: sessionParams },
    },
    async (request, reply) => {
      const session = await sessions.find(request.params.id);
      if (session?.state !== 'Declined') return sendPage(reply, goneSessionPage(), 404);
      return sendPage(reply, declinePage(session, `/sdk-simulators/amazonpay/decline/${session.id}`));
    },
  );

  app.post(
    '/sdk-simulators/amazonpay/decline/:id',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Amazon Pay simulator: pay with another instrument',
        params: sessionParams,
        body: z.object({ instrumentId: z.string().min(1).max(32) }),
      },
    },
    async (request, reply) => {
      const session = await sessions.find(request.params.id);
      const instrument = testInstrument(request.body.instrumentId);
      if (session?.state !== 'Declined' || !instrument) return sendPage(reply, goneSessionPage(), 404);
      if (!(await sessions.choose(session, undefined, instrument)))
        return sendPage(reply, goneSessionPage(), 404);
      const back = sessions.returnUrlAfterChoice(session);
      if (!back) return sendPage(reply, goneSessionPage(), 404);
      return reply.header('Cache-Control', 'no-store').redirect(back, 303);
    },
  );
}
