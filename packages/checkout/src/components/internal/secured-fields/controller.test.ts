import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import {
  CLIENT_KEY,
  type FakeFrames,
  GATEWAY_ORIGIN,
  GATEWAY_URL,
  installFakeFrames,
} from '../../../test/fake-gateway.ts';
import {
  CONFIG_FAILURE_MESSAGE,
  LOAD_FAILURE_MESSAGE,
  SECURED_FIELDS_TIMEOUTS,
  SecuredFieldsController,
  type SecuredFieldsEvents,
} from './controller.ts';

let frames: FakeFrames;
let events: { [K in keyof SecuredFieldsEvents]-?: Mock<(...args: unknown[]) => void> };
let controller: SecuredFieldsController;

function start() {
  const containers = ['encryptedCardNumber', 'encryptedExpiryDate', 'encryptedSecurityCode'].map(
    (fieldType) => {
      const container = document.createElement('span');
      document.body.appendChild(container);
      return { fieldType: fieldType as 'encryptedCardNumber', container, ariaLabel: fieldType };
    },
  );
  controller.start(containers);
}

beforeEach(() => {
  document.body.replaceChildren();
  frames = installFakeFrames();
  events = {
    onAllConfigured: vi.fn(),
    onFailure: vi.fn(),
    onEncryption: vi.fn(),
    onValidation: vi.fn(),
    onBrand: vi.fn(),
    onBinValue: vi.fn(),
    onFocus: vi.fn(),
    onShiftTab: vi.fn(),
    onEnterKeyPressed: vi.fn(),
    onAutoComplete: vi.fn(),
    onTouch: vi.fn(),
  };
  controller = new SecuredFieldsController(
    {
      loadingContext: GATEWAY_URL,
      gatewayOrigin: GATEWAY_ORIGIN,
      clientKey: CLIENT_KEY,
      txVariant: 'card',
      supportedBrands: ['visa', 'mc'],
      pageOrigin: 'http://shop.test',
    },
    events,
  );
});
afterEach(() => {
  controller.destroy();
  vi.useRealTimers();
});

