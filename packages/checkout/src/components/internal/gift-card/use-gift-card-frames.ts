import { useEffect, useRef, useState } from 'react';
import { resolveTheme } from '../../../core/theme.ts';
import { SecuredFieldsController } from '../secured-fields/controller.ts';
import type { GiftCardElement } from './gift-card-element.tsx';

export type GiftCardField = 'encryptedCardNumber' | 'encryptedExpiryDate' | 'encryptedSecurityCode';

export interface GiftCardFrameState {
  blobs: Record<string, string>;
  /** The frame's error code (cc.num.901 …), '' when none. */
  error: string;
  /** Errors show after blur or showValidation, never while typing. */
  shown: boolean;
  focused: boolean;
}

export const GIFT_CARD_LABEL_KEY: Record<GiftCardField, string> = {
  encryptedCardNumber: 'giftcard.numberField.title',
  encryptedExpiryDate: 'creditCard.expiryDateField.title',
  encryptedSecurityCode: 'giftcard.pinField.title',
};

/** The error a field shows on showValidation when it has no value yet. */
export const GIFT_CARD_REQUIRED_ERROR: Record<GiftCardField, string> = {
  encryptedCardNumber: 'cc.num.900',
  encryptedExpiryDate: 'cc.dat.910',
  encryptedSecurityCode: 'cc.cvc.920',
};

/** The frames' codes, worded for a gift card (a PIN, not a security code). */
const GIFT_CARD_ERROR_TEXT: Record<string, string> = {
  'cc.num.900': 'giftcard.numberField.empty',
  'cc.num.901': 'giftcard.numberField.invalid',
  'cc.cvc.920': 'giftcard.pinField.empty',
  'cc.cvc.921': 'giftcard.pinField.invalid',
};
export const giftCardErrorKey = (code: string) => GIFT_CARD_ERROR_TEXT[code] ?? code;

const emptyField = (): GiftCardFrameState => ({ blobs: {}, error: '', shown: false, focused: false });
const emptyFields = (names: GiftCardField[]) =>
  Object.fromEntries(names.map((name) => [name, emptyField()])) as Record<GiftCardField, GiftCardFrameState>;

/**
 * The number, PIN (and meal-voucher expiry) frames on the gateway's origin, in gift-card mode (no
 * brand, no BIN lookup, no Luhn): created after mount, destroyed on unmount or reset.
 */
export function useGiftCardFrames(element: GiftCardElement, names: GiftCardField[], resetRequest: number) {
  const { checkout } = element;
  const { i18n } = checkout;
  const [configured, setConfigured] = useState(false);
  const [failed, setFailed] = useState(false);
  const [fields, setFields] = useState(() => emptyFields(names));
  const containers = useRef<Partial<Record<GiftCardField, HTMLSpanElement | null>>>({});
  const controllerRef = useRef<SecuredFieldsController | undefined>(undefined);
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  const namesKey = names.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: frames are rebuilt only on reset or another field set.
  useEffect(() => {
    setFields(emptyFields(names));
    const specs = names.flatMap((fieldType) => {
      const container = containers.current[fieldType];
      return container ? [{ fieldType, container, ariaLabel: i18n.get(GIFT_CARD_LABEL_KEY[fieldType]) }] : [];
    });
    setConfigured(false);
    setFailed(false);
    const update = (
      name: GiftCardField,
      change: (field: GiftCardFrameState) => Partial<GiftCardFrameState>,
    ) => setFields((current) => ({ ...current, [name]: { ...current[name], ...change(current[name]) } }));
    const controller = new SecuredFieldsController(
      {
        loadingContext: checkout.loadingContext,
        gatewayOrigin: checkout.gatewayOrigin,
        clientKey: checkout.clientKey,
        // The frame switches to gift-card rules on this variant (src/secured-fields/fields.ts).
        txVariant: element.frameVariant,
        supportedBrands: [],
        styles: { ...resolveTheme(checkout.options.theme).frameStyles, ...(element.props.styles ?? {}) },
      },
      {
        onAllConfigured: () => setConfigured(true),
        onFailure: (error) => {
          setFailed(true);
          checkout.liveRegion.announce(i18n.get('secured-fields.loadFailure'));
          element.callbacks.onError?.(error, element);
        },
        onEncryption: (fieldType, blobs) => {
          update(fieldType as GiftCardField, () => ({
            blobs: Object.fromEntries(blobs.map((blob) => [blob.type, blob.blob])),
            error: '',
          }));
        },
        onValidation: (fieldType, error, revoked) => {
          const name = fieldType as GiftCardField;
          update(name, (field) => ({
            blobs: revoked || error ? {} : field.blobs,
            error,
            shown: field.shown || (!!error && !field.focused),
          }));
          if (error && error !== fieldsRef.current[name]?.error)
            checkout.liveRegion.announce(
              `${i18n.get(GIFT_CARD_LABEL_KEY[name])}: ${i18n.get(giftCardErrorKey(error))}`,
            );
        },
        onBrand: () => undefined,
        onBinValue: () => undefined,
        onFocus: (fieldType, focus) => {
          update(fieldType as GiftCardField, (field) => ({
            focused: focus,
            shown: focus ? field.shown : !!field.error,
          }));
        },
        onShiftTab: (fieldType) => {
          const previous = names[names.indexOf(fieldType as GiftCardField) - 1];
          if (previous) controller.focus(previous);
        },
        onEnterKeyPressed: () => void element.submit(),
        onAutoComplete: () => undefined,
      },
    );
    controllerRef.current = controller;
    controller.start(specs);
    return () => {
      controller.destroy();
      controllerRef.current = undefined;
    };
  }, [checkout, element, namesKey, resetRequest]);

  return { configured, failed, fields, setFields, containers, controllerRef };
}
