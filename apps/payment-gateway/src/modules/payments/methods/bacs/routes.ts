import type { Database, ServiceApp } from '@actuate/service-kit';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { gatewayError } from '../../../../shared/errors.ts';
import { payments } from '../../schema.ts';
import type { BacsMandate } from './family.ts';
import { BACS_TYPE } from './family.ts';
import { mandatePdf } from './mandate-pdf.ts';
import { mandateIdOfToken } from './mandate-token.ts';

async function findMandatePayment(db: Database, mandateId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.paymentMethodType, BACS_TYPE),
        sql`${payments.methodDetails}->>'mandateId' = ${mandateId}`,
      ),
    )
    .limit(1);
  return row;
}

/**
 * The BACS mandate PDF behind the voucher's "Download PDF": the address is a signed mandate id,
 * so it names one mandate, cannot be guessed and carries no account data itself.
 */
export function bacsMandateRoutes(app: ServiceApp, deps: { db: Database; tokenKey: Buffer }) {
  app.get(
    '/bacs/mandates/:token',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'The Direct Debit Instruction (PDF) of a BACS payment',
        params: z.object({ token: z.string().min(1).max(512) }),
      },
    },
    async (request, reply) => {
      const mandateId = mandateIdOfToken(deps.tokenKey, request.params.token);
      const payment = mandateId ? await findMandatePayment(deps.db, mandateId) : undefined;
      if (!payment?.methodDetails) throw gatewayError.notFound('Unknown mandate.');
      const mandate = payment.methodDetails as unknown as BacsMandate;
      const pdf = await mandatePdf({
        ...mandate,
        merchantAccount: payment.merchantAccount,
        merchantReference: payment.merchantReference,
        amount: { currency: payment.currency, value: payment.amountValue },
      });
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `inline; filename="direct-debit-${mandate.mandateId}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );
}
