import type { Checkout } from '../../core/checkout.ts';
import type { ComponentData } from '../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import { SepaForm } from './sepa-form.tsx';
import { sepaTranslations } from './translations.ts';

export interface SepaDirectDebitOptions extends ElementOptions {
  /** Show the account holder's name (default true). */
  hasHolderName?: boolean;
  /** The name must be filled in (default true when shown). */
  holderNameRequired?: boolean;
  data?: { ownerName?: string; iban?: string };
  name?: string;
}

/** SEPA Direct Debit: account holder name and IBAN, checked as typed. */
export class SepaDirectDebit extends PaymentElement<SepaDirectDebitOptions> {
  static override type = 'sepadirectdebit';
  static readonly txVariants = ['sepadirectdebit'];

  constructor(checkout: Checkout, options: SepaDirectDebitOptions = {}) {
    checkout.addTranslations(sepaTranslations);
    super(checkout, {
      ...(checkout.options.paymentMethodsConfiguration?.sepadirectdebit as
        | SepaDirectDebitOptions
        | undefined),
      ...options,
    });
  }

  get displayName(): string {
    return this.options.name ?? this.checkout.i18n.get('sepaDirectDebit.title');
  }

  protected formatData(): ComponentData {
    return {
      ...this.state.data,
      paymentMethod: { ...this.state.data.paymentMethod, type: 'sepadirectdebit' },
    };
  }

  renderView() {
    return <SepaForm element={this} />;
  }
}
