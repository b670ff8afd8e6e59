export {
  ApplePay,
  ApplePay as default,
  type ApplePayButtonColor,
  type ApplePayButtonType,
  type ApplePayOptions,
} from './applepay.tsx';
