export { CashAppPay, CashAppPay as default, type CashAppPayOptions } from './cashapp.tsx';
