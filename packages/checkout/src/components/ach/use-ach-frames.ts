import { useFieldFrames } from '../internal/secured-fields/use-field-frames.ts';
import type { Ach } from './ach.tsx';
import { ACH_LABEL_KEY, ACH_SECURED_FIELDS } from './validate.ts';

/** The account and routing number frames (`ach` rules in the gateway's frames). */
export function useAchFrames(element: Ach, resetRequest: number) {
  const { i18n } = element.checkout;
  return useFieldFrames(element, {
    names: ACH_SECURED_FIELDS,
    txVariant: 'ach',
    resetRequest,
    label: (name) => i18n.get(ACH_LABEL_KEY[name]),
    errorText: (code) => i18n.get(code),
    focusBefore: () => element.focusBeforeFrames?.(),
  });
}
