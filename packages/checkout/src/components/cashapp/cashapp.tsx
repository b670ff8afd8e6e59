import { useEffect, useRef, useState } from 'react';
import type { Checkout } from '../../core/checkout.ts';
import { CheckoutError } from '../../core/errors.ts';
import type { ComponentData } from '../../core/types.ts';
import { useViewState } from '../base/element-root.tsx';
import { Spinner, StatusMessage } from '../base/pay-button.tsx';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import { Checkbox } from '../internal/field.tsx';
import { PayFooter } from '../internal/pay-footer.tsx';
import {
  type CashAppApproval,
  type CashAppPayEvent,
  type CashAppPayKit,
  startPayKit,
} from './cashapp-sdk.ts';
import { translations } from './translations.ts';

export interface CashAppPayOptions extends ElementOptions {
  type?: string;
  name?: string;
  /** From the /paymentMethods entry: Cash App's client id and the scope grants are asked for. */
  configuration?: { clientId?: string; scopeId?: string };
  /** A Cash App account saved earlier (the drop-in passes it for a stored entry). */
  storedPaymentMethodId?: string;
  /** The stored account's handle, shown on its pay button. */
  cashtag?: string;
  /** Show the save-details checkbox (default false; a session's configuration may turn it on). */
  enableStoreDetails?: boolean;
  /** Advanced flow: always store the account (asks Cash App for an on-file grant). Default false. */
  storePaymentMethod?: boolean;
  /** Passed to Cash App with the customer request. */
  referenceId?: string;
  /** Where Cash App sends a mobile shopper back to (default: this page). */
  redirectURL?: string;
  /** Cash App button options (`shape`, `size`, `theme`, `width`). */
  button?: Record<string, unknown>;
  /** Called on a click on the Cash App button: resolve to go on, reject to stop silently. */
  onClick?(actions: { resolve(): void; reject(reason?: unknown): void }): void;
}

type ApprovedData = { grantId?: string; onFileGrantId?: string; customerId?: string; cashtag?: string };

/**
 * Cash App Pay: Cash App's button (its Pay Kit) starts a customer request the shopper approves in
 * Cash App; the approved grants are then paid through the usual payments call. With the checkbox
 * (or `storePaymentMethod`) the request also asks for an on-file grant, which stores the account.
 */
export class CashAppPay extends PaymentElement<CashAppPayOptions> {
  static override type = 'cashapp';
  static readonly txVariants = ['cashapp'];
  private approved: ApprovedData = {};
  private shopperWantsToStore = false;
  private kit: CashAppPayKit | undefined;
  private begin: (() => void) | undefined;

  constructor(checkout: Checkout, options: CashAppPayOptions = {}) {
    super(checkout, {
      ...(checkout.options.paymentMethodsConfiguration?.cashapp as CashAppPayOptions | undefined),
      ...options,
    });
    checkout.addTranslations(translations);
    if (!this.storedPaymentMethodId) this.setStatus('loading');
  }

  get storedPaymentMethodId(): string | undefined {
    return this.options.storedPaymentMethodId;
  }

  get displayName(): string {
    return this.storedPaymentMethodId && this.options.cashtag
      ? this.options.cashtag
      : (this.options.name ?? 'Cash App Pay');
  }

  /** The checkbox shows when the merchant or the session asks for it. */
  get showStoreDetails(): boolean {
    return this.options.enableStoreDetails ?? this.checkout.sessionConfiguration.enableStoreDetails ?? false;
  }

  override get isValid() {
    return true;
  }

  /** Whether the shopper ticked the save-details box (the on-file grant is requested then). */
  setShopperWantsToStore(store: boolean) {
    this.shopperWantsToStore = store;
  }

  protected formatData(): ComponentData {
    const type = 'cashapp';
    if (this.storedPaymentMethodId)
      return { paymentMethod: { type, storedPaymentMethodId: this.storedPaymentMethodId } };
    const { grantId, onFileGrantId, customerId, cashtag } = this.approved;
    const merchantStores = this.options.storePaymentMethod === true;
    const includeStore = this.showStoreDetails || (!this.session && merchantStores);
    return {
      paymentMethod: {
        type,
        ...(grantId ? { grantId } : {}),
        ...(customerId ? { customerId } : {}),
        ...(onFileGrantId && cashtag ? { onFileGrantId, cashtag } : {}),
      },
      ...(includeStore ? { storePaymentMethod: merchantStores || this.shopperWantsToStore } : {}),
    };
  }

  /** Stored: pays at once. Otherwise: the merchant's onClick, then a customer request the shopper approves in Cash App. */
  override async submit(): Promise<void> {
    if (this.storedPaymentMethodId) return super.submit();
    try {
      await new Promise<void>((resolve, reject) => {
        const onClick = this.options.onClick;
        if (onClick) onClick({ resolve, reject: (reason) => reject(new ClickRejected(reason)) });
        else resolve();
      });
    } catch {
      // The merchant stopped the payment on click: nothing to report.
      return;
    }
    try {
      await this.kit?.customerRequest(this.customerRequest());
    } catch (error) {
      this.fail('ERROR', 'Something went wrong during customerRequest creation', error);
      return;
    }
    this.begin?.();
  }

