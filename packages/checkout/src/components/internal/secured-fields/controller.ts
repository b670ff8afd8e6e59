import { CheckoutError } from '../../../core/errors.ts';
import { sanitizeFieldStyles } from '../../../secured-fields/frame-styles.ts';
import type {
  EncryptedBlob,
  FieldPolicy,
  FieldType,
  FrameMessage,
  ParentMessage,
} from '../../../secured-fields/protocol.ts';

export type { EncryptedBlob, FieldPolicy, FieldType, FrameMessage };

/** Frames must load within 30 s, configure within 15 s of loading, each within 6 s. */
export const SECURED_FIELDS_TIMEOUTS = { loadMs: 30_000, configureMs: 15_000, perFrameConfigMs: 6_000 };
/**
 * The frame-protocol version in the frame URL (`securedfields/{clientKey}/1.0.0/…`), not the package
 * version: the gateway serves our frames for exactly this and the official adyen-web protocol for any
 * other, so it stays 1.0.0 whatever package.json says.
 */
export const SECURED_FIELDS_VERSION = '1.0.0';
export const LOAD_FAILURE_MESSAGE = 'secured field iframes have failed to load';
export const CONFIG_FAILURE_MESSAGE = 'secured fields have failed to configure';

export interface SecuredFieldSpec {
  fieldType: FieldType;
  /** The placeholder element the frame goes into. */
  container: HTMLElement;
  ariaLabel: string;
  placeholder?: string;
}

export interface SecuredFieldsEvents {
  onAllConfigured(): void;
  onFailure(error: CheckoutError): void;
  onEncryption(
    fieldType: FieldType,
    blobs: EncryptedBlob[],
    card: { brand?: string; endDigits?: string },
  ): void;
  onValidation(fieldType: FieldType, error: string, revoked: boolean): void;
  onBrand(brand: string | null, policies: { cvcPolicy: FieldPolicy; expiryDatePolicy: FieldPolicy }): void;
  onBinValue(encryptedBin: string, requestId: string): void;
  onFocus(fieldType: FieldType, focus: boolean): void;
  onShiftTab(fieldType: FieldType): void;
  onEnterKeyPressed(fieldType: FieldType): void;
  onAutoComplete(name: string, value: string): void;
  onTouch?(fieldType: FieldType): void;
}

export interface SecuredFieldsOptions {
  loadingContext: string;
  gatewayOrigin: string;
  clientKey: string;
  txVariant: string;
  supportedBrands: string[];
  cvcPolicy?: FieldPolicy;
  expiryDatePolicy?: FieldPolicy;
  /** The inputs inside the frames per state, e.g. `{ base: { 'font-size': '16px' } }`. */
  styles?: unknown;
  /** Only for tests: the page origin the gateway writes into the frame. */
  pageOrigin?: string;
}

interface FrameRecord {
  spec: SecuredFieldSpec;
  numKey: string;
  iframe: HTMLIFrameElement;
  loaded: boolean;
  configured: boolean;
  configTimer?: ReturnType<typeof setTimeout>;
}

function randomKey(): string {
  const bytes = new Uint32Array(2);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (value) => value.toString(36)).join('');
}

/**
 * The parent side of the secured-field protocol (src/secured-fields/protocol.ts): creates one
 * gateway frame per field, configures it with a random per-field key, accepts a message only from
 * the gateway origin, from that frame's window and with that frame's key, and enforces the load and
 * configure time-outs. `destroy()` clears every timer and listener (StrictMode and remounts are clean).
 */
export class SecuredFieldsController {
  private frames: FrameRecord[] = [];
  private loadTimer: ReturnType<typeof setTimeout> | undefined;
  private configureTimer: ReturnType<typeof setTimeout> | undefined;
  private failed = false;
  private allConfigured = false;

  constructor(
    private readonly options: SecuredFieldsOptions,
    private readonly events: SecuredFieldsEvents,
  ) {}

  get frameUrl(): string {
    const { loadingContext, clientKey, txVariant, pageOrigin } = this.options;
    const query = new URLSearchParams({ type: txVariant, origin: pageOrigin ?? window.location.origin });
    return `${loadingContext}securedfields/${encodeURIComponent(clientKey)}/${SECURED_FIELDS_VERSION}/securedFields.html?${query}`;
  }

  get isConfigured(): boolean {
    return this.allConfigured;
  }

  start(fields: SecuredFieldSpec[]): void {
    this.destroy();
    this.failed = false;
    window.addEventListener('message', this.onMessage);
    this.loadTimer = setTimeout(() => this.fail(LOAD_FAILURE_MESSAGE), SECURED_FIELDS_TIMEOUTS.loadMs);
    for (const spec of fields) this.frames.push(this.createFrame(spec));
  }

  private createFrame(spec: SecuredFieldSpec): FrameRecord {
    const iframe = document.createElement('iframe');
    iframe.className = 'actuate-checkout__secured-frame';
    iframe.title = spec.ariaLabel;
    iframe.setAttribute('allowtransparency', 'true');
    iframe.setAttribute('referrerpolicy', 'origin');
    const record: FrameRecord = { spec, numKey: randomKey(), iframe, loaded: false, configured: false };
    iframe.addEventListener('load', () => this.onFrameLoad(record));
    iframe.src = this.frameUrl;
    spec.container.replaceChildren(iframe);
    return record;
  }

