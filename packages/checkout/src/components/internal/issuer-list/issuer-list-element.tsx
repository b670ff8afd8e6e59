import { collectBrowserInfo } from '../../../core/browser-info.ts';
import type { Checkout } from '../../../core/checkout.ts';
import type { ComponentData } from '../../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../../base/payment-element.tsx';
import { IssuerListView } from './issuer-list-view.tsx';
import { issuerListTranslations } from './translations.ts';
import { type IssuerItem, issuerError } from './validate.ts';

/** Links shown under the list ("by continuing you accept …"), e.g. the Polish online banking's terms. */
export interface TermsAndConditions {
  /** Translation key of the text; `%#` marks each link's words, the n-th link gets `urls[n]`. */
  translationKey: string;
  urls: string[];
}

export interface IssuerListOptions extends ElementOptions {
  type?: string;
  name?: string;
  /** The issuers of the payment-method entry (`/paymentMethods` lists them). */
  issuers?: IssuerItem[];
  /** Issuer ids shown as buttons above the dropdown. */
  highlightedIssuers?: string[];
  /** Preselects an issuer. */
  issuer?: string;
  termsAndConditions?: TermsAndConditions;
}

/**
 * An issuer-list method: the shopper picks a bank (featured buttons or the dropdown) and continues
 * to it; data `{ paymentMethod: { type, issuer } }`. Method folders only name their type and terms.
 */
export abstract class IssuerListElement<
  O extends IssuerListOptions = IssuerListOptions,
> extends PaymentElement<O> {
  constructor(checkout: Checkout, options: O = {} as O) {
    super(checkout, options);
    checkout.addTranslations(issuerListTranslations);
    this.state = {
      data: { paymentMethod: { type: this.txVariant } },
      isValid: this.validFor(options.issuer ?? ''),
    };
    this.selected = options.issuer ?? '';
  }

  /** The issuer id chosen so far ('' when none). */
  selected: string;

  get issuers(): IssuerItem[] {
    return this.options.issuers ?? [];
  }

  get txVariant(): string {
    return this.options.type ?? this.type;
  }

  get displayName(): string {
    return this.options.name ?? this.txVariant;
  }

  /** Terms shown under the list; a method folder sets its own default. */
  get termsAndConditions(): TermsAndConditions | undefined {
    return this.options.termsAndConditions;
  }

  private validFor(id: string) {
    return issuerError(this.issuers, id) === undefined;
  }

  select(id: string): void {
    this.selected = id;
    this.setState({ data: {}, isValid: this.validFor(id) });
  }

  protected formatData(): ComponentData {
    return {
      paymentMethod: { type: this.txVariant, ...(this.selected ? { issuer: this.selected } : {}) },
      browserInfo: collectBrowserInfo(),
    };
  }

  renderView() {
    return <IssuerListView element={this} />;
  }
}
