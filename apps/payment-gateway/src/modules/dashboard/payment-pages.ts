import { randomUUID } from 'node:crypto';
import { baseContext, HttpError, type ServiceApp } from '@actuate/service-kit';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatAmount } from '../payments/currencies.ts';
import { type DashboardPageOptions, dashboardPage } from './layout.ts';
import { decimalAmount } from './money.ts';
import { paymentDetailBody, paymentListBody } from './payment-views.ts';
import { paymentQuerySchema } from './payments-filter.ts';
import type { PaymentListRow } from './payments-repository.ts';
import type { DashboardAction, DashboardContext, DashboardPaymentsService } from './payments-service.ts';
import type { DashboardShell } from './routes.ts';
import { dashboardUserOf } from './shell.ts';

const pspParams = z.object({ pspReference: z.string().min(1).max(64) });
const actionBody = z.looseObject({
  amount: z.string().max(32).optional(),
  idempotencyKey: z.string().min(1).max(64),
});

const contextOf = (request: FastifyRequest): DashboardContext => ({
  ...baseContext(request),
  user: dashboardUserOf(request),
});

const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
  reply.status(status).type('text/html; charset=utf-8').send(html);

/** The payments section: list with filters, CSV export, a payment's timeline and its modifications. */
export function dashboardPaymentRoutes(
  app: ServiceApp,
  shell: DashboardShell,
  deps: { payments: DashboardPaymentsService },
) {
  const guarded = { preHandler: shell.requireDashboardUser };

  app.get(
    '/dashboard/payments',
    { ...guarded, schema: { hide: true, querystring: paymentQuerySchema } },
    async (request, reply) => {
      const context = contextOf(request);
      const list = await deps.payments.list(context, request.query);
      return sendHtml(
        reply,
        dashboardPage(context.user, 'Payments', paymentListBody({ query: request.query, ...list }), {
          section: 'payments',
        }),
      );
    },
  );

  app.get(
    '/dashboard/payments.csv',
    { ...guarded, schema: { hide: true, querystring: paymentQuerySchema } },
    async (request, reply) => {
      const context = contextOf(request);
      const rows = await deps.payments.exportRows(context, request.query);
      const day = context.now.toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="payments-${context.user.merchantAccount}-${day}.csv"`,
        )
        .send(paymentsCsv(rows));
    },
  );

  const detailPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    pspReference: string,
    notice?: DashboardPageOptions['notice'],
    status = 200,
  ) => {
    const context = contextOf(request);
    const history = await deps.payments.history(context, pspReference);
    // Another merchant's payment is as unknown as a made-up reference.
    if (!history) throw new HttpError(404, 'not-found', 'No such payment.');
    const done = (request.query as { done?: unknown }).done;
    const change = history.modifications.find((row) => row.pspReference === done);
    const shown =
      notice ??
      (change
        ? {
            kind: change.outcome === 'succeeded' ? ('status' as const) : ('alert' as const),
            text: `${change.kind[0]?.toUpperCase()}${change.kind.slice(1)} of ${formatAmount(change.amountValue, change.currency)} ${change.outcome} (${change.pspReference}).`,
          }
        : undefined);
    const body = paymentDetailBody(
      context.user,
      history,
      deps.payments.availableActions(history.payment),
      randomUUID,
    );
    return sendHtml(
      reply,
      dashboardPage(context.user, `Payment ${history.payment.pspReference}`, body, {
        section: 'payments',
        ...(shown ? { notice: shown } : {}),
      }),
      status,
    );
  };

  app.get(
    '/dashboard/payments/:pspReference',
    { ...guarded, schema: { hide: true, params: pspParams } },
    async (request, reply) => detailPage(request, reply, request.params.pspReference),
  );

  for (const action of ['capture', 'refund', 'cancel'] as const satisfies DashboardAction[]) {
    app.post(
      `/dashboard/payments/:pspReference/${action}`,
      { ...guarded, schema: { hide: true, params: pspParams } },
      async (request, reply) => {
        const form = actionBody.safeParse(request.body);
        if (!form.success)
          throw new HttpError(400, 'validation', 'This form is incomplete. Reload the page.');
        const { pspReference } = request.params;
        const result = await deps.payments.modify(contextOf(request), action, pspReference, form.data);
        if (!result.ok)
          return detailPage(request, reply, pspReference, { kind: 'alert', text: result.error }, 422);
        // Post/redirect/get: a reload shows the result again instead of sending the form twice.
        return reply.redirect(
          `/dashboard/payments/${encodeURIComponent(pspReference)}?done=${encodeURIComponent(result.value.pspReference)}`,
          303,
        );
      },
    );
  }
}

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
const inert = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export function paymentsCsv(rows: PaymentListRow[]) {
  return stringify(
    rows.map((row) => [
      row.createdAt.toISOString(),
      row.pspReference,
      inert(row.merchantReference),
      row.status,
      row.resultCode,
      inert(row.refusalReason ?? ''),
      row.paymentMethodType,
      row.brand ?? '',
      row.lastFour ?? '',
      row.currency,
      decimalAmount(row.amountValue, row.currency),
      decimalAmount(row.capturedValue, row.currency),
      decimalAmount(row.refundedValue, row.currency),
      inert(row.shopperReference ?? ''),
      inert(row.shopperEmail ?? ''),
    ]),
    {
      header: true,
      columns: [
        'created_at',
        'psp_reference',
        'merchant_reference',
        'status',
        'result_code',
        'refusal_reason',
        'payment_method',
        'brand',
        'last_four',
        'currency',
        'amount',
        'captured',
        'refunded',
        'shopper_reference',
        'shopper_email',
      ],
    },
  );
}
