import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const rivertyTranslations: MethodTranslations = {
  'en-US': {
    'riverty.intro': 'Receive the goods first and pay the Riverty invoice later.',
    'riverty.b2b.intro': 'Your company receives the goods first and pays the Riverty invoice later.',
  },
  'da-DK': {
    'riverty.intro': 'Modtag varerne først, og betal Riverty-fakturaen senere.',
    'riverty.b2b.intro': 'Din virksomhed modtager varerne først og betaler Riverty-fakturaen senere.',
  },
  'de-DE': {
    'riverty.intro': 'Erhalten Sie die Ware zuerst und bezahlen Sie die Riverty-Rechnung später.',
    'riverty.b2b.intro': 'Ihre Firma erhält die Ware zuerst und bezahlt die Riverty-Rechnung später.',
  },
};
