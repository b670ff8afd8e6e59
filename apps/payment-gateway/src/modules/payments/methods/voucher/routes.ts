import type { Database, ServiceApp } from '@actuate/service-kit';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { gatewayError } from '../../../../shared/errors.ts';
import { escapeHtml, htmlPage } from '../../../../shared/html.ts';
import { SIMULATOR_PAGE_POLICY } from '../../../shopper-steps/page.ts';
import { payments } from '../../schema.ts';
import { type VoucherKind, voucherMethod } from './catalogue.ts';
import type { VoucherDetails } from './family.ts';
import { voucherPdf } from './voucher-pdf.ts';
import { voucherIdOfToken } from './voucher-token.ts';

async function findVoucherPayment(db: Database, voucherId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(sql`${payments.methodDetails}->>'voucherId' = ${voucherId}`)
    .limit(1);
  return row;
}

/** How a shopper pays each kind of voucher (the instructions page the action links). */
const INSTRUCTIONS: Partial<Record<VoucherKind, string[]>> = {
  doku: [
    'Go to the shop or open your bank’s ATM or app before the voucher expires.',
    'Give the cashier the payment code, or choose the virtual account payment and enter it.',
    'Pay the exact amount and keep the receipt.',
  ],
  oxxo: [
    'Go to any OXXO store before the voucher expires.',
    'Tell the cashier you want to make an OXXO Pay payment and show the barcode or reference.',
    'Pay the exact amount in cash and keep the receipt.',
  ],
  dragonpay: [
    'Pay through the bank or outlet you chose before the voucher expires.',
    'Quote the Dragonpay reference and pay the exact amount.',
    'You receive a confirmation by e-mail once the payment arrives.',
  ],
  econtext: [
    'Go to the convenience store before the voucher expires.',
    'Give the cashier the reference (and the collection number, when shown) or use the store terminal.',
    'Pay the exact amount in cash and keep the receipt.',
  ],
};

/**
 * The voucher behind the action's "Download PDF" (a signed voucher id: it names one voucher and
 * cannot be guessed) and the instructions pages the actions link.
 */
export function voucherRoutes(app: ServiceApp, deps: { db: Database; tokenKey: Buffer }) {
  app.get(
    '/vouchers/:token',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'The voucher (PDF) of a voucher payment',
        params: z.object({ token: z.string().min(1).max(512) }),
      },
    },
    async (request, reply) => {
      const voucherId = voucherIdOfToken(deps.tokenKey, request.params.token);
      const payment = voucherId ? await findVoucherPayment(deps.db, voucherId) : undefined;
      const step = payment?.shopperStep;
      if (!payment?.methodDetails || step?.kind !== 'present')
        throw gatewayError.notFound('Unknown voucher.');
      const pdf = await voucherPdf({
        methodName: voucherMethod(payment.paymentMethodType)?.name ?? payment.paymentMethodType,
        action: step.action,
        details: payment.methodDetails as unknown as VoucherDetails,
        merchantReference: payment.merchantReference,
        amount: { currency: payment.currency, value: payment.amountValue },
      });
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `inline; filename="voucher-${payment.pspReference}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/vouchers/instructions/:type',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'How a shopper pays a voucher method',
        params: z.object({ type: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      const method = voucherMethod(request.params.type);
      const steps = method && INSTRUCTIONS[method.kind];
      if (!method || !steps) throw gatewayError.notFound('No instructions for this payment method.');
      const title = `How to pay with ${method.name}`;
      return reply
        .type('text/html; charset=utf-8')
        .header('Content-Security-Policy', SIMULATOR_PAGE_POLICY)
        .send(
          htmlPage(
            title,
            `<main><h1>${escapeHtml(title)}</h1><ol>${steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol></main>`,
          ),
        );
    },
  );
}
