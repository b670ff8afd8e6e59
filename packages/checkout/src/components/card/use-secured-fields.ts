import { type MutableRefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CheckoutError } from '../../core/errors.ts';
import { securedFieldStyles } from '../../core/theme.ts';
import {
  type EncryptedBlob,
  type FieldPolicy,
  type FieldType,
  SecuredFieldsController,
} from '../internal/secured-fields/controller.ts';
import { type BinFacts, interpretBinLookup, lookUpBin } from './bin-lookup.ts';
import type { Card } from './card.tsx';
import { brandName, securityCodePolicy } from './card-brands.ts';
import type { CardOptions } from './card-options.ts';
import { isAnnouncedError } from './validators.ts';

export type SecuredFieldName = 'encryptedCardNumber' | 'encryptedExpiryDate' | 'encryptedSecurityCode';
export type CardFormFailure = 'csfLoadFailure' | 'csfConfigFailure';

export interface SecuredFieldState {
  blobs: Partial<Record<EncryptedBlob['type'], string>>;
  /** The frame's error code (listed in src/secured-fields/README.md), '' when none. */
  error: string;
  /** Errors show after blur or showValidation, never while the shopper is still typing. */
  shown: boolean;
  focused: boolean;
}

export const SECURED_FIELD_ORDER: SecuredFieldName[] = [
  'encryptedCardNumber',
  'encryptedExpiryDate',
  'encryptedSecurityCode',
];
export const LABEL_KEY: Record<SecuredFieldName, string> = {
  encryptedCardNumber: 'creditCard.numberField.title',
  encryptedExpiryDate: 'creditCard.expiryDateField.title',
  encryptedSecurityCode: 'creditCard.cvcField.title',
};

const emptySecuredField = (): SecuredFieldState => ({ blobs: {}, error: '', shown: false, focused: false });
const emptyFields = (): Record<SecuredFieldName, SecuredFieldState> => ({
  encryptedCardNumber: emptySecuredField(),
  encryptedExpiryDate: emptySecuredField(),
  encryptedSecurityCode: emptySecuredField(),
});

/** A stored card asks for the security code (and the expiry only when configured). */
export function visibleFieldsFor(options: CardOptions): SecuredFieldName[] {
  if (!options.storedPaymentMethodId) return SECURED_FIELD_ORDER;
  return options.storedCardRequiresExpiry
    ? ['encryptedExpiryDate', 'encryptedSecurityCode']
    : ['encryptedSecurityCode'];
}

export interface SecuredFields {
  configured: boolean;
  failure: CardFormFailure | undefined;
  fields: Record<SecuredFieldName, SecuredFieldState>;
  setFields: React.Dispatch<React.SetStateAction<Record<SecuredFieldName, SecuredFieldState>>>;
  /** Fields that get a frame (a stored card whose code is hidden has none). */
  framedFields: SecuredFieldName[];
  detectedBrand: string | undefined;
  reportedPolicies: { cvcPolicy?: FieldPolicy; expiryDatePolicy?: FieldPolicy };
  binFacts: BinFacts | undefined;
  selectedBrand: string | undefined;
  setSelectedBrand(brand: string | undefined): void;
  controllerRef: MutableRefObject<SecuredFieldsController | undefined>;
  containers: MutableRefObject<Partial<Record<SecuredFieldName, HTMLSpanElement | null>>>;
}

/**
 * The card's secured fields: the frames (created after mount, destroyed on unmount or reset, so
 * StrictMode and remounts are clean), their state, brand detection, BIN lookup and dual brand.
 */
