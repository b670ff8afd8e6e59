import type { MerchantContext } from '../../../../shared/context.ts';
import { gatewayError } from '../../../../shared/errors.ts';
import { acquirerOutcome, modificationTriggers } from '../../acquirer.ts';
import type { PaymentRequest } from '../../models.ts';
import {
  CARD_LIKE_MODIFICATIONS,
  type ListQuery,
  type MethodDecision,
  type MethodModifications,
  type PaymentMethodEntry,
  type PaymentMethodFamily,
  SETTLES_AT_ONCE,
  type ShopperStep,
} from '../types.ts';
import {
  appliesTo,
  COUNTRY_CURRENCY,
  OPEN_INVOICE_METHODS,
  type OpenInvoiceMethod,
  openInvoiceMethod,
} from './catalogue.ts';
import { checkShopperFields } from './shopper-fields.ts';

/**
 * Open invoice and buy now, pay later (Riverty incl. B2B, AfterPay, Ratepay, Affirm, FacilyPay,
 * Atome, Klarna). Listed per country and matching currency; the invoice providers decide at once
 * (refusals chosen by the shopper's last name, like card holder names), the others send the shopper
 * to the provider's consent page first.
 */
export class OpenInvoiceFamily implements PaymentMethodFamily {
  readonly name = 'open-invoice';

  handles(type: string) {
    return openInvoiceMethod(type) !== undefined;
  }

  listEntries(_context: MerchantContext, query: ListQuery): PaymentMethodEntry[] {
    return OPEN_INVOICE_METHODS.filter((method) =>
      appliesTo(method, query.countryCode, query.amount?.currency),
    ).map((method) => ({ type: method.type, name: method.name }));
  }

  /**
   * Invoice and pay-later providers are captured when the goods ship (in parts too) and refunded in
   * parts; Atome settles at once.
   */
  modifications(type: string): MethodModifications {
    return type === 'atome' ? SETTLES_AT_ONCE : CARD_LIKE_MODIFICATIONS;
  }

  async decide(context: MerchantContext, request: PaymentRequest): Promise<MethodDecision> {
    const type = request.paymentMethod.type;
    const method = openInvoiceMethod(type);
    if (!method) throw gatewayError.unprocessable('905', `Payment method type ${type} is not supported.`);
    const fields = request as unknown as Record<string, unknown>;
    const facts = checkShopperFields(fields, method.requires, context.now);
    const country = (request.countryCode ?? facts.billingCountry)?.toUpperCase();
    if (country && !method.countries.includes(country))
      throw gatewayError.unprocessable('905', `${method.name} is not available in ${country}.`);
    const currencies = country
      ? [COUNTRY_CURRENCY[country]]
      : method.countries.map((candidate) => COUNTRY_CURRENCY[candidate]);
    if (!currencies.includes(request.amount.currency))
      throw gatewayError.unprocessable(
        '905',
        `${method.name} does not take ${request.amount.currency}${country ? ` in ${country}` : ''}.`,
      );
    // The provider's answer follows the shopper's (or the company's contact's) last name.
    const trigger = facts.lastName;
    const widget = widgetStep(method, request, context.now);
    return {
      paymentMethodType: type,
      acquirer: acquirerOutcome(trigger, request.additionalData),
      triggers: modificationTriggers(trigger),
      threeDs: 'none',
      ...(widget
        ? { shopperStep: widget }
        : method.flow === 'consent'
          ? { shopperStep: { kind: 'redirect', page: 'consent', providerName: method.providerName } }
          : {}),
      methodDetails: {
        provider: method.providerName,
        ...(facts.ibanLastFour ? { lastFour: facts.ibanLastFour } : {}),
        ...stripUndefined({
          shopperCountry: country,
          deliveryCountry: facts.deliveryCountry,
          birthYear: facts.birthYear,
          gender: facts.gender,
          companyName: facts.companyName,
          registrationNumber: facts.registrationNumber,
          bankAccountOwner: facts.bankAccountOwner,
        }),
      },
      ...(facts.ibanLastFour ? { lastFour: facts.ibanLastFour } : {}),
    };
  }
}

/** How long the shopper has for the provider's widget (Klarna's authorization lasts an hour). */
const WIDGET_STEP_MS = 60 * 60 * 1000;

/**
 * The widget step a payment asks for with `paymentMethod.subtype: 'sdk'`, for a method that has a
 * widget; without the subtype the redirect flow stays the default. A method without one: 422.
 */
function widgetStep(method: OpenInvoiceMethod, request: PaymentRequest, now: Date): ShopperStep | undefined {
  if (request.paymentMethod.subtype !== 'sdk') return undefined;
  if (!method.widgetCategory)
    throw gatewayError.unprocessable('905', `${method.name} has no in-page widget: leave out subtype 'sdk'.`);
  return {
    kind: 'sdk',
    sdkData: { payment_method_category: method.widgetCategory },
    expiresAt: new Date(now.getTime() + WIDGET_STEP_MS).toISOString(),
  };
}

function stripUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined));
}
