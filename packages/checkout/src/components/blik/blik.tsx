import type { Checkout } from '../../core/checkout.ts';
import type { ComponentData } from '../../core/types.ts';
import { useViewState } from '../base/element-root.tsx';
import { PayFooter } from '../internal/pay-footer.tsx';
import {
  defineSingleFieldMethod,
  type SingleFieldMethodOptions,
} from '../internal/single-field-method/single-field-method.tsx';
import { translations } from './translations.ts';
import { BLIK_CODE_LENGTH, blikCodeError, formatBlikCode } from './validate.ts';

export interface BlikOptions extends SingleFieldMethodOptions {
  /** A Blik saved earlier (the drop-in passes it for a stored entry): no code is asked. */
  storedPaymentMethodId?: string;
}

const BlikMethod = defineSingleFieldMethod({
  type: 'blik',
  name: 'Blik',
  translations,
  field: {
    name: 'blikCode',
    label: 'blik.code',
    help: 'blik.help',
    inputMode: 'numeric',
    maxLength: BLIK_CODE_LENGTH,
    autoComplete: 'one-time-code',
    format: formatBlikCode,
  },
  validate: blikCodeError,
});

/**
 * Blik (Poland): the shopper types the 6-digit code from their banking app and confirms the payment
 * there (an await action). A stored Blik needs no code: only the pay button shows.
 */
export class Blik extends BlikMethod {
  constructor(checkout: Checkout, options: BlikOptions = {}) {
    super(checkout, options);
  }

  get storedPaymentMethodId(): string | undefined {
    return (this.props as BlikOptions).storedPaymentMethodId;
  }

  override get isValid(): boolean {
    return this.storedPaymentMethodId ? true : super.isValid;
  }

  protected override formatData(): ComponentData {
    const stored = this.storedPaymentMethodId;
    return stored
      ? { paymentMethod: { type: this.txVariant, storedPaymentMethodId: stored } }
      : super.formatData();
  }

  override renderView() {
    return this.storedPaymentMethodId ? <StoredBlikView element={this} /> : super.renderView();
  }
}

function StoredBlikView({ element }: { element: Blik }) {
  const view = useViewState(element);
  return (
    <div className="actuate-checkout__blik actuate-checkout__blik--stored">
      <p className="actuate-checkout__single-field-help">{element.checkout.i18n.get('blik.stored')}</p>
      <PayFooter element={element} view={view} />
    </div>
  );
}
