import type { Checkout } from '../../core/checkout.ts';
import { Store } from '../../core/store.ts';
import type { ComponentData, PaymentAction } from '../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import { registerVoucherAction, voucherTranslations } from '../internal/voucher/index.ts';
import { BacsForm } from './bacs-form.tsx';
import { BacsResult } from './bacs-result.tsx';
import { bacsTranslations } from './translations.ts';

export const BACS_TYPE = 'directdebit_GB';

export interface BacsOptions extends ElementOptions {
  /** The payments response's voucher action: the element shows the result instead of the form. */
  action?: PaymentAction;
}

export type BacsStep = 'enter' | 'confirm';

/**
 * UK direct debit (BACS): the shopper enters the account and agrees to the two statements, checks
 * everything read-only on a confirm step (Edit goes back), then confirms and pays; the answer's
 * voucher action shows the Direct Debit Instruction with its PDF.
 */
export class Bacs extends PaymentElement<BacsOptions> {
  static override type = BACS_TYPE;
  static readonly txVariants = [BACS_TYPE];
  /** Which step the form shows; submit() moves from entering to confirming before it pays. */
  readonly steps = new Store<{ step: BacsStep }>({ step: 'enter' });

  constructor(checkout: Checkout, options: BacsOptions = {}) {
    super(checkout, options);
    checkout.addTranslations(voucherTranslations);
    checkout.addTranslations(bacsTranslations);
    // So `checkout.createFromAction(voucherAction)` shows this method's result view.
    registerVoucherAction(
      checkout,
      BACS_TYPE,
      (owner, action, actionOptions) => new Bacs(owner, { ...(actionOptions as BacsOptions), action }),
    );
  }

  get displayName(): string {
    return 'BACS Direct Debit';
  }

  override get isValid(): boolean {
    return this.options.action ? true : super.isValid;
  }

  protected formatData(): ComponentData {
    const { paymentMethod, shopperEmail } = this.state.data;
    return {
      paymentMethod: { ...paymentMethod, type: BACS_TYPE },
      ...(typeof shopperEmail === 'string' ? { shopperEmail } : {}),
    };
  }

  /** From the entry step a valid form goes to the confirm step; only the confirm step pays. */
  override submit(): Promise<void> {
    if (this.options.action) return Promise.resolve();
    if (this.steps.get().step === 'enter') {
      if (!this.isValid) this.showValidation();
      else this.steps.set({ step: 'confirm' });
      return Promise.resolve();
    }
    return super.submit();
  }

  /** Back from the confirm step to change the details. */
  edit(): this {
    this.steps.set({ step: 'enter' });
    return this;
  }

  override reset(): this {
    this.steps.set({ step: 'enter' });
    return super.reset();
  }

  renderView() {
    const { action } = this.options;
    return action ? <BacsResult element={this} action={action} /> : <BacsForm element={this} />;
  }
}