  private customerRequest() {
    const amount = this.checkout.amount;
    const scopeId = this.options.configuration?.scopeId;
    const onFile = this.options.storePaymentMethod === true || this.shopperWantsToStore;
    return {
      referenceId: this.options.referenceId,
      redirectURL: this.options.redirectURL ?? window.location.href,
      actions: {
        ...(amount && amount.value > 0 ? { payment: { amount, scopeId } } : {}),
        ...(onFile ? { onFile: { scopeId } } : {}),
      },
    };
  }

  /** @internal The view's effect: starts the Pay Kit, listens to it and renders its button into `target`. */
  async startPayKit(target: HTMLElement): Promise<() => void> {
    const subscriptions: (() => void)[] = [];
    const listen = (event: CashAppPayEvent, callback: (data: unknown) => void) => {
      this.kit?.addEventListener(event, callback);
      subscriptions.push(() => this.kit?.removeEventListener(event, callback));
    };
    const stop = () => {
      for (const unsubscribe of subscriptions) unsubscribe();
      void this.kit?.restart().catch(() => {});
    };
    try {
      try {
        this.kit = await startPayKit(this.checkout, this.options.configuration?.clientId);
      } catch (error) {
        throw new CheckoutError('ERROR', 'Error during initialization', { cause: error });
      }
      listen('CUSTOMER_DISMISSED', () => this.fail('CANCEL', 'Customer dismissed the modal'));
      listen('CUSTOMER_REQUEST_DECLINED', () => {
        this.fail('ERROR', 'Payment declined by CashAppPay');
        // A declined request is spent: Cash App needs a fresh button for the next attempt.
        void this.kit
          ?.restart()
          .then(() => this.renderButton(target))
          .catch((error: unknown) => this.reportCheckoutError(error));
      });
      listen('CUSTOMER_REQUEST_APPROVED', (data) => this.onApproved(data as CashAppApproval));
      listen('CUSTOMER_REQUEST_FAILED', () => this.fail('ERROR', 'Customer request failed'));
      await this.renderButton(target);
      this.setStatus('ready');
    } catch (error) {
      this.reportCheckoutError(
        error instanceof CheckoutError
          ? error
          : new CheckoutError('ERROR', 'Error when initializing CashAppPay', { cause: error }),
      );
    }
    return stop;
  }

  private async renderButton(target: HTMLElement) {
    const showPayButton = (this.options.showPayButton ?? this.checkout.options.showPayButton) !== false;
    try {
      const rendered = await this.kit!.render(target, {
        manage: false,
        button: showPayButton ? { width: 'full', shape: 'semiround', ...this.options.button } : false,
      });
      this.begin = rendered.begin;
    } catch (error) {
      throw new CheckoutError('ERROR', 'Error rendering CashAppPay button', { cause: error });
    }
  }

  private onApproved({ customerProfile, grants }: CashAppApproval) {
    this.approved = {
      ...(customerProfile?.id ? { customerId: customerProfile.id } : {}),
      ...(customerProfile?.cashtag ? { cashtag: customerProfile.cashtag } : {}),
      ...(grants?.payment?.grantId ? { grantId: grants.payment.grantId } : {}),
      ...(grants?.onFile?.grantId ? { onFileGrantId: grants.onFile.grantId } : {}),
    };
    void super.submit();
  }

  private fail(type: 'ERROR' | 'CANCEL', message: string, cause?: unknown) {
    this.reportCheckoutError(new CheckoutError(type, message, cause === undefined ? {} : { cause }));
  }

  renderView() {
    return this.storedPaymentMethodId ? <StoredCashAppView element={this} /> : <CashAppView element={this} />;
  }
}

class ClickRejected {
  constructor(readonly reason: unknown) {}
}

function CashAppView({ element }: { element: CashAppPay }) {
  const view = useViewState(element);
  const { i18n } = element.checkout;
  const buttonHost = useRef<HTMLDivElement>(null);
  const [store, setStore] = useState(false);
  useEffect(() => {
    const target = buttonHost.current;
    if (!target) return;
    let stop: (() => void) | undefined;
    let unmounted = false;
    void element.startPayKit(target).then((cleanup) => {
      if (unmounted) cleanup();
      else stop = cleanup;
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [element]);
  const loading = view.status === 'loading';
  return (
    <div className="actuate-checkout__cashapp" aria-busy={loading}>
      {loading ? <Spinner label={i18n.get('loading')} /> : null}
      {!loading && element.showStoreDetails ? (
        <Checkbox
          name="storeDetails"
          label={i18n.get('cashapp.storeDetails')}
          checked={store}
          onChange={(checked) => {
            setStore(checked);
            element.setShopperWantsToStore(checked);
          }}
        />
      ) : null}
      <StatusMessage message={view.message} />
      {/* Cash App's Pay Kit renders its own button here; a click on it starts the payment. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the click comes from the kit's own button inside. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the kit's button is a real button; Enter clicks it. */}
      <div
        className="actuate-checkout__cashapp-button"
        ref={buttonHost}
        hidden={loading}
        onClick={() => void element.submit()}
      />
    </div>
  );
}

function StoredCashAppView({ element }: { element: CashAppPay }) {
  const view = useViewState(element);
  const { i18n } = element.checkout;
  return (
    <div className="actuate-checkout__cashapp actuate-checkout__cashapp--stored">
      <p className="actuate-checkout__intro">
        {i18n.get('cashapp.stored', { cashtag: element.props.cashtag ?? '' })}
      </p>
      <PayFooter element={element} view={view} />
    </div>
  );
}
