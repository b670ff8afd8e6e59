import type { MethodTranslations } from '../../../core/i18n/i18n.ts';

/** The strings every issuer-list method shares; its button's come with the redirect method's. */
export const issuerListTranslations: MethodTranslations = {
  'en-US': {
    'issuerList.selectField.label': 'Bank',
    'issuerList.selectField.labelOther': 'Other bank',
    'issuerList.selectField.placeholder': 'Select your bank',
    'issuerList.selectField.contextualText': 'Select your bank to continue',
    'issuerList.highlighted': 'Popular banks',
    'issuerList.unavailable': '%{issuer} (unavailable)',
  },
};
