import { useEffect, useRef, useState } from 'react';
import { resolveTheme } from '../../core/theme.ts';
import { SecuredFieldsController } from '../internal/secured-fields/controller.ts';
import type { Ach } from './ach.tsx';
import { ACH_LABEL_KEY, ACH_SECURED_FIELDS, type AchSecuredField } from './validate.ts';

export interface AchFrameState {
  blob: string | undefined;
  /** The frame's error code (ach.num.945 …), '' when none. */
  error: string;
  /** Errors show after blur or showValidation, never while typing. */
  shown: boolean;
  focused: boolean;
}

const emptyField = (): AchFrameState => ({ blob: undefined, error: '', shown: false, focused: false });
const emptyFields = (): Record<AchSecuredField, AchFrameState> => ({
  encryptedBankAccountNumber: emptyField(),
  encryptedBankLocationId: emptyField(),
});

/**
 * The account and routing number frames on the gateway's origin: created after mount, destroyed on
 * unmount or reset; the clear numbers never reach this page, only their encrypted blobs.
 */
export function useAchFrames(element: Ach, active: boolean, resetRequest: number) {
  const { checkout } = element;
  const { i18n } = checkout;
  const [configured, setConfigured] = useState(false);
  const [failed, setFailed] = useState(false);
  const [fields, setFields] = useState(emptyFields);
  const containers = useRef<Partial<Record<AchSecuredField, HTMLSpanElement | null>>>({});
  const controllerRef = useRef<SecuredFieldsController | undefined>(undefined);
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;

  // biome-ignore lint/correctness/useExhaustiveDependencies: frames are rebuilt only on reset or when shown.
  useEffect(() => {
    if (!active) return;
    setFields(emptyFields());
    const specs = ACH_SECURED_FIELDS.flatMap((fieldType) => {
      const container = containers.current[fieldType];
      return container ? [{ fieldType, container, ariaLabel: i18n.get(ACH_LABEL_KEY[fieldType]) }] : [];
    });
    setConfigured(false);
    setFailed(false);
    const update = (name: AchSecuredField, change: (field: AchFrameState) => Partial<AchFrameState>) =>
      setFields((current) => ({ ...current, [name]: { ...current[name], ...change(current[name]) } }));
    const controller = new SecuredFieldsController(
      {
        loadingContext: checkout.loadingContext,
        gatewayOrigin: checkout.gatewayOrigin,
        clientKey: checkout.clientKey,
        txVariant: 'ach',
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
          update(fieldType as AchSecuredField, () => ({ blob: blobs[0]?.blob, error: '' }));
        },
        onValidation: (fieldType, error, revoked) => {
          const name = fieldType as AchSecuredField;
          update(name, (field) => ({
            blob: revoked || error ? undefined : field.blob,
            error,
            shown: field.shown || (!!error && !field.focused),
          }));
          if (error && error !== fieldsRef.current[name].error)
            checkout.liveRegion.announce(`${i18n.get(ACH_LABEL_KEY[name])}: ${i18n.get(error)}`);
        },
        onBrand: () => undefined,
        onBinValue: () => undefined,
        onFocus: (fieldType, focus) => {
          update(fieldType as AchSecuredField, (field) => ({
            focused: focus,
            shown: focus ? field.shown : !!field.error,
          }));
        },
        onShiftTab: (fieldType) => {
          const index = ACH_SECURED_FIELDS.indexOf(fieldType as AchSecuredField);
          const previous = ACH_SECURED_FIELDS[index - 1];
          if (previous) controller.focus(previous);
          else element.focusBeforeFrames?.();
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
  }, [checkout, element, active, resetRequest]);

  return { configured, failed, fields, setFields, containers, controllerRef };
}
