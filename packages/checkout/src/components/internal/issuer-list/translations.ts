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
  'da-DK': {
    'issuerList.selectField.label': 'Bank',
    'issuerList.selectField.labelOther': 'Anden bank',
    'issuerList.selectField.placeholder': 'Vælg din bank',
    'issuerList.selectField.contextualText': 'Vælg din bank for at fortsætte',
    'issuerList.highlighted': 'Populære banker',
    'issuerList.unavailable': '%{issuer} (ikke tilgængelig)',
  },
  'de-DE': {
    'issuerList.selectField.label': 'Bank',
    'issuerList.selectField.labelOther': 'Andere Bank',
    'issuerList.selectField.placeholder': 'Wählen Sie Ihre Bank',
    'issuerList.selectField.contextualText': 'Wählen Sie Ihre Bank aus, um fortzufahren',
    'issuerList.highlighted': 'Beliebte Banken',
    'issuerList.unavailable': '%{issuer} (nicht verfügbar)',
  },
};
