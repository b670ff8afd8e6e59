import type messages from '../../messages/en.json';
import type { routing } from './routing';

// Makes locales and message keys type-checked in next-intl's APIs.
declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: typeof messages;
  }
}
