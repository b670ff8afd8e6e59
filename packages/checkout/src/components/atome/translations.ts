import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const atomeTranslations: MethodTranslations = {
  'en-US': {
    'atome.intro': 'Split the amount into three interest-free payments; you confirm them on Atome’s page.',
  },
  'da-DK': { 'atome.intro': 'Del beløbet i tre rentefrie betalinger; du bekræfter dem på Atomes side.' },
  'de-DE': {
    'atome.intro':
      'Teilen Sie den Betrag in drei zinsfreie Zahlungen; Sie bestätigen sie auf der Seite von Atome.',
  },
};
