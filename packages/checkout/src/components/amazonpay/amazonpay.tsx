import { collectBrowserInfo } from '../../core/browser-info.ts';
import type { Checkout } from '../../core/checkout.ts';
import { CheckoutError } from '../../core/errors.ts';
import type { ComponentData } from '../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import { AmazonPayView } from './amazonpay-view.tsx';
import type {
  AmazonPayConfiguration,
  ButtonColor,
  ChargePermissionType,
  Placement,
  ProductType,
  RecurringMetadata,
} from './config.ts';
import { getCheckoutDetails } from './services.ts';
import { translations } from './translations.ts';

/** A merchant hook that lets the flow go on (`resolve`) or stops it (`reject`). */
export type AmazonPayGate = (resolve: () => void, reject: (reason?: unknown) => void) => void | Promise<void>;

export interface AmazonPayOptions extends ElementOptions {
  type?: string;
  name?: string;
  /** From `/paymentMethods`: merchantId, publicKeyId, region (EU, UK, US), storeId. */
  configuration?: AmazonPayConfiguration;
  /** Back from Amazon (`?amazonCheckoutSessionId=`): shows the order confirmation, or pays with submit(). */
  amazonCheckoutSessionId?: string;
  /** Where Amazon returns the buyer (review, then result); default this page. */
  returnUrl?: string;
  /** Where Amazon sends a buyer who cancels; default this page. */
  cancelUrl?: string;
  /** `ProcessOrder` charges at Amazon without a review page (forced in the drop-in). */
  checkoutMode?: 'ProcessOrder';
  productType?: ProductType;
  placement?: Placement;
  buttonColor?: ButtonColor;
  /** `noTagline` hides the tagline under the button. */
  design?: string;
  /** Amazon's page language; default the checkout's locale, matched per region. */
  locale?: string;
  /** `test` (default) renders the sandbox button. */
  environment?: 'test' | 'live';
  chargePermissionType?: ChargePermissionType;
  recurringMetadata?: RecurringMetadata;
  merchantMetadata?: Record<string, unknown>;
  deliverySpecifications?: Record<string, unknown>;
  addressDetails?: Record<string, unknown>;
  /** With a session id: the Confirm purchase button (default true). */
  showOrderButton?: boolean;
  /** With a session id: the Change payment details button (default false). */
  showChangePaymentDetailsButton?: boolean;
  /** Only the Sign out button (default false). */
  showSignOutButton?: boolean;
  /** Before Amazon's dialog opens; reject to stop. */
  onClick?: AmazonPayGate;
  /** Before signing out of Amazon; reject to stop. */
  onSignOut?: AmazonPayGate;
}

/** What the view registers so that submit() starts the step it shows (the button or the order). */
type ViewStep = () => void;

/**
 * Amazon Pay (`amazonpay`, a cart wallet): the Amazon Pay button before a checkout session exists;
 * once Amazon returned with `amazonCheckoutSessionId`, the order confirmation (Confirm purchase,
 * Change payment details) or, with `showOrderButton: false`, the payment with that session id.
 */
export class AmazonPay extends PaymentElement<AmazonPayOptions> {
  static override type = 'amazonpay';
  static readonly txVariants = ['amazonpay'];
  /** @internal Set by the view while it shows a step submit() should start. */
  viewStep: ViewStep | undefined;

  constructor(checkout: Checkout, options: AmazonPayOptions = {}) {
    super(checkout, options);
    checkout.addTranslations(translations);
  }

  override get isValid() {
    return true;
  }

  get displayName(): string {
    return this.options.name ?? 'Amazon Pay';
  }

  /** The options as the flow reads them (spec §9 defaults, the drop-in's ProcessOrder and PayOnly). */
  get settings() {
    const options = this.options;
    const here = typeof window === 'undefined' ? '' : window.location.href;
    return {
      configuration: options.configuration ?? {},
      returnUrl: options.returnUrl ?? here,
      cancelUrl: options.cancelUrl ?? here,
      checkoutMode: options.isDropin ? ('ProcessOrder' as const) : options.checkoutMode,
      productType:
        options.isDropin && !options.addressDetails
          ? ('PayOnly' as const)
          : (options.productType ?? 'PayAndShip'),
      placement: options.placement ?? ('Cart' as const),
      locale: options.locale ?? this.checkout.i18n.locale,
      sandbox: (options.environment ?? 'test') !== 'live',
      showOrderButton: options.showOrderButton ?? true,
      showChangePaymentDetailsButton: options.showChangePaymentDetailsButton ?? false,
      showSignOutButton: options.showSignOutButton ?? false,
    };
  }

  protected formatData(): ComponentData {
    const checkoutSessionId = this.options.amazonCheckoutSessionId;
    return {
      paymentMethod: { type: AmazonPay.type, ...(checkoutSessionId ? { checkoutSessionId } : {}) },
      browserInfo: collectBrowserInfo(),
    };
  }

  /** Starts the step on screen (Amazon's dialog, the order confirmation), else pays with the session id. */
  override submit(): Promise<void> {
    if (this.viewStep) {
      this.viewStep();
      return Promise.resolve();
    }
    return super.submit();
  }

  /** The buyer's delivery address and instrument from Amazon (merchant's use, e.g. to show the order). */
  getShopperDetails() {
    const checkoutSessionId = this.options.amazonCheckoutSessionId;
    if (!checkoutSessionId)
      return Promise.reject(
        new CheckoutError(
          'IMPLEMENTATION_ERROR',
          'Could not get the shopper details: no amazonCheckoutSessionId.',
        ),
      );
    const { publicKeyId, region } = this.settings.configuration;
    return getCheckoutDetails(this.checkout, {
      checkoutSessionId,
      getDeliveryAddress: true,
      publicKeyId,
      region,
    });
  }

  /** After a refused payment: sends the buyer to Amazon to choose another instrument (onError if that fails). */
  handleDeclineFlow(): void {
    const checkoutSessionId = this.options.amazonCheckoutSessionId;
    if (!checkoutSessionId) {
      console.error('Could not handle the decline flow: no amazonCheckoutSessionId.');
      return;
    }
    const { publicKeyId, region } = this.settings.configuration;
    getCheckoutDetails(this.checkout, { checkoutSessionId, getDeclineFlowUrl: true, publicKeyId, region })
      .then((response) => {
        if (!response?.declineFlowUrl)
          throw new CheckoutError('ERROR', 'No declineFlowUrl', { cause: response });
        window.location.assign(response.declineFlowUrl);
      })
      .catch((error: unknown) => this.reportCheckoutError(error));
  }

  renderView() {
    return <AmazonPayView element={this} />;
  }
}
