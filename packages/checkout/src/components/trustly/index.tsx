import { defineRedirectMethod } from '../internal/redirect-method/redirect-method-element.tsx';
import { translations } from './translations.ts';

const STEPS = ['trustly.description.step1', 'trustly.description.step2', 'trustly.description.step3'];

/** Trustly: explains the bank-login flow before the shopper continues to it. */
export const Trustly = defineRedirectMethod({
  type: 'trustly',
  name: 'Trustly',
  translations,
  description: ({ checkout: { i18n } }) => (
    <div className="actuate-checkout__redirect-description">
      <p>
        <strong>{i18n.get('trustly.description.heading')}</strong>
      </p>
      <ol>
        {STEPS.map((key) => (
          <li key={key}>{i18n.get(key)}</li>
        ))}
      </ol>
    </div>
  ),
});

export default Trustly;
