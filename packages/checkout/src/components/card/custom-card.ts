import { collectBrowserInfo } from '../../core/browser-info.ts';
import type { CheckoutCallbacks, ElementStatus } from '../../core/callbacks.ts';
import type { Checkout } from '../../core/checkout.ts';
import { CheckoutError } from '../../core/errors.ts';
import { type FlowHost, submitPayment } from '../../core/payment-flow.ts';
import { type SecuredFieldStyles, securedFieldStyles } from '../../core/theme.ts';
import type { Order, PaymentAction, PaymentData, PaymentResponse } from '../../core/types.ts';
import type { ElementOptions } from '../base/payment-element.tsx';
import {
  type EncryptedBlob,
  type FieldPolicy,
  type FieldType,
  SecuredFieldsController,
} from '../internal/secured-fields/controller.ts';
import { DEFAULT_CARD_BRANDS } from './card-brands.ts';

export interface CustomCardOptions extends ElementOptions {
  brands?: string[];
  /** The inputs inside the frames per state (`base`, `error`, `validated`, `placeholder`), over the checkout's. */
  styles?: SecuredFieldStyles;
  /** Every frame is configured: the fields can be used. */
  onConfigSuccess?(): void;
  /** A field became valid (with the number's last four digits) or stopped being valid. */
  onFieldValid?(event: { fieldType: FieldType; valid: boolean; endDigits?: string }): void;
  /** The number's brand changed, with the security-code and expiry policies it brings. */
  onBrand?(event: { brand: string | null; cvcPolicy: FieldPolicy; expiryDatePolicy: FieldPolicy }): void;
  /** A field reported an error code (`cc.num.902` …); the merchant's markup shows it. */
  onValidationError?(errors: { fieldType: FieldType; error: string }[]): void;
  /** A frame gained or lost the focus. */
  onFocus?(event: { fieldType: FieldType; focus: boolean }): void;
}

/**
 * The custom-card-fields variant: the merchant writes the markup (labels, layout, errors) and marks
 * each field's place with `data-cse="encryptedCardNumber|encryptedExpiryDate|encryptedExpiryMonth|
 * encryptedExpiryYear|encryptedSecurityCode"`; this class only puts the gateway's frames there. It
 * renders no React, so it costs almost nothing on top of the core.
 */
export class CustomCard implements FlowHost {
  static type = 'customcard';
  readonly type = 'customcard';
  private controller: SecuredFieldsController | undefined;
  private blobs: Partial<Record<FieldType, Partial<Record<EncryptedBlob['type'], string>>>> = {};
  private errors: Partial<Record<FieldType, string>> = {};
  private fieldTypes: FieldType[] = [];
  private policies: { cvcPolicy: FieldPolicy; expiryDatePolicy: FieldPolicy } = {
    cvcPolicy: 'required',
    expiryDatePolicy: 'required',
  };
  private brand: string | undefined;
  status: ElementStatus = 'loading';

  constructor(
    readonly checkout: Checkout,
    private options: CustomCardOptions = {},
  ) {}

  /** The checkout's callbacks with this component's own over them. */
  get callbacks(): CheckoutCallbacks {
    return { ...this.checkout.options, ...this.options };
  }

  /** @internal */
  get session() {
    return this.checkout.session;
  }

