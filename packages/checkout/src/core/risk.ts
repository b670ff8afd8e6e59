/** The device fingerprint gives up after 20 s and reports `df-timedOut`. */
export const DEVICE_FINGERPRINT_TIMEOUT_MS = 20_000;
export const DEVICE_FINGERPRINT_TIMED_OUT = 'df-timedOut';
const RISK_DATA_VERSION = '1.0.0';

/** `risk` of `createCheckout`: the device fingerprint in a hidden gateway frame. */
export interface RiskOptions {
  enabled?: boolean;
  /** Where the hidden frame goes; defaults to document.body. */
  node?: string | HTMLElement;
  /** The fingerprint failed (the widget reports it to analytics). */
  onError?: (error: Error) => void;
}

/**
 * Risk module: a hidden frame on the gateway computes a device fingerprint and posts it back. The
 * message is accepted only from the gateway's origin and only as a `{type:'deviceFingerprint'}` object.
 */
export class RiskModule {
  private deviceFingerprint: string | undefined;
  private frame: HTMLIFrameElement | undefined;
  private cleanup: (() => void) | undefined;

  constructor(
    private readonly loadingContext: string,
    private readonly origin: string,
    private readonly clientKey: string,
    private readonly options: RiskOptions = {},
  ) {}

  get enabled() {
    return this.options.enabled !== false;
  }

  /** Starts fingerprinting (once); resolves when a value or the time-out arrives. */
  start(): Promise<void> {
    if (!this.enabled || this.frame || typeof document === 'undefined') return Promise.resolve();
    const parent =
      typeof this.options.node === 'string'
        ? document.querySelector(this.options.node)
        : (this.options.node ?? document.body);
    if (!parent) {
      this.options.onError?.(new Error('RiskModule node was not found'));
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const frame = document.createElement('iframe');
      frame.title = 'Device fingerprint';
      frame.setAttribute('aria-hidden', 'true');
      frame.tabIndex = -1;
      frame.className = 'actuate-checkout__risk-frame';
      frame.src = `${this.loadingContext}assets/html/${encodeURIComponent(this.clientKey)}/dfp.1.0.0.html`;
      const finish = (value: string, error?: string) => {
        this.deviceFingerprint = value;
        if (error) this.options.onError?.(new Error(error));
        this.cleanup?.();
        resolve();
      };
      const onMessage = (event: MessageEvent) => {
        if (event.origin !== this.origin) return;
        const data = typeof event.data === 'string' ? safeParse(event.data) : event.data;
        if (!data || typeof data !== 'object' || (data as { type?: unknown }).type !== 'deviceFingerprint')
          return;
        const value = (data as { deviceFingerprint?: unknown }).deviceFingerprint;
        if (typeof value !== 'string')
          return finish(DEVICE_FINGERPRINT_TIMED_OUT, 'missing expected properties');
        finish(value);
      };
      const timer = setTimeout(
        () => finish(DEVICE_FINGERPRINT_TIMED_OUT, 'iframe loading timed out'),
        DEVICE_FINGERPRINT_TIMEOUT_MS,
      );
      window.addEventListener('message', onMessage);
      this.cleanup = () => {
        clearTimeout(timer);
        window.removeEventListener('message', onMessage);
        this.cleanup = undefined;
      };
      this.frame = frame;
      parent.appendChild(frame);
    });
  }

  /** riskData.clientData: base64 of JSON {version, deviceFingerprint, persistentCookie, components}. */
  get clientData(): string | undefined {
    if (!this.enabled) return undefined;
    const data = {
      version: RISK_DATA_VERSION,
      deviceFingerprint: this.deviceFingerprint ?? null,
      persistentCookie: [],
      components: {},
    };
    return btoa(JSON.stringify(data));
  }

  destroy(): void {
    this.cleanup?.();
    this.frame?.remove();
    this.frame = undefined;
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
