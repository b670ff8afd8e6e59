import type { ServiceApp } from '@actuate/service-kit';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { gatewayError } from '../../shared/errors.ts';
import { htmlPage } from '../../shared/html.ts';
import type { MerchantService } from '../merchants/service.ts';
import type { PaymentService } from '../payments/service.ts';
import { pageOffers, pendingListPage, SIMULATOR_PAGE_POLICY, settledPage, shopperStepPage } from './page.ts';
import type { ShopperStepService } from './service.ts';

const sendPage = (reply: FastifyReply, html: string, status = 200) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', SIMULATOR_PAGE_POLICY)
    .send(html);

const notFoundPage = () =>
  htmlPage(
    'Unknown payment',
    '<main><h1>Unknown payment</h1><p role="alert">This link is not valid.</p></main>',
  );

const token = z.string().min(1).max(2048);
const outcomeBody = z.object({ outcome: z.enum(['authorise', 'refuse', 'cancel', 'pending', 'expire']) });

/**
 * The sandbox provider's shopper-side pages (a bank's approval, a buy-now-pay-later provider's
 * consent, the transfer desk that marks a transfer received): the tester picks the outcome, the
 * payment gets it with its webhook, and a redirected shopper goes back with `redirectResult`.
 */
export function shopperStepRoutes(
  app: ServiceApp,
  deps: {
    payments: PaymentService;
    merchants: MerchantService;
    steps: ShopperStepService;
    /** The merchant whose open steps the sandbox lists (undefined: no list, production mode). */
    pendingListMerchant?: string | undefined;
  },
) {
  const schema = { tags: ['sandbox'] };
  const showStep = async (reply: FastifyReply, value: string) => {
    const found = await deps.steps.paymentOfToken(value);
    const merchant = found && (await deps.merchants.findMerchant(found.payment.merchantAccount));
    if (!found || !merchant) return sendPage(reply, notFoundPage(), 404);
    // A step past its expiry shows as lapsed, even if nobody polled it since.
    const payment = await deps.payments.current(merchant, found.payment, new Date());
    return sendPage(reply, shopperStepPage(payment, found.step, `/shopper/${value}/outcome`));
  };

  app.get(
    '/shopper/:token',
    { schema: { ...schema, summary: 'Simulator page of a shopper step', params: z.object({ token }) } },
    (request, reply) => showStep(reply, request.params.token),
  );

  app.post(
    '/shopper',
    {
      schema: {
        ...schema,
        summary: 'Simulator page of a shopper step, entered by a POST redirect',
        body: z.object({ step: token }),
      },
    },
    (request, reply) => showStep(reply, request.body.step),
  );

  app.post(
    '/shopper/:token/outcome',
    {
      schema: {
        ...schema,
        summary: 'The tester’s choice on a simulator page',
        params: z.object({ token }),
        body: outcomeBody,
      },
    },
    async (request, reply) => {
      const found = await deps.steps.paymentOfToken(request.params.token);
      if (!found) return sendPage(reply, notFoundPage(), 404);
      const merchant = await deps.merchants.findMerchant(found.payment.merchantAccount);
      if (!merchant) return sendPage(reply, notFoundPage(), 404);
      const { outcome } = request.body;
      // Only a pending transfer or voucher expires; a provider's consent is never left pending.
      if (!pageOffers(found.step, outcome)) {
        return sendPage(
          reply,
          htmlPage('Not possible', '<p role="alert">This page does not offer that choice.</p>'),
          422,
        );
      }
      const payment = await deps.payments.completeShopperStep(
        merchant,
        found.payment.pspReference,
        outcome,
        new Date(),
      );
      const back = found.step.kind === 'redirect' ? deps.steps.returnAddress(payment) : undefined;
      if (back) return reply.status(303).header('Cache-Control', 'no-store').redirect(back, 303);
      return sendPage(reply, settledPage(payment));
    },
  );

  const merchantAccount = deps.pendingListMerchant;
  if (!merchantAccount) return;
  app.get(
    '/sandbox/pending',
    {
      schema: {
        ...schema,
        summary: 'The demo merchant’s payments waiting for a shopper step',
        querystring: z.object({ reference: z.string().max(256).optional() }),
      },
    },
    async (request, reply) => {
      const entries = await deps.steps.openSteps(merchantAccount, request.query.reference);
      return sendPage(reply, pendingListPage(entries));
    },
  );

  app.post(
    '/sandbox/payments/:pspReference/outcome',
    {
      schema: {
        ...schema,
        summary: 'Settle a demo merchant’s open payment as its simulator page would (for tests)',
        params: z.object({ pspReference: z.string().min(1).max(64) }),
        body: z.object({ outcome: z.enum(['authorise', 'refuse', 'expire']) }),
      },
    },
    async (request) => {
      const merchant = await deps.merchants.findMerchant(merchantAccount);
      const payment = merchant && (await deps.payments.findPayment(merchant, request.params.pspReference));
      if (!merchant || !payment?.shopperStep)
        throw gatewayError.notFound('No payment waits for a shopper step.');
      const { outcome } = request.body;
      if (!pageOffers(payment.shopperStep, outcome))
        throw gatewayError.unprocessable(
          '000',
          `The simulator page of this payment does not offer ${outcome}.`,
        );
      const settled = await deps.payments.completeShopperStep(
        merchant,
        payment.pspReference,
        outcome,
        new Date(),
      );
      return { pspReference: settled.pspReference, resultCode: settled.resultCode };
    },
  );
}
