import { collectBrowserInfo } from '../../../core/browser-info.ts';
import type { Checkout } from '../../../core/checkout.ts';
import type { MethodTranslations } from '../../../core/i18n/i18n.ts';
import type { ComponentData } from '../../../core/types.ts';
import {
  RedirectMethodElement,
  type RedirectMethodOptions,
} from '../redirect-method/redirect-method-element.tsx';
import { IssuerListView } from './issuer-list-view.tsx';
import { issuerListTranslations } from './translations.ts';
import { type IssuerItem, issuerError } from './validate.ts';

/** Links shown under the list ("by continuing you accept …"), e.g. the Polish online banking's terms. */
export interface TermsAndConditions {
  /** Translation key of the text; `%#` marks each link's words, the n-th link gets `urls[n]`. */
  translationKey: string;
  urls: string[];
}

export interface IssuerListOptions extends RedirectMethodOptions {
  /** The issuers of the payment-method entry (`/paymentMethods` lists them). */
  issuers?: IssuerItem[];
  /** Issuer ids shown as buttons above the dropdown. */
  highlightedIssuers?: string[];
  /** Preselects an issuer. */
  issuer?: string;
  termsAndConditions?: TermsAndConditions;
}

/**
 * An issuer-list method: a redirect method where the shopper first picks a bank (featured buttons or
 * the dropdown); data `{ paymentMethod: { type, issuer } }`. Method folders only name their type and terms.
 */
export abstract class IssuerListElement extends RedirectMethodElement<IssuerListOptions> {
  constructor(checkout: Checkout, options: IssuerListOptions = {}) {
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

  /** Valid once a selectable issuer is chosen, or when the entry lists none. */
  override get isValid() {
    return this.state.isValid;
  }

  get issuers(): IssuerItem[] {
    return this.options.issuers ?? [];
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

  protected override formatData(): ComponentData {
    return {
      paymentMethod: { type: this.txVariant, ...(this.selected ? { issuer: this.selected } : {}) },
      browserInfo: collectBrowserInfo(),
    };
  }

  override renderView() {
    return <IssuerListView element={this} />;
  }
}

/** What an issuer-list method folder states: its type and, where it has them, its terms and strings. */
interface IssuerListMethod {
  type: string;
  translations?: MethodTranslations;
  /** Shown under the list unless the merchant passes other terms. */
  termsAndConditions?: TermsAndConditions;
}

/** The class the drop-in and the catalogue load: `new Method(checkout, options)`. */
export interface IssuerListMethodClass {
  new (checkout: Checkout, options?: IssuerListOptions): IssuerListElement;
  readonly type: string;
  readonly txVariants: readonly string[];
}

/** The element class of one issuer-list method, registered by its `type`. */
export function defineIssuerListMethod(method: IssuerListMethod): IssuerListMethodClass {
  return class extends IssuerListElement {
    static override type = method.type;
    static readonly txVariants = [method.type];

    constructor(checkout: Checkout, options: IssuerListOptions = {}) {
      super(checkout, options);
      if (method.translations) checkout.addTranslations(method.translations);
    }

    override get termsAndConditions() {
      return this.options.termsAndConditions ?? method.termsAndConditions;
    }
  };
}
