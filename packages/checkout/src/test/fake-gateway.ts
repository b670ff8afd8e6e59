/**
 * Test doubles for the gateway in happy-dom: a routed fetch, and secured-field frames whose
 * windows record what the parent posts and can answer as the real frame would.
 */
import { vi } from 'vitest';
import type { FieldType, FrameMessage, ParentMessage } from '../secured-fields/protocol.ts';

export const GATEWAY_ORIGIN = 'http://gateway.test';
export const GATEWAY_URL = `${GATEWAY_ORIGIN}/`;
export const CLIENT_KEY = 'sandbox_client_actuate';

type Handler = (body: unknown, url: URL) => unknown | Promise<unknown>;
export interface FetchRoute {
  status?: number;
  handler: Handler;
}

export interface FakeFetch {
  calls: { url: URL; body: unknown }[];
  route(path: string, handler: Handler, status?: number): void;
  callsTo(path: string): { url: URL; body: unknown }[];
}

/** Replaces fetch: answers routed paths, 404s the rest, and records every call. */
export function installFakeFetch(): FakeFetch {
  const routes = new Map<string, FetchRoute>();
  const calls: { url: URL; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, body });
    const route = routes.get(url.pathname);
    if (!route)
      return new Response(
        JSON.stringify({ status: 404, errorCode: '404', message: 'Not found', errorType: 'validation' }),
        { status: 404 },
      );
    const payload = await route.handler(body, url);
    return new Response(JSON.stringify(payload), {
      status: route.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    calls,
    route: (path, handler, status) => routes.set(path, { handler, ...(status ? { status } : {}) }),
    callsTo: (path) => calls.filter((call) => call.url.pathname === path),
  };
}

interface FakeFrameWindow {
  received: ParentMessage[];
  postMessage(data: string, targetOrigin: string): void;
  targetOrigins: string[];
}

export interface FakeFrames {
  all(): HTMLIFrameElement[];
  byField(fieldType: FieldType): HTMLIFrameElement;
  received(iframe: HTMLIFrameElement): ParentMessage[];
  windowOf(iframe: HTMLIFrameElement): FakeFrameWindow;
  load(iframe: HTMLIFrameElement): void;
  /** Sends a frame → parent message with the frame's own key and field type. */
  send(
    iframe: HTMLIFrameElement,
    message: Partial<FrameMessage> & { action: FrameMessage['action'] },
    origin?: string,
  ): void;
  /** Loads every frame and answers every config message. */
  configureAll(): void;
  encrypt(fieldType: FieldType, extra?: Record<string, unknown>): void;
}

/** Gives each iframe a fake window (happy-dom does not load cross-origin pages). */
export function installFakeFrames(): FakeFrames {
  const windows = new WeakMap<HTMLIFrameElement, FakeFrameWindow>();
  Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
    configurable: true,
    get(this: HTMLIFrameElement) {
      let frameWindow = windows.get(this);
      if (!frameWindow) {
        const created: FakeFrameWindow = {
          received: [],
          targetOrigins: [],
          postMessage(data: string, targetOrigin: string) {
            created.received.push(JSON.parse(data) as ParentMessage);
            created.targetOrigins.push(targetOrigin);
          },
        };
        frameWindow = created;
        windows.set(this, frameWindow);
      }
      return frameWindow;
    },
  });
  const windowOf = (iframe: HTMLIFrameElement) => iframe.contentWindow as unknown as FakeFrameWindow;
  const config = (iframe: HTMLIFrameElement) =>
    windowOf(iframe).received.find((message) => message.action === 'config') as
      | Extract<ParentMessage, { action: 'config' }>
      | undefined;
  const all = () =>
    Array.from(document.querySelectorAll<HTMLIFrameElement>('iframe.actuate-checkout__secured-frame'));
  const frames: FakeFrames = {
    all,
    windowOf,
    received: (iframe) => windowOf(iframe).received,
    byField(fieldType) {
      const found = all().find((iframe) => config(iframe)?.fieldType === fieldType);
      if (!found) throw new Error(`no configured frame for ${fieldType}`);
      return found;
    },
    load: (iframe) => iframe.dispatchEvent(new Event('load')),
    send(iframe, message, origin = GATEWAY_ORIGIN) {
      const sent = config(iframe);
      const data = JSON.stringify({ numKey: sent?.numKey, fieldType: sent?.fieldType, ...message });
      window.dispatchEvent(
        new MessageEvent('message', { data, origin, source: iframe.contentWindow as unknown as Window }),
      );
    },
    configureAll() {
      for (const iframe of all()) frames.load(iframe);
      for (const iframe of all()) frames.send(iframe, { action: 'config' });
    },
    encrypt(fieldType, extra = {}) {
      const iframe = frames.byField(fieldType);
      const encrypted =
        fieldType === 'encryptedExpiryDate'
          ? [
              { type: 'encryptedExpiryMonth', blob: 'jwe-month' },
              { type: 'encryptedExpiryYear', blob: 'jwe-year' },
            ]
          : [{ type: fieldType, blob: `jwe-${fieldType}` }];
      frames.send(iframe, { action: 'encryption', encrypted, ...extra } as never);
    },
  };
  return frames;
}

export const sessionSetupResponse = (overrides: Record<string, unknown> = {}) => ({
  id: 'CS1234567890ABCDEF',
  sessionData: 'session-data-2',
  amount: { value: 1000, currency: 'EUR' },
  countryCode: 'NL',
  shopperLocale: 'en-US',
  paymentMethods: {
    paymentMethods: [{ type: 'scheme', name: 'Cards', brands: ['visa', 'mc', 'amex'] }],
    storedPaymentMethods: [],
  },
  configuration: {},
  ...overrides,
});

export const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));
