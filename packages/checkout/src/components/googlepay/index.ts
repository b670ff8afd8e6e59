export { GooglePay, GooglePay as default, type GooglePayOptions } from './googlepay.tsx';
