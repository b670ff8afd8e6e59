import { useEffect, useRef, useState } from 'react';
import { type SecuredFieldStyles, securedFieldStyles } from '../../../core/theme.ts';
import type { ElementOptions, PaymentElement } from '../../base/payment-element.tsx';
import { type FieldType, SecuredFieldsController } from './controller.ts';

/** What the page knows of one framed field: its encrypted blobs, never its value. */
export interface FrameFieldState {
  /** Blob per member (`encryptedCardNumber`, `encryptedExpiryMonth` …); empty until valid. */
  blobs: Record<string, string>;
  /** The frame's error code (cc.num.901, ach.num.945 …), '' when none. */
  error: string;
  /** Errors show after blur or showValidation, never while typing. */
  shown: boolean;
  focused: boolean;
}

export interface FieldFramesOptions<F extends FieldType> {
  /** The fields, in tab order. */
  names: readonly F[];
  /** The frame's `txVariant`: it chooses the frame's rules (`ach`, `giftcard`, `mealVoucher_…`). */
  txVariant: string;
  /** Frames are built only while true (e.g. once the form is shown). */
  active?: boolean;
  /** Every change rebuilds the frames empty (the element's reset). */
  resetRequest: number;
  /** The field's accessible name inside its frame and in announcements. */
  label(name: F): string;
  /** The text of a frame's error code. */
  errorText(code: string): string;
  /** Where Shift+Tab from the first frame goes (the field before the frames, if any). */
  focusBefore?(): void;
}

const emptyField = (): FrameFieldState => ({ blobs: {}, error: '', shown: false, focused: false });
const emptyFields = <F extends FieldType>(names: readonly F[]) =>
  Object.fromEntries(names.map((name) => [name, emptyField()])) as Record<F, FrameFieldState>;

/**
 * The secured-field frames of a non-card form (ACH account, gift card) on the gateway's origin:
 * created after mount, destroyed on unmount or reset; the clear values never reach this page.
 */
export function useFieldFrames<
  F extends FieldType,
  O extends ElementOptions & { styles?: SecuredFieldStyles },
>(element: PaymentElement<O>, options: FieldFramesOptions<F>) {
  const { checkout } = element;
  const { names, active = true } = options;
  const [configured, setConfigured] = useState(false);
  const [failed, setFailed] = useState(false);
  const [fields, setFields] = useState(() => emptyFields(names));
  const containers = useRef<Partial<Record<F, HTMLSpanElement | null>>>({});
  const controllerRef = useRef<SecuredFieldsController | undefined>(undefined);
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  // The latest label and error texts without rebuilding the frames on every render.
  const textRef = useRef(options);
  textRef.current = options;
  const namesKey = names.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: frames are rebuilt only on reset, when shown or for another field set.
  useEffect(() => {
    if (!active) return;
    setFields(emptyFields(names));
    const specs = names.flatMap((fieldType) => {
      const container = containers.current[fieldType];
      return container ? [{ fieldType, container, ariaLabel: textRef.current.label(fieldType) }] : [];
    });
    setConfigured(false);
    setFailed(false);
    const update = (name: F, change: (field: FrameFieldState) => Partial<FrameFieldState>) =>
      setFields((current) => ({ ...current, [name]: { ...current[name], ...change(current[name]) } }));
    const controller = new SecuredFieldsController(
      {
        loadingContext: checkout.loadingContext,
        gatewayOrigin: checkout.gatewayOrigin,
        clientKey: checkout.clientKey,
        txVariant: options.txVariant,
        supportedBrands: [],
        styles: securedFieldStyles(checkout.options, element.props.styles),
      },
      {
        onAllConfigured: () => setConfigured(true),
        onFailure: (error) => {
          setFailed(true);
          checkout.liveRegion.announce(checkout.i18n.get('secured-fields.loadFailure'));
          element.callbacks.onError?.(error, element);
        },
        onEncryption: (fieldType, blobs) => {
          update(fieldType as F, () => ({
            blobs: Object.fromEntries(blobs.map((blob) => [blob.type, blob.blob])),
            error: '',
          }));
        },
        onValidation: (fieldType, error, revoked) => {
          const name = fieldType as F;
          update(name, (field) => ({
            blobs: revoked || error ? {} : field.blobs,
            error,
            shown: field.shown || (!!error && !field.focused),
          }));
          if (error && error !== fieldsRef.current[name]?.error)
            checkout.liveRegion.announce(
              `${textRef.current.label(name)}: ${textRef.current.errorText(error)}`,
            );
        },
        onBrand: () => undefined,
        onBinValue: () => undefined,
        onFocus: (fieldType, focus) => {
          update(fieldType as F, (field) => ({ focused: focus, shown: focus ? field.shown : !!field.error }));
        },
        onShiftTab: (fieldType) => {
          const previous = names[names.indexOf(fieldType as F) - 1];
          if (previous) controller.focus(previous);
          else textRef.current.focusBefore?.();
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
  }, [checkout, element, active, namesKey, options.txVariant, options.resetRequest]);

  return { configured, failed, fields, setFields, containers, controllerRef };
}
