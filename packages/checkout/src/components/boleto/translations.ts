import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const boletoTranslations: MethodTranslations = {
  'en-US': {
    'boleto.description': 'You get a boleto to pay at a bank, a lottery outlet or in your online banking.',
    'boleto.sendCopyToEmail': 'Send a copy to my e-mail',
    'boleto.generate': 'Generate boleto',
  },
  'da-DK': {
    'boleto.description':
      'Du får en boleto, som du betaler i en bank, hos en lotteriforhandler eller i din netbank.',
    'boleto.sendCopyToEmail': 'Send en kopi til min e-mail',
    'boleto.generate': 'Opret boleto',
  },
  'de-DE': {
    'boleto.description':
      'Sie erhalten einen Boleto, den Sie bei einer Bank, einer Lottoannahmestelle oder im Online-Banking bezahlen.',
    'boleto.sendCopyToEmail': 'Eine Kopie an meine E-Mail-Adresse senden',
    'boleto.generate': 'Boleto erstellen',
  },
};
