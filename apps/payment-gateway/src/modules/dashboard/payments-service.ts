import {
  type Database,
  err,
  HttpError,
  isHttpError,
  ok,
  type RequestContext,
  type Result,
} from '@actuate/service-kit';
import type { IdempotencyService } from '../idempotency/service.ts';
import type { MerchantService } from '../merchants/service.ts';
import { capturableValue, type ModificationService } from '../modifications/service.ts';
import type { PaymentMethodRegistry } from '../payments/methods/registry.ts';
import type { PaymentRow } from '../payments/repository.ts';
import { parseMajorAmount } from './money.ts';
import { filterOf, type PaymentQuery } from './payments-filter.ts';
import {
  findPaymentHistory,
  listMerchantPayments,
  merchantFacets,
  type PaymentHistory,
} from './payments-repository.ts';
import type { DashboardUser } from './service.ts';

/** A dashboard request: who is signed in (their merchant account scopes every query). */
export interface DashboardContext extends RequestContext {
  user: DashboardUser;
}

export const PAGE_SIZE = 50;
/** The CSV export's cap: a larger export is cut here (and says so in its file name). */
export const CSV_ROW_LIMIT = 10_000;

export type DashboardAction = 'capture' | 'refund' | 'cancel';

/** What the payment's state and method allow, with the amounts a capture or refund may take. */
export interface AvailableActions {
  capture?: { maximum: number; partial: boolean };
  refund?: { maximum: number; partial: boolean };
  cancel?: true;
}

export interface ActionRequest {
  /** Major units as typed; blank means the whole remaining amount. */
  amount?: string | undefined;
  /** From the form, so a resent form (double click, reload) does not modify twice. */
  idempotencyKey: string;
}

/** The payments section: list and export, a payment's history, capture / refund / cancel. */
export class DashboardPaymentsService {
  constructor(
    private readonly db: Database,
    private readonly deps: {
      merchants: MerchantService;
      modifications: ModificationService;
      idempotency: IdempotencyService;
      methods: PaymentMethodRegistry;
    },
  ) {}

  /** A page of payments (50) and whether there is a next one. */
  async list(context: DashboardContext, query: PaymentQuery) {
    const page = query.page ?? 1;
    const [rows, facets] = await Promise.all([
      listMerchantPayments(this.db, context.user.merchantAccount, filterOf(query), {
        offset: (page - 1) * PAGE_SIZE,
        limit: PAGE_SIZE + 1,
      }),
      merchantFacets(this.db, context.user.merchantAccount),
    ]);
    return { rows: rows.slice(0, PAGE_SIZE), page, hasNext: rows.length > PAGE_SIZE, facets };
  }

  exportRows(context: DashboardContext, query: PaymentQuery) {
    return listMerchantPayments(this.db, context.user.merchantAccount, filterOf(query), {
      offset: 0,
      limit: CSV_ROW_LIMIT,
    });
  }

  async history(context: DashboardContext, pspReference: string): Promise<PaymentHistory | undefined> {
    return findPaymentHistory(this.db, context.user.merchantAccount, pspReference);
  }

  /** The modifications offered: only what the modification service would accept now. */
  availableActions(payment: PaymentRow): AvailableActions {
    if (payment.status !== 'authorised') return {};
    const allowed = this.deps.methods.modificationsOf(payment.paymentMethodType);
    const capturable = capturableValue(payment);
    const refundable = payment.capturedValue - payment.refundedValue;
    return {
      ...(allowed.capture === 'manual' && capturable > 0
        ? { capture: { maximum: capturable, partial: allowed.partialCapture } }
        : {}),
      ...(allowed.refund && refundable > 0
        ? { refund: { maximum: refundable, partial: allowed.partialRefund } }
        : {}),
      ...(allowed.cancel && capturable > 0 ? { cancel: true as const } : {}),
    };
  }

  /**
   * Captures, refunds or cancels through the modification service, exactly as the API does (same
   * rules, webhooks), idempotent on the form's key. Answers the modification's pspReference, or the
   * message of a refusal (422) to show on the page.
   */
  async modify(
    context: DashboardContext,
    action: DashboardAction,
    pspReference: string,
    request: ActionRequest,
  ): Promise<Result<{ pspReference: string }, string>> {
    const merchant = await this.deps.merchants.findMerchant(context.user.merchantAccount);
    const history = await this.history(context, pspReference);
    if (!merchant || !history) throw new HttpError(404, 'not-found', 'No such payment.');
    const typed = request.amount?.trim() ?? '';
    let amount: { value: number; currency: string } | undefined;
    if (action !== 'cancel' && typed !== '') {
      const value = parseMajorAmount(typed, history.payment.currency);
      if (value === undefined) return err(`Enter an amount in ${history.payment.currency}, like 10.00.`);
      amount = { value, currency: history.payment.currency };
    }
    try {
      const answer = await this.deps.idempotency.run(
        merchant.account,
        request.idempotencyKey,
        { endpoint: `DASHBOARD ${action} ${pspReference}`, body: { amount } },
        async () => ({
          status: 201,
          body: await this.deps.modifications.modify({ ...context, merchant }, action, pspReference, {
            amount,
            reference: undefined,
            merchantRefundReason: undefined,
          }),
        }),
      );
      const body = answer.body as { pspReference?: string; message?: string };
      // A replayed key answers what the first request got, a refusal included.
      if (answer.status >= 400 || !body.pspReference)
        return err(body.message ?? 'The payment was not changed.');
      return ok({ pspReference: body.pspReference });
    } catch (error) {
      // The modification service's refusals (422) are answers for the person, not failures.
      if (isHttpError(error) && error.status >= 400 && error.status < 500 && error.status !== 404)
        return err(error.message);
      throw error;
    }
  }
}
