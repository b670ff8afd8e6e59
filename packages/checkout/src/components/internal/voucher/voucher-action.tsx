import type { ActionElement, Checkout } from '../../../core/checkout.ts';
import type { ComponentData, PaymentAction } from '../../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../../base/payment-element.tsx';
import { voucherTranslations } from './translations.ts';
import { voucherContent } from './voucher-content.ts';
import { VoucherView } from './voucher-view.tsx';

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

/**
 * A voucher from the action's own fields, worded for its method family (Boleto, OXXO, Multibanco …):
 * every voucher method shows its result through it.
 */
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
    return <VoucherView checkout={this.checkout} {...voucherContent(this.checkout, this.options.action)} />;
  }
}