describe('secured fields, parent side', () => {
  it('loads one gateway frame per field and configures each with its own key, to the gateway origin only', () => {
    start();
    const all = frames.all();
    expect(all).toHaveLength(3);
    expect(all[0]?.src).toBe(
      `${GATEWAY_URL}securedfields/${CLIENT_KEY}/1.0.0/securedFields.html?type=card&origin=http%3A%2F%2Fshop.test`,
    );
    for (const iframe of all) frames.load(iframe);
    const configs = all.map((iframe) => frames.received(iframe)[0]);
    expect(configs.map((config) => config?.action)).toEqual(['config', 'config', 'config']);
    expect(new Set(configs.map((config) => config?.numKey)).size).toBe(3);
    expect(configs[0]).toMatchObject({
      fieldType: 'encryptedCardNumber',
      supportedBrands: ['visa', 'mc'],
      txVariant: 'card',
    });
    expect(all.flatMap((iframe) => frames.windowOf(iframe).targetOrigins)).toEqual([
      GATEWAY_ORIGIN,
      GATEWAY_ORIGIN,
      GATEWAY_ORIGIN,
    ]);
  });

  it('is configured when every frame has answered', () => {
    start();
    frames.configureAll();
    expect(events.onAllConfigured).toHaveBeenCalledOnce();
    expect(controller.isConfigured).toBe(true);
  });

  it('ignores messages from another origin, with another key or from another window', () => {
    start();
    frames.configureAll();
    const number = frames.byField('encryptedCardNumber');
    frames.send(
      number,
      { action: 'encryption', encrypted: [{ type: 'encryptedCardNumber', blob: 'x' }] } as never,
      'http://evil.test',
    );
    frames.send(number, {
      action: 'encryption',
      numKey: 'guessed',
      encrypted: [{ type: 'encryptedCardNumber', blob: 'x' }],
    } as never);
    const numKey = (frames.received(number)[0] as { numKey: string }).numKey;
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: GATEWAY_ORIGIN,
        source: frames.byField('encryptedSecurityCode').contentWindow as unknown as Window,
        data: JSON.stringify({
          action: 'encryption',
          numKey,
          fieldType: 'encryptedCardNumber',
          encrypted: [],
        }),
      }),
    );
    window.dispatchEvent(
      new MessageEvent('message', { origin: GATEWAY_ORIGIN, data: { action: 'encryption' } }),
    );
    expect(events.onEncryption).not.toHaveBeenCalled();
    frames.encrypt('encryptedCardNumber', { brand: 'visa', endDigits: '1111' });
    expect(events.onEncryption).toHaveBeenCalledWith(
      'encryptedCardNumber',
      [{ type: 'encryptedCardNumber', blob: 'jwe-encryptedCardNumber' }],
      {
        brand: 'visa',
        endDigits: '1111',
      },
    );
  });

  it('routes every frame message (validation, brand, binValue, focus, shifttab, enter, autoComplete, touch)', () => {
    start();
    frames.configureAll();
    const number = frames.byField('encryptedCardNumber');
    frames.send(number, { action: 'validation', error: 'cc.num.902', revoked: true } as never);
    frames.send(number, {
      action: 'brand',
      brand: 'amex',
      cvcPolicy: 'required',
      expiryDatePolicy: 'required',
      cvcLength: 4,
    } as never);
    frames.send(number, { action: 'binValue', encryptedBin: 'jwe-bin', uuid: 'u1' } as never);
    frames.send(number, { action: 'focus', focus: true } as never);
    frames.send(number, { action: 'shifttab' });
    frames.send(number, { action: 'enterKeyPressed' });
    frames.send(number, { action: 'autoComplete', name: 'cc-name', value: 'J Smith' } as never);
    frames.send(number, { action: 'touch' });
    expect(events.onValidation).toHaveBeenCalledWith('encryptedCardNumber', 'cc.num.902', true);
    expect(events.onBrand).toHaveBeenCalledWith('amex', {
      cvcPolicy: 'required',
      expiryDatePolicy: 'required',
    });
    expect(events.onBinValue).toHaveBeenCalledWith('jwe-bin', 'u1');
    expect(events.onFocus).toHaveBeenCalledWith('encryptedCardNumber', true);
    expect(events.onShiftTab).toHaveBeenCalledWith('encryptedCardNumber');
    expect(events.onEnterKeyPressed).toHaveBeenCalled();
    expect(events.onAutoComplete).toHaveBeenCalledWith('cc-name', 'J Smith');
    expect(events.onTouch).toHaveBeenCalled();
  });

  it('sends brand, focus and validate to the frames', () => {
    start();
    frames.configureAll();
    controller.setBrand('amex', { cvcPolicy: 'required' });
    controller.focus('encryptedExpiryDate');
    controller.validateAll();
    const cvc = frames.received(frames.byField('encryptedSecurityCode'));
    expect(cvc.map((message) => message.action)).toEqual(['config', 'brand', 'validate']);
    expect(cvc[1]).toMatchObject({ brand: 'amex', cvcPolicy: 'required' });
    expect(frames.received(frames.byField('encryptedExpiryDate')).map((message) => message.action)).toEqual([
      'config',
      'brand',
      'focus',
      'validate',
    ]);
    expect(frames.received(frames.byField('encryptedCardNumber')).map((message) => message.action)).toEqual([
      'config',
      'validate',
    ]);
  });

  it('fails with "secured field iframes have failed to load" after 30 s without load', async () => {
    vi.useFakeTimers();
    start();
    await vi.advanceTimersByTimeAsync(SECURED_FIELDS_TIMEOUTS.loadMs - 1);
    expect(events.onFailure).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(events.onFailure.mock.calls[0]?.[0]).toMatchObject({
      type: 'ERROR',
      message: LOAD_FAILURE_MESSAGE,
      options: { code: 'csfLoadFailure' },
    });
  });

  it('fails with "secured fields have failed to configure" 15 s after loading, and warns per frame after 6 s', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    start();
    for (const iframe of frames.all()) frames.load(iframe);
    frames.send(frames.byField('encryptedCardNumber'), { action: 'config' });
    await vi.advanceTimersByTimeAsync(SECURED_FIELDS_TIMEOUTS.perFrameConfigMs);
    expect(warn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(
      SECURED_FIELDS_TIMEOUTS.configureMs - SECURED_FIELDS_TIMEOUTS.perFrameConfigMs,
    );
    expect(events.onFailure.mock.calls[0]?.[0]).toMatchObject({
      message: CONFIG_FAILURE_MESSAGE,
      options: { code: 'csfConfigFailure' },
    });
    expect(events.onAllConfigured).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('destroys the fields when a frame loads other content', () => {
    start();
    frames.configureAll();
    frames.load(frames.byField('encryptedCardNumber'));
    expect(events.onFailure).toHaveBeenCalledOnce();
  });

  it('destroy() removes frames, listeners and timers', async () => {
    vi.useFakeTimers();
    start();
    frames.configureAll();
    const number = frames.byField('encryptedCardNumber');
    controller.destroy();
    expect(frames.received(number).at(-1)?.action).toBe('destroy');
    expect(frames.all()).toHaveLength(0);
    frames.send(number, { action: 'encryption', encrypted: [] } as never);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(events.onEncryption).not.toHaveBeenCalled();
    expect(events.onFailure).not.toHaveBeenCalled();
  });
});
