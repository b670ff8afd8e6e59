import type { ReactNode } from 'react';
import { collectBrowserInfo } from '../../../core/browser-info.ts';
import type { Checkout } from '../../../core/checkout.ts';
import type { MethodTranslations } from '../../../core/i18n/i18n.ts';
import type { ComponentData } from '../../../core/types.ts';
import { useViewState } from '../../base/element-root.tsx';
import { PayButton, StatusMessage } from '../../base/pay-button.tsx';
import { type ElementOptions, PaymentElement } from '../../base/payment-element.tsx';
import { redirectMethodTranslations } from './translations.ts';

export interface RedirectMethodOptions extends ElementOptions {
  /** The payment-method entry's type and name (the drop-in passes the whole entry). */
  type?: string;
  name?: string;
}

/**
 * A method whose only step in the widget is "continue": the payment answers with a redirect to the
 * provider. Subclasses add a description (what happens next, a disclaimer) above the button.
 */
export abstract class RedirectMethodElement<
  O extends RedirectMethodOptions = RedirectMethodOptions,
> extends PaymentElement<O> {
  constructor(checkout: Checkout, options: O = {} as O) {
    super(checkout, options);
    checkout.addTranslations(redirectMethodTranslations);
  }

  override get isValid() {
    return true;
  }

  get txVariant(): string {
    return this.options.type ?? this.type;
  }

  get displayName(): string {
    return this.options.name ?? this.txVariant;
  }

  protected formatData(): ComponentData {
    return { paymentMethod: { type: this.txVariant }, browserInfo: collectBrowserInfo() };
  }

  /** Text shown above the button; none by default. */
  protected description(): ReactNode {
    return null;
  }

  renderView() {
    return <RedirectMethodView element={this} description={this.description()} />;
  }
}

/** What a redirect-method folder states: its type, the name on its button, its strings and its text. */
interface RedirectMethod<O extends RedirectMethodOptions> {
  type: string;
  /** The name on the "Continue to …" button when the payment-method entry gives none. */
  name?: string;
  translations: MethodTranslations;
  /** What happens next or a disclaimer, shown above the button. */
  description(element: RedirectMethodElement<O>): ReactNode;
}

/** The class the drop-in and the catalogue load: `new Method(checkout, options)`. */
export interface RedirectMethodClass<O extends RedirectMethodOptions> {
  new (checkout: Checkout, options?: O): RedirectMethodElement<O>;
  readonly type: string;
  readonly txVariants: readonly string[];
}

/** The element class of one redirect method, registered by its `type`. */
export function defineRedirectMethod<O extends RedirectMethodOptions = RedirectMethodOptions>(
  method: RedirectMethod<O>,
): RedirectMethodClass<O> {
  return class extends RedirectMethodElement<O> {
    static override type = method.type;
    static readonly txVariants = [method.type];

    constructor(checkout: Checkout, options: O = {} as O) {
      super(checkout, options);
      checkout.addTranslations(method.translations);
    }

    override get displayName() {
      return this.options.name ?? method.name ?? this.txVariant;
    }

    protected override description() {
      return method.description(this);
    }
  };
}

function RedirectMethodView({
  element,
  description,
}: {
  element: RedirectMethodElement;
  description: ReactNode;
}) {
  const { status, message } = useViewState(element);
  const { i18n } = element.checkout;
  return (
    <div className="actuate-checkout__redirect-method">
      {description}
      <StatusMessage message={message} />
      {element.props.showPayButton === false ? null : (
        <PayButton
          label={i18n.get('continueTo', { issuer: element.displayName })}
          status={status}
          onClick={() => void element.submit()}
        />
      )}
    </div>
  );
}
