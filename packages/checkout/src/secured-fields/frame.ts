/**
 * The secured-field frame: one input (card number, expiry, security code …) on the gateway's origin.
 * It talks only to the parent page whose origin the gateway wrote into the page, only with messages
 * carrying the field's random key, and hands out only encrypted values.
 */

import { encryptValue } from './encrypt.ts';
import { fieldStyler } from './field-styles.ts';
import {
  evaluate,
  type FieldContext,
  type FieldState,
  GIFT_CARD_RULES,
  isGiftCardVariant,
  PAYLOAD_MEMBER,
} from './fields.ts';
import { sharedContentKey } from './key-sharing.ts';
import {
  FIELD_TYPES,
  type FieldPolicy,
  type FieldType,
  type FrameMessage,
  type FramePageConfig,
  type ParentMessage,
} from './protocol.ts';

const AUTOCOMPLETE: Record<FieldType, string> = {
  encryptedCardNumber: 'cc-number',
  encryptedExpiryDate: 'cc-exp',
  encryptedExpiryMonth: 'cc-exp-month',
  encryptedExpiryYear: 'cc-exp-year',
  encryptedSecurityCode: 'cc-csc',
  encryptedBankAccountNumber: 'off',
  encryptedBankLocationId: 'off',
};

const PLACEHOLDERS: Record<FieldType, string> = {
  encryptedCardNumber: '1234 5678 9012 3456',
  encryptedExpiryDate: 'MM/YY',
  encryptedExpiryMonth: 'MM',
  encryptedExpiryYear: 'YY',
  encryptedSecurityCode: '123',
  encryptedBankAccountNumber: '123456789',
  encryptedBankLocationId: '011000015',
};

function readPageConfig(): FramePageConfig {
  const element = document.getElementById('sf-config');
  return JSON.parse(element?.textContent ?? '{}') as FramePageConfig;
}

const page = readPageConfig();
const input = document.getElementById('sf-input') as HTMLInputElement;
const holderName = document.getElementById('sf-holder-name') as HTMLInputElement | null;
const contentKey = sharedContentKey(page.publicKey);
const styler = fieldStyler(input);

let numKey: string | undefined;
let fieldType: FieldType | undefined;
let supportedBrands: string[] | undefined;
let cvcPolicy: FieldPolicy = 'required';
let expiryDatePolicy: FieldPolicy = 'required';
let cvcLength = 3;
/** Gift-card mode (config txVariant giftcard or mealVoucher_*): no brand, no BIN, no Luhn. */
let giftCard = false;
let lastBrand: string | null | undefined;
let lastBin: string | undefined;
let hasBlob = false;
let lastError = '';
/** Encryption is asynchronous: only the newest input's result may be sent. */
let generation = 0;

function send(message: FrameMessage) {
  // Never '*': the message goes to the parent origin the gateway checked against the client key.
  window.parent.postMessage(JSON.stringify(message), page.parentOrigin);
}

function fieldContext(): FieldContext {
  return {
    rules: page.brands,
    supportedBrands,
    cvcLength,
    cvcPolicy,
    expiryDatePolicy,
    now: new Date(),
    giftCard,
  };
}

async function handleInput(complete: boolean) {
  if (!fieldType || !numKey) return;
  const state = evaluate(fieldType, input.value, fieldContext(), complete);
  if (input.value !== state.display) {
    const atEnd = input.selectionStart === input.value.length;
    input.value = state.display;
    if (atEnd) input.setSelectionRange(state.display.length, state.display.length);
  }
  const current = ++generation;
  if (fieldType === 'encryptedCardNumber' && !giftCard) await reportCardNumberFacts(state, current);
  if (current !== generation) return;
  if (state.status === 'valid') {
    const key = await contentKey();
    const encrypted = await Promise.all(
      state.values.map(async ({ type, value }) => ({
        type,
        blob: await encryptValue(page.publicKey, PAYLOAD_MEMBER[type], value, new Date(), key),
      })),
    );
    if (current !== generation) return;
    hasBlob = true;
    lastError = '';
    const cardFacts =
      fieldType === 'encryptedCardNumber' && state.brand
        ? { brand: state.brand.brand, endDigits: state.values[0]?.value.slice(-4) ?? '' }
        : {};
    send({ action: 'encryption', numKey, fieldType, encrypted, ...cardFacts });
    input.setAttribute('aria-invalid', 'false');
    styler.setState('validated');
    return;
  }
  const revoked = hasBlob;
  hasBlob = false;
  if (revoked || state.error !== lastError || state.status === 'invalid') {
    send({ action: 'validation', numKey, fieldType, error: state.error, revoked });
  }
  lastError = state.error;
  input.setAttribute('aria-invalid', state.status === 'invalid' ? 'true' : 'false');
  styler.setState(state.status === 'invalid' ? 'error' : 'base');
}

