import type { Checkout } from '../../core/checkout.ts';
import type { ComponentData, PaymentAction } from '../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import { voucherTranslations } from '../internal/voucher/index.ts';
import { BankTransferForm } from './bank-transfer-form.tsx';
import { BankTransferResult } from './bank-transfer-result.tsx';
import { bankTransferTranslations } from './translations.ts';

export const BANK_TRANSFER_TYPE = 'bankTransfer_IBAN';

export interface BankTransferOptions extends ElementOptions {
  /** Show the "send me a copy by e-mail" toggle (default true). */
  showEmailAddress?: boolean;
  /** The payments response's bankTransfer action: the element shows the bank details instead. */
  action?: PaymentAction;
}

/**
 * Bank transfer by IBAN: an optional copy by e-mail and Continue; the answer's bankTransfer action
 * shows beneficiary, IBAN, BIC, reference and amount, each copyable. The payment stays pending
 * until the transfer arrives (the merchant learns it from the webhook).
 */
export class BankTransfer extends PaymentElement<BankTransferOptions> {
  static override type = BANK_TRANSFER_TYPE;
  static readonly txVariants = [BANK_TRANSFER_TYPE];

  constructor(checkout: Checkout, options: BankTransferOptions = {}) {
    super(checkout, options);
    checkout.addTranslations(voucherTranslations);
    checkout.addTranslations(bankTransferTranslations);
    // So `checkout.createFromAction(bankTransferAction)` shows the bank details.
    checkout.registerAction(
      'bankTransfer',
      (owner, action, actionOptions) =>
        new BankTransfer(owner, { ...(actionOptions as BankTransferOptions), action }),
    );
    // Nothing to fill in unless a copy is wanted: the form starts valid.
    this.state = { data: { paymentMethod: { type: BANK_TRANSFER_TYPE } }, isValid: true };
  }

  get displayName(): string {
    return 'Bank Transfer';
  }

  override get isValid(): boolean {
    return this.options.action ? true : super.isValid;
  }

  protected formatData(): ComponentData {
    const { shopperEmail } = this.state.data;
    return {
      paymentMethod: { type: BANK_TRANSFER_TYPE },
      ...(typeof shopperEmail === 'string' && shopperEmail ? { shopperEmail } : {}),
    };
  }

  override submit(): Promise<void> {
    return this.options.action ? Promise.resolve() : super.submit();
  }

  renderView() {
    const { action } = this.options;
    return action ? (
      <BankTransferResult element={this} action={action} />
    ) : (
      <BankTransferForm element={this} />
    );
  }
}
