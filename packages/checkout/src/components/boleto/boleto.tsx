import type { Checkout } from '../../core/checkout.ts';
import { VoucherMethodElement, type VoucherMethodOptions } from '../internal/voucher/index.ts';
import { BoletoForm } from './boleto-form.tsx';
import { boletoTranslations } from './translations.ts';
import { BOLETO_TYPES } from './variants.ts';

export interface BoletoOptions extends VoucherMethodOptions {
  /** First name, last name and CPF/CNPJ (default true). */
  personalDetailsRequired?: boolean;
  /** The billing address, in Brazil (default true). */
  billingAddressRequired?: boolean;
  /** The "send a copy to my e-mail" checkbox (default true). */
  showEmailAddress?: boolean;
}

/**
 * Boleto: the shopper's name and CPF/CNPJ, a Brazilian billing address and an optional copy by
 * e-mail; the answer's voucher shows the typed line, its barcode, the expiry and the PDF.
 */
export class Boleto extends VoucherMethodElement<BoletoOptions> {
  static override type = 'boletobancario';
  static readonly txVariants = BOLETO_TYPES;

  constructor(checkout: Checkout, options: BoletoOptions = {}) {
    super(checkout, options, boletoTranslations);
    const empty = options.personalDetailsRequired === false && options.billingAddressRequired === false;
    this.state = { data: {}, isValid: empty };
  }

  renderView() {
    return <BoletoForm element={this} />;
  }
}
