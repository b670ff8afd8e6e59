import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const boletoTranslations: MethodTranslations = {
  'en-US': {
    'boleto.description': 'You get a boleto to pay at a bank, a lottery outlet or in your online banking.',
    'boleto.sendCopyToEmail': 'Send a copy to my e-mail',
    'boleto.generate': 'Generate boleto',
  },
};