/** Brand changes and the encrypted BIN (6 to 8 digits) for the parent's binLookup. */
async function reportCardNumberFacts(state: FieldState, current: number) {
  if (!numKey) return;
  const brand = state.brand?.brand ?? null;
  if (brand !== lastBrand) {
    lastBrand = brand;
    send({
      action: 'brand',
      numKey,
      fieldType: 'encryptedCardNumber',
      brand,
      cvcPolicy: state.brand?.cvcPolicy ?? 'required',
      expiryDatePolicy: state.brand?.expiryDatePolicy ?? 'required',
      cvcLength: state.brand?.cvcLength ?? 3,
    });
  }
  const digits = input.value.replace(/\D/g, '');
  const bin = digits.length >= 8 ? digits.slice(0, 8) : digits.length >= 6 ? digits.slice(0, 6) : undefined;
  if (bin && bin !== lastBin) {
    lastBin = bin;
    const encryptedBin = await encryptValue(page.publicKey, 'bin', bin, new Date(), await contentKey());
    if (current !== generation && input.value.replace(/\D/g, '').slice(0, bin.length) !== bin) return;
    send({
      action: 'binValue',
      numKey,
      fieldType: 'encryptedCardNumber',
      encryptedBin,
      uuid: crypto.randomUUID(),
    });
  } else if (!bin) {
    lastBin = undefined;
  }
}

function configure(message: Extract<ParentMessage, { action: 'config' }>) {
  if (!FIELD_TYPES.includes(message.fieldType)) return;
  numKey = message.numKey;
  fieldType = message.fieldType;
  supportedBrands = message.supportedBrands;
  cvcPolicy = message.cvcPolicy ?? cvcPolicy;
  expiryDatePolicy = message.expiryDatePolicy ?? expiryDatePolicy;
  giftCard = isGiftCardVariant(message.txVariant);
  if (giftCard && fieldType === 'encryptedCardNumber')
    input.maxLength = GIFT_CARD_RULES.maxNumber + Math.floor((GIFT_CARD_RULES.maxNumber - 1) / 4);
  // A gift card is not a payment card: the browser's saved cards must not be offered.
  input.setAttribute('autocomplete', giftCard ? 'off' : AUTOCOMPLETE[fieldType]);
  input.placeholder = message.placeholder ?? PLACEHOLDERS[fieldType];
  input.setAttribute('aria-label', message.ariaLabel ?? fieldType);
  // The parent is the approved page, but its styles are still only the allowlisted declarations.
  styler.set(message.styles);
  // Browsers autofill the holder name into the number frame's hidden field; hand it to the parent.
  if (holderName && fieldType !== 'encryptedCardNumber') holderName.remove();
  send({ action: 'config', numKey, fieldType });
}

function onMessage(event: MessageEvent) {
  // Only the parent page, only from the origin the gateway approved, only as JSON text.
  if (event.source !== window.parent || event.origin !== page.parentOrigin || typeof event.data !== 'string')
    return;
  let message: ParentMessage;
  try {
    message = JSON.parse(event.data) as ParentMessage;
  } catch {
    return;
  }
  if (typeof message !== 'object' || message === null || typeof message.numKey !== 'string') return;
  if (message.action === 'config') {
    // The key is fixed by the first configuration; a later one must repeat it.
    if (numKey === undefined || message.numKey === numKey) configure(message);
    return;
  }
  if (message.numKey !== numKey) return;
  switch (message.action) {
    case 'focus':
      if (message.focus) input.focus();
      else input.blur();
      break;
    case 'brand':
      if (fieldType === 'encryptedSecurityCode' && !giftCard) {
        cvcPolicy = message.cvcPolicy ?? cvcPolicy;
        cvcLength = message.brand === 'amex' ? 4 : 3;
        input.maxLength = cvcLength;
      }
      if (
        fieldType === 'encryptedExpiryDate' ||
        fieldType === 'encryptedExpiryMonth' ||
        fieldType === 'encryptedExpiryYear'
      ) {
        expiryDatePolicy = message.expiryDatePolicy ?? expiryDatePolicy;
      }
      if (input.value) void handleInput(false);
      break;
    case 'validate':
      void handleInput(true);
      break;
    case 'destroy':
      input.value = '';
      window.removeEventListener('message', onMessage);
      break;
  }
}

window.addEventListener('message', onMessage);
input.addEventListener('input', () => void handleInput(false));
input.addEventListener('blur', () => {
  if (fieldType && numKey) send({ action: 'focus', numKey, fieldType, focus: false });
  void handleInput(true);
});
input.addEventListener('focus', () => {
  if (fieldType && numKey) send({ action: 'focus', numKey, fieldType, focus: true });
});
document.addEventListener('click', () => {
  if (fieldType && numKey) send({ action: 'touch', numKey, fieldType });
});
input.addEventListener('keydown', (event) => {
  if (!fieldType || !numKey) return;
  if (event.key === 'Enter') send({ action: 'enterKeyPressed', numKey, fieldType });
  if (event.key === 'Tab' && event.shiftKey) {
    event.preventDefault();
    send({ action: 'shifttab', numKey, fieldType });
  }
});
holderName?.addEventListener('input', () => {
  if (fieldType && numKey && holderName.value) {
    send({ action: 'autoComplete', numKey, fieldType, name: 'cc-name', value: holderName.value });
  }
});
