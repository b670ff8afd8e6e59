import type { Checkout } from '../../core/checkout.ts';
import {
  RedirectMethodElement,
  type RedirectMethodOptions,
} from '../internal/redirect-method/redirect-method-element.tsx';
import { translations } from './translations.ts';

const STEPS = ['trustly.description.step1', 'trustly.description.step2', 'trustly.description.step3'];

/** Trustly: explains the bank-login flow before the shopper continues to it. */
export class Trustly extends RedirectMethodElement {
  static override type = 'trustly';
  static readonly txVariants = ['trustly'];

  constructor(checkout: Checkout, options: RedirectMethodOptions = {}) {
    super(checkout, options);
    checkout.addTranslations(translations);
  }

  override get displayName() {
    return this.options.name ?? 'Trustly';
  }

  protected override description() {
    const { i18n } = this.checkout;
    return (
      <div className="actuate-checkout__redirect-description">
        <p>
          <strong>{i18n.get('trustly.description.heading')}</strong>
        </p>
        <ol>
          {STEPS.map((key) => (
            <li key={key}>{i18n.get(key)}</li>
          ))}
        </ol>
      </div>
    );
  }
}

export default Trustly;