  /** Puts a gateway frame into every `[data-cse]` element inside the target. */
  mount(target: string | HTMLElement): this {
    const root = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
    if (!root)
      throw new CheckoutError(
        'IMPLEMENTATION_ERROR',
        `Component could not mount. Root node was not found: ${String(target)}`,
      );
    const specs = Array.from(root.querySelectorAll<HTMLElement>('[data-cse]')).map((container) => ({
      fieldType: container.dataset.cse as FieldType,
      container,
      ariaLabel: container.getAttribute('aria-label') ?? container.dataset.cse ?? '',
    }));
    this.fieldTypes = specs.map((spec) => spec.fieldType);
    this.controller?.destroy();
    this.controller = new SecuredFieldsController(
      {
        loadingContext: this.checkout.loadingContext,
        gatewayOrigin: this.checkout.gatewayOrigin,
        clientKey: this.checkout.clientKey,
        txVariant: 'card',
        supportedBrands: this.options.brands ?? DEFAULT_CARD_BRANDS,
        styles: securedFieldStyles(this.checkout.options, this.options.styles),
      },
      {
        onAllConfigured: () => {
          this.status = 'ready';
          this.options.onConfigSuccess?.();
        },
        onFailure: (error) => this.callbacks.onError?.(error, this),
        onEncryption: (fieldType, blobs, card) => {
          this.blobs[fieldType] = Object.fromEntries(blobs.map((blob) => [blob.type, blob.blob]));
          delete this.errors[fieldType];
          if (card.brand) this.brand = card.brand;
          this.options.onFieldValid?.({
            fieldType,
            valid: true,
            ...(card.endDigits ? { endDigits: card.endDigits } : {}),
          });
          this.emitChange();
        },
        onValidation: (fieldType, error, revoked) => {
          if (revoked || error) delete this.blobs[fieldType];
          if (error) this.errors[fieldType] = error;
          else delete this.errors[fieldType];
          if (revoked) this.options.onFieldValid?.({ fieldType, valid: false });
          if (error) this.options.onValidationError?.([{ fieldType, error }]);
          this.emitChange();
        },
        onBrand: (brand, policies) => {
          this.brand = brand ?? undefined;
          this.policies = policies;
          this.controller?.setBrand(brand ?? 'card', policies);
          this.options.onBrand?.({ brand, ...policies });
        },
        onBinValue: () => {},
        onFocus: (fieldType, focus) => this.options.onFocus?.({ fieldType, focus }),
        onShiftTab: () => {},
        onEnterKeyPressed: () => void this.submit(),
        onAutoComplete: () => {},
      },
    );
    this.controller.start(specs);
    return this;
  }

  private emitChange() {
    this.callbacks.onChange?.({ data: this.data, isValid: this.isValid }, this);
  }

  get isValid(): boolean {
    return this.fieldTypes.every((fieldType) => {
      if (this.errors[fieldType]) return false;
      const optional =
        (fieldType === 'encryptedSecurityCode' && this.policies.cvcPolicy !== 'required') ||
        (fieldType.startsWith('encryptedExpiry') && this.policies.expiryDatePolicy !== 'required');
      return optional || Object.keys(this.blobs[fieldType] ?? {}).length > 0;
    });
  }

  get data(): PaymentData {
    const blobs = Object.assign({}, ...Object.values(this.blobs)) as Record<string, string>;
    const clientData = this.checkout.risk.clientData;
    return {
      paymentMethod: { type: 'scheme', ...blobs, ...(this.brand ? { brand: this.brand } : {}) },
      browserInfo: collectBrowserInfo(),
      origin: window.location.origin,
      ...(clientData ? { riskData: { clientData } } : {}),
      clientStateDataIndicator: true,
    };
  }

  /** The payment data with the encrypted card, as the payments call sends it. */
  paymentData(): Promise<PaymentData> {
    return Promise.resolve(this.data);
  }

  /** Pays (the merchant's own button calls this). */
  submit(): Promise<void> {
    return submitPayment(this);
  }

  /** Asks every frame to report its error, as on leaving it. */
  showValidation(): void {
    this.controller?.validateAll();
  }

  /** Records the status; the merchant's markup shows it. */
  setStatus(status: ElementStatus): void {
    this.status = status;
  }

  /** Shows a payments answer's action (3-D Secure …) after the fields. */
  handleAction(action: PaymentAction): void {
    this.callbacks.onActionHandled?.({ componentType: action.type, actionDescription: 'custom-card-action' });
    const host = document.createElement('div');
    document.body.appendChild(host);
    this.checkout
      .createFromAction(action, { onAdditionalDetails: this.options.onAdditionalDetails })
      .mount(host);
  }

  onFinalResult(_kind: 'success' | 'failure', _response: PaymentResponse | undefined): void {
    this.status = 'ready';
  }

  /** @internal */
  updateOrder(order: Order): void {
    this.checkout.order = order;
  }

  /** Removes the frames. */
  unmount(): this {
    this.controller?.destroy();
    this.controller = undefined;
    return this;
  }

  /** Removes the frames and any action in progress. */
  remove(): void {
    this.unmount();
  }
}
