export { PAYPAL_ERRORS, PayPal, PayPal as default, type PayPalOptions } from './paypal.tsx';