export function useSecuredFields(
  element: Card,
  visibleFields: SecuredFieldName[],
  resetRequest: number,
  events: { onHolderNameAutofill(value: string): void },
): SecuredFields {
  const { checkout } = element;
  const { i18n } = checkout;
  const options = element.props;
  const stored = !!options.storedPaymentMethodId;
  const supportedBrands = element.supportedBrands;
  const [configured, setConfigured] = useState(false);
  const [failure, setFailure] = useState<CardFormFailure>();
  const [fields, setFields] = useState(emptyFields);
  const [detectedBrand, setDetectedBrand] = useState<string | undefined>(stored ? options.brand : undefined);
  const [reportedPolicies, setReportedPolicies] = useState<{
    cvcPolicy?: FieldPolicy;
    expiryDatePolicy?: FieldPolicy;
  }>({});
  const [binFacts, setBinFacts] = useState<BinFacts>();
  const [selectedBrand, setSelectedBrand] = useState<string>();
  // Frame events read the latest field state (to announce only errors that are new).
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  const containers = useRef<Partial<Record<SecuredFieldName, HTMLSpanElement | null>>>({});
  const controllerRef = useRef<SecuredFieldsController | undefined>(undefined);
  const latestBinRequest = useRef<string | undefined>(undefined);
  const storedCodeHidden =
    stored && securityCodePolicy(options.brand, { hideCVC: !!options.hideCVC }) === 'hidden';
  const framedFields = useMemo(
    () => visibleFields.filter((field) => !(storedCodeHidden && field === 'encryptedSecurityCode')),
    [visibleFields, storedCodeHidden],
  );

  // reset(): empty fields and forget the brand.
  useEffect(() => {
    if (resetRequest === 0) return;
    setFields(emptyFields());
    setBinFacts(undefined);
    setSelectedBrand(undefined);
    setDetectedBrand(stored ? options.brand : undefined);
  }, [resetRequest, stored, options.brand]);

  const announceField = useCallback(
    (name: SecuredFieldName, code: string) => {
      if (code && isAnnouncedError(code))
        checkout.liveRegion.announce(`${i18n.get(LABEL_KEY[name])}: ${i18n.get(code)}`);
    },
    [checkout, i18n],
  );

  // The secured-field frames: created after mount, destroyed on unmount or reset (StrictMode-safe).
  const brandsKey = supportedBrands.join(',');
  const framedKey = framedFields.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: frames are rebuilt only when their configuration changes, or on reset.
  useEffect(() => {
    const specs = framedFields.flatMap((fieldType) => {
      const container = containers.current[fieldType];
      return container
        ? [{ fieldType: fieldType as FieldType, container, ariaLabel: i18n.get(LABEL_KEY[fieldType]) }]
        : [];
    });
    setConfigured(specs.length === 0);
    setFailure(undefined);
    if (specs.length === 0) return;
    const controller = new SecuredFieldsController(
      {
        loadingContext: checkout.loadingContext,
        gatewayOrigin: checkout.gatewayOrigin,
        clientKey: checkout.clientKey,
        txVariant: element.txVariant === 'scheme' ? 'card' : element.txVariant,
        supportedBrands,
        ...(options.hideCVC ? { cvcPolicy: 'hidden' as const } : {}),
        ...(stored && options.brand
          ? { cvcPolicy: securityCodePolicy(options.brand, { hideCVC: !!options.hideCVC }) }
          : {}),
        // The checkout's theme and styles first, the card's own styles over them.
        styles: securedFieldStyles(checkout.options, options.styles),
      },
      {
        onAllConfigured: () => {
          setConfigured(true);
          if (stored && options.brand) controller.setBrand(options.brand, {});
          options.onConfigSuccess?.();
          if (options.autoFocus !== false && !options.isDropin && !stored)
            controller.focus('encryptedCardNumber');
        },
        onFailure: (error: CheckoutError) => {
          setFailure(error.options.code as CardFormFailure);
          checkout.liveRegion.announce(i18n.get('secured-fields.loadFailure'));
          element.callbacks.onError?.(error, element);
          checkout.analytics.send('errors', {
            type: 'securedFields',
            code: error.options.code ?? '',
            message: error.message,
          });
        },
        onEncryption: (fieldType, blobs, card) => {
          const name = fieldType as SecuredFieldName;
          setFields((current) => ({
            ...current,
            [name]: {
              ...current[name],
              blobs: Object.fromEntries(blobs.map((blob) => [blob.type, blob.blob])),
              error: '',
            },
          }));
          if (card.brand) setDetectedBrand(card.brand);
          options.onFieldValid?.({
            fieldType,
            valid: true,
            ...(card.endDigits ? { endDigits: card.endDigits } : {}),
          });
        },
        onValidation: (fieldType, error, revoked) => {
          const name = fieldType as SecuredFieldName;
          setFields((current) => ({
            ...current,
            [name]: {
              ...current[name],
              blobs: revoked || error ? {} : current[name].blobs,
              error,
              shown: current[name].shown || (!!error && !current[name].focused),
            },
          }));
          if (revoked) options.onFieldValid?.({ fieldType, valid: false });
          if (error !== fieldsRef.current[name].error) announceField(name, error);
        },
        onBrand: (detected, policies) => {
          setDetectedBrand(detected ?? undefined);
          setReportedPolicies(policies);
          setSelectedBrand(undefined);
          if (!detected) setBinFacts(undefined);
          controller.setBrand(detected ?? 'card', policies);
          options.onBrand?.({ brand: detected, ...policies });
          if (detected)
            checkout.liveRegion.announce(i18n.get('cardBrand.detected', { brand: brandName(detected) }));
        },
        onBinValue: (encryptedBin, requestId) => {
          if (options.disableBinLookup) return;
          latestBinRequest.current = requestId;
          lookUpBin(checkout.loadingContext, checkout.clientKey, {
            encryptedBin,
            requestId,
            supportedBrands,
            type: element.txVariant === 'scheme' ? 'card' : element.txVariant,
          })
            .then((response) => {
              if (latestBinRequest.current !== requestId) return;
              options.onBinLookup?.(response);
              const facts = interpretBinLookup(response);
              setBinFacts(facts);
              setSelectedBrand(undefined);
              if (facts?.unsupported) {
                setFields((current) => ({
                  ...current,
                  encryptedCardNumber: {
                    ...current.encryptedCardNumber,
                    blobs: {},
                    error: 'cc.num.903',
                    shown: true,
                  },
                }));
              } else if (facts?.brands[0]) {
                const first = facts.brands[0];
                controller.setBrand(first.brand, {
                  ...(first.cvcPolicy ? { cvcPolicy: first.cvcPolicy } : {}),
                  ...(first.expiryDatePolicy ? { expiryDatePolicy: first.expiryDatePolicy } : {}),
                });
              }
            })
            .catch((error: unknown) => console.warn('Actuate checkout: card lookup failed', error));
        },
        onFocus: (fieldType, focus) => {
          const name = fieldType as SecuredFieldName;
          setFields((current) => ({
            ...current,
            [name]: {
              ...current[name],
              focused: focus,
              shown: focus ? current[name].shown : !!current[name].error,
            },
          }));
          if (focus) options.onFocus?.({ fieldType });
          else options.onBlur?.({ fieldType });
        },
        onShiftTab: (fieldType) => {
          // Shift+Tab inside a frame: the previous frame's input, or whatever precedes the first frame.
          const index = specs.findIndex((spec) => spec.fieldType === fieldType);
          const previous = specs[index - 1];
          if (previous) controller.focus(previous.fieldType);
          else focusPrevious(containers.current[fieldType as SecuredFieldName] ?? null);
        },
        onEnterKeyPressed: () => {
          if (element.callbacks.onEnterKeyPressed)
            element.callbacks.onEnterKeyPressed(document.activeElement, element);
          else void element.submit();
        },
        onAutoComplete: (name, value) => {
          if (name === 'cc-name') events.onHolderNameAutofill(value);
        },
      },
    );
    controllerRef.current = controller;
    controller.start(specs);
    return () => {
      controller.destroy();
      controllerRef.current = undefined;
    };
  }, [checkout, element, brandsKey, framedKey, resetRequest]);

  return {
    configured,
    failure,
    fields,
    setFields,
    framedFields,
    detectedBrand,
    reportedPolicies,
    binFacts,
    selectedBrand,
    setSelectedBrand,
    controllerRef,
    containers,
  };
}

/** Moves focus to whatever is tabbable before the frame in `container`. */
function focusPrevious(container: HTMLElement | null) {
  if (!container) return;
  const tabbables = Array.from(
    document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, iframe, [tabindex]:not([tabindex="-1"])',
    ),
  ).filter((node) => !node.hasAttribute('disabled') && !node.closest('[hidden]'));
  const frame = container.querySelector('iframe');
  const index = frame ? tabbables.indexOf(frame) : -1;
  tabbables[index - 1]?.focus();
}