  private onFrameLoad(record: FrameRecord): void {
    if (this.failed) return;
    if (record.loaded) {
      // A frame that loads other content afterwards is no longer ours; the fields are destroyed.
      this.fail(LOAD_FAILURE_MESSAGE);
      return;
    }
    record.loaded = true;
    this.post(record, this.configMessage(record));
    record.configTimer = setTimeout(() => {
      if (!record.configured) {
        console.warn(`Actuate checkout: the ${record.spec.fieldType} frame did not configure within 6 s.`);
      }
    }, SECURED_FIELDS_TIMEOUTS.perFrameConfigMs);
    if (this.frames.every((frame) => frame.loaded)) {
      clearTimeout(this.loadTimer);
      this.configureTimer = setTimeout(
        () => this.fail(CONFIG_FAILURE_MESSAGE),
        SECURED_FIELDS_TIMEOUTS.configureMs,
      );
    }
  }

  private configMessage(record: FrameRecord): ParentMessage {
    const { txVariant, supportedBrands, cvcPolicy, expiryDatePolicy } = this.options;
    // Only the allowlisted declarations cross into the frame (the frame checks them again).
    const styles = sanitizeFieldStyles(this.options.styles).styles;
    return {
      action: 'config',
      numKey: record.numKey,
      fieldType: record.spec.fieldType,
      txVariant,
      supportedBrands,
      ...(cvcPolicy ? { cvcPolicy } : {}),
      ...(expiryDatePolicy ? { expiryDatePolicy } : {}),
      ariaLabel: record.spec.ariaLabel,
      ...(record.spec.placeholder ? { placeholder: record.spec.placeholder } : {}),
      ...(Object.keys(styles).length > 0 ? { styles } : {}),
    };
  }

  private post(record: FrameRecord, message: ParentMessage): void {
    // Never '*': only the gateway origin may read what we send.
    record.iframe.contentWindow?.postMessage(JSON.stringify(message), this.options.gatewayOrigin);
  }

  private fail(message: string): void {
    if (this.failed) return;
    this.failed = true;
    clearTimeout(this.loadTimer);
    clearTimeout(this.configureTimer);
    this.events.onFailure(
      new CheckoutError('ERROR', message, {
        code: message === LOAD_FAILURE_MESSAGE ? 'csfLoadFailure' : 'csfConfigFailure',
      }),
    );
  }

  private onMessage = (event: MessageEvent): void => {
    if (event.origin !== this.options.gatewayOrigin || typeof event.data !== 'string') return;
    let message: FrameMessage;
    try {
      message = JSON.parse(event.data) as FrameMessage;
    } catch {
      return;
    }
    if (!message || typeof message !== 'object' || typeof message.numKey !== 'string') return;
    const record = this.frames.find(
      (frame) =>
        frame.numKey === message.numKey &&
        frame.spec.fieldType === message.fieldType &&
        event.source === frame.iframe.contentWindow,
    );
    if (!record || this.failed) return;
    this.handle(record, message);
  };

  private handle(record: FrameRecord, message: FrameMessage): void {
    const { fieldType } = record.spec;
    switch (message.action) {
      case 'config':
        record.configured = true;
        clearTimeout(record.configTimer);
        if (!this.allConfigured && this.frames.every((frame) => frame.configured)) {
          this.allConfigured = true;
          clearTimeout(this.configureTimer);
          this.events.onAllConfigured();
        }
        return;
      case 'encryption':
        this.events.onEncryption(fieldType, message.encrypted, {
          ...(message.brand ? { brand: message.brand } : {}),
          ...(message.endDigits ? { endDigits: message.endDigits } : {}),
        });
        return;
      case 'validation':
        this.events.onValidation(fieldType, message.error, message.revoked);
        return;
      case 'brand':
        this.events.onBrand(message.brand, {
          cvcPolicy: message.cvcPolicy,
          expiryDatePolicy: message.expiryDatePolicy,
        });
        return;
      case 'binValue':
        this.events.onBinValue(message.encryptedBin, message.uuid);
        return;
      case 'focus':
        this.events.onFocus(fieldType, message.focus);
        return;
      case 'shifttab':
        this.events.onShiftTab(fieldType);
        return;
      case 'enterKeyPressed':
        this.events.onEnterKeyPressed(fieldType);
        return;
      case 'autoComplete':
        this.events.onAutoComplete(message.name, message.value);
        return;
      case 'touch':
        this.events.onTouch?.(fieldType);
        return;
    }
  }

  /** Tells the security-code and date frames which brand the card is (cvc length and policies). */
  setBrand(brand: string, policies: { cvcPolicy?: FieldPolicy; expiryDatePolicy?: FieldPolicy }): void {
    for (const record of this.frames) {
      if (record.spec.fieldType === 'encryptedCardNumber' || !record.configured) continue;
      this.post(record, { action: 'brand', numKey: record.numKey, brand, ...policies });
    }
  }

  focus(fieldType: FieldType): void {
    const record = this.frames.find((frame) => frame.spec.fieldType === fieldType);
    if (record?.configured) this.post(record, { action: 'focus', numKey: record.numKey, focus: true });
    else record?.iframe.focus();
  }

  /** Asks every frame to validate as on blur: empty and incomplete fields report their errors. */
  validateAll(): void {
    for (const record of this.frames) {
      if (record.configured) this.post(record, { action: 'validate', numKey: record.numKey });
    }
  }

  destroy(): void {
    window.removeEventListener('message', this.onMessage);
    clearTimeout(this.loadTimer);
    clearTimeout(this.configureTimer);
    for (const record of this.frames) {
      clearTimeout(record.configTimer);
      if (record.configured) this.post(record, { action: 'destroy', numKey: record.numKey });
      record.iframe.remove();
    }
    this.frames = [];
    this.allConfigured = false;
  }
}
