import type { Amount } from '../../../core/amount.ts';
import type { ActionElement, Checkout } from '../../../core/checkout.ts';
import type { ComponentData, PaymentAction } from '../../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../../base/payment-element.tsx';
import { voucherTranslations } from './translations.ts';
import { type VoucherDetail, VoucherView } from './voucher-view.tsx';

/** Creates the element that shows a voucher action of one payment method type. */
export type VoucherFactory = (
  checkout: Checkout,
  action: PaymentAction,
  options: Record<string, unknown>,
) => ActionElement;

const factoriesByCheckout = new WeakMap<Checkout, Map<string, VoucherFactory>>();

/**
 * Voucher actions are shown by the method that made them (the BACS mandate, a boleto …): each
 * method registers its factory for its `paymentMethodType`; one `voucher` handler per checkout
 * picks it, and a method without its own view gets the general voucher.
 */
export function registerVoucherAction(
  checkout: Checkout,
  paymentMethodType: string,
  factory: VoucherFactory,
) {
  let factories = factoriesByCheckout.get(checkout);
  if (!factories) {
    const created = new Map<string, VoucherFactory>();
    factories = created;
    factoriesByCheckout.set(checkout, created);
    checkout.registerAction('voucher', (owner, action, options) => {
      const own = action.paymentMethodType ? created.get(action.paymentMethodType) : undefined;
      return own ? own(owner, action, options) : new GeneralVoucher(owner, { ...options, action });
    });
  }
  factories.set(paymentMethodType, factory);
}

interface GeneralVoucherOptions extends ElementOptions {
  action: PaymentAction;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
const amountOf = (value: unknown): Amount | undefined => {
  const amount = value as Partial<Amount> | undefined;
  return typeof amount?.value === 'number' && typeof amount.currency === 'string'
    ? { value: amount.value, currency: amount.currency }
    : undefined;
};

/** A voucher from the action's own fields, for methods that bring no view of their own. */
export class GeneralVoucher extends PaymentElement<GeneralVoucherOptions> {
  static override type = 'voucher';

  constructor(checkout: Checkout, options: GeneralVoucherOptions) {
    checkout.addTranslations(voucherTranslations);
    super(checkout, options);
  }

  override get isValid() {
    return true;
  }

  protected formatData(): ComponentData {
    return { paymentMethod: { type: this.options.action.paymentMethodType ?? 'voucher' } };
  }

  renderView() {
    const { action } = this.options;
    const details = Array.isArray(action.voucherDetails)
      ? (action.voucherDetails as { label?: unknown; value?: unknown }[]).flatMap((entry): VoucherDetail[] =>
          text(entry.label) && text(entry.value)
            ? [{ label: String(entry.label), value: String(entry.value) }]
            : [],
        )
      : [];
    return (
      <VoucherView
        checkout={this.checkout}
        imageUrl={text(action.imageUrl)}
        issuerImageUrl={text(action.issuerImageUrl)}
        introduction={text(action.introduction) ?? ''}
        instructionsUrl={text(action.instructionsUrl)}
        amount={amountOf(action.totalAmount ?? action.amount)}
        surcharge={amountOf(action.surcharge)}
        reference={text(action.reference)}
        details={details}
        downloadUrl={text(action.downloadUrl) ?? text(action.url)}
        downloadLabel={text(action.downloadButtonText)}
      />
    );
  }
}
