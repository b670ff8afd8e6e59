/**
 * The secured-field frame for the OFFICIAL @adyen/adyen-web library (its CSF / SecuredField parent
 * code): the same page, origin checks and blobs as frame.ts, speaking that library's protocol. The
 * first message from the parent is the configuration (no `action`; `numKey` a number, `fieldType`,
 * `txVariant`, `iframeUIConfig`…); later ones are told apart by their keys (`focus`, `brand`,
 * `expiryDatePolicy`, `autoComplete`, `styleObject`, `externalValidation`, `unsupportedCard`,
 * `destroy`). Answers carry `action`, `fieldType` and `numKey`. See README.md (official library).
 */

import {
  type AdyenWebFieldType,
  BLOB_KIND,
  evaluateAdyenWebField,
  inputMaxLength,
  isAdyenWebFieldType,
  KEY_PRESSED_ACTION,
} from './adyen-web-fields.ts';
import { encryptValue } from './encrypt.ts';
import { fieldStyler } from './field-styles.ts';
import { type FieldContext, type FieldState, PAYLOAD_MEMBER } from './fields.ts';
import { sharedContentKey } from './key-sharing.ts';
import type { FieldPolicy, FramePageConfig } from './protocol.ts';

type Message = Record<string, unknown>;

const AUTOCOMPLETE: Record<AdyenWebFieldType, string> = {
  encryptedCardNumber: 'cc-number',
  encryptedExpiryDate: 'cc-exp',
  encryptedExpiryMonth: 'cc-exp-month',
  encryptedExpiryYear: 'cc-exp-year',
  encryptedSecurityCode: 'cc-csc',
};

const DEFAULT_PLACEHOLDERS: Record<AdyenWebFieldType, string> = {
  encryptedCardNumber: '1234 5678 9012 3456',
  encryptedExpiryDate: 'MM/YY',
  encryptedExpiryMonth: 'MM',
  encryptedExpiryYear: 'YY',
  encryptedSecurityCode: '123',
};

const page = JSON.parse(document.getElementById('sf-config')?.textContent ?? '{}') as FramePageConfig;
const input = document.getElementById('sf-input') as HTMLInputElement;
const holderName = document.getElementById('sf-holder-name') as HTMLInputElement | null;
const contentKey = sharedContentKey(page.publicKey);
/** The library's `{ base, error, validated, placeholder }`, kept only as far as the allowlist goes. */
const styler = fieldStyler(input);

/** Fixed by the configuration message; the library makes it a random number. */
let numKey: unknown;
let fieldType: AdyenWebFieldType | undefined;
let txVariant = 'card';
let cvcPolicy: FieldPolicy = 'required';
let expiryDatePolicy: FieldPolicy = 'required';
let cvcLength = 3;
let exposeExpiryDate = false;
let placeholders: Record<string, unknown> = {};
let lastBrand = 'card';
let lastBin: string | undefined;
/** Encryption is asynchronous: only the newest input's result may be sent. */
let generation = 0;

const policyOf = (value: unknown, fallback: FieldPolicy): FieldPolicy =>
  value === 'required' || value === 'optional' || value === 'hidden' ? value : fallback;
const isCardNumber = () => fieldType === 'encryptedCardNumber' && txVariant !== 'giftcard';
const digits = () => input.value.replace(/\D/g, '');

function send(message: Message) {
  // Never '*': only the parent origin the gateway checked against the client key.
  window.parent.postMessage(JSON.stringify({ ...message, fieldType, numKey }), page.parentOrigin);
}

function fieldContext(): FieldContext {
  return { rules: page.brands, cvcLength, cvcPolicy, expiryDatePolicy, now: new Date() };
}

function placeholderFor(type: AdyenWebFieldType): string {
  const key =
    type === 'encryptedSecurityCode'
      ? cvcLength === 4
        ? 'encryptedSecurityCode4digits'
        : 'encryptedSecurityCode3digits'
      : type;
  const configured = placeholders[key] ?? placeholders[type];
  if (typeof configured === 'string' && configured) return configured;
  return type === 'encryptedSecurityCode' ? '1234'.slice(0, cvcLength) : DEFAULT_PLACEHOLDERS[type];
}

/** The security-code length of a brand, from the injected rules (gift-card PINs have their own). */
function setBrandForSecurityCode(brand: unknown, policy: unknown) {
  const rule = page.brands.find((candidate) => candidate.brand === brand);
  cvcLength = rule?.cvcLength ?? (brand === 'amex' ? 4 : 3);
  cvcPolicy = policyOf(policy, rule?.cvcPolicy ?? 'required');
  if (fieldType) {
    input.maxLength = inputMaxLength(txVariant, fieldType, cvcLength);
    input.placeholder = placeholderFor(fieldType);
  }
  input.setAttribute('aria-required', cvcPolicy === 'required' ? 'true' : 'false');
}

function reportBrand(state: FieldState) {
  const rule = state.brand;
  const brand = rule?.brand ?? 'card';
  if (brand === lastBrand) return;
  lastBrand = brand;
  send({
    action: 'brand',
    brand,
    cvcPolicy: rule?.cvcPolicy ?? 'required',
    expiryDatePolicy: rule?.expiryDatePolicy ?? 'required',
    cvcText: 'Security code',
    showSocialSecurityNumber: false,
  });
}

/** The first 6 (then 8) digits, encrypted, for the library's `v3/bin/binLookup`; an empty value resets it. */
async function reportBin(current: number) {
  const all = digits();
  const bin = all.length >= 8 ? all.slice(0, 8) : all.length >= 6 ? all.slice(0, 6) : undefined;
  if (!bin) {
    if (lastBin !== undefined) send({ action: 'binValue', binValue: '' });
    lastBin = undefined;
    return;
  }
  if (bin === lastBin) return;
  lastBin = bin;
  const encryptedBin = await encryptValue(page.publicKey, 'bin', bin, new Date(), await contentKey());
  if (current !== generation && !digits().startsWith(bin)) return;
  // Six digits in clear, as the library reports to the merchant's onBinValue: a BIN is not secret.
  send({ action: 'binValue', binValue: bin.slice(0, 6), encryptedBin, uuid: crypto.randomUUID() });
}

function validationAction(state: FieldState, complete: boolean): string {
  if (state.error === 'cc.num.902') return 'luhnCheck';
  if (complete && state.error) return 'incomplete field';
  return fieldType ? KEY_PRESSED_ACTION[fieldType] : 'validation';
}

async function handleInput(complete: boolean) {
  if (!fieldType) return;
  const state = evaluateAdyenWebField(txVariant, fieldType, input.value, fieldContext(), complete);
  if (input.value !== state.display) {
    const atEnd = input.selectionStart === input.value.length;
    input.value = state.display;
    if (atEnd) input.setSelectionRange(state.display.length, state.display.length);
  }
  const current = ++generation;
  // The brand goes first: the library drops a blob on any message but `encryption` that follows it.
  if (isCardNumber()) {
    reportBrand(state);
    await reportBin(current);
  }
  if (current !== generation) return;
  if (state.status === 'valid') return sendEncryption(state, current);
  // Every keystroke of an unfinished value is reported, as the library expects: it drops an earlier
  // blob and clears an error it shows (its own, after a pay attempt, too) when `error` is empty.
  send({ action: validationAction(state, complete), error: state.error });
  input.setAttribute('aria-invalid', state.status === 'invalid' ? 'true' : 'false');
  styler.setState(state.status === 'invalid' ? 'error' : 'base');
}

async function sendEncryption(state: FieldState, current: number) {
  if (!fieldType) return;
  const key = await contentKey();
  const entries = await Promise.all(
    state.values.map(async ({ type, value }) => ({
      type: BLOB_KIND[type],
      encryptedFieldName: type,
      blob: await encryptValue(page.publicKey, PAYLOAD_MEMBER[type], value, new Date(), key),
    })),
  );
  if (current !== generation) return;
  const number = state.values[0]?.value ?? '';
  const extra: Message = {};
  if (fieldType === 'encryptedCardNumber') {
    extra.endDigits = number.slice(-4);
    // PCI DSS allows the first eight digits of a number of 16 or more.
    if (isCardNumber() && number.length >= 16) extra.issuerBin = number.slice(0, 8);
  }
  if (fieldType === 'encryptedExpiryDate') {
    extra.type = 'year';
    if (exposeExpiryDate) extra.expiryDate = input.value;
  }
  send({ action: 'encryption', [fieldType]: entries, ...extra });
  input.setAttribute('aria-invalid', 'false');
  styler.setState('validated');
}

function configure(message: Message) {
  if (!isAdyenWebFieldType(message.fieldType)) return;
  if (typeof message.numKey !== 'number' && typeof message.numKey !== 'string') return;
  numKey = message.numKey;
  fieldType = message.fieldType;
  txVariant = typeof message.txVariant === 'string' ? message.txVariant : 'card';
  expiryDatePolicy = policyOf(message.expiryDatePolicy, 'required');
  exposeExpiryDate = message.exposeExpiryDate === true;
  const ui = (typeof message.iframeUIConfig === 'object' && message.iframeUIConfig) || {};
  const { sfStyles, placeholders: configured, ariaConfig } = ui as Record<string, unknown>;
  placeholders = ((typeof configured === 'object' && configured) || {}) as Record<string, unknown>;
  styler.set(sfStyles);
  // A single-brand variant (a stored card, `bcmc`…) fixes the security code's length and policy.
  if (txVariant === 'giftcard') cvcLength = 10;
  else setBrandForSecurityCode(txVariant, message.cvcPolicy);
  const aria = (typeof ariaConfig === 'object' && ariaConfig) || {};
  const fieldAria = (aria as Record<string, Record<string, unknown> | undefined>)[fieldType] ?? {};
  if (typeof fieldAria.label === 'string') input.setAttribute('aria-label', fieldAria.label);
  else input.setAttribute('aria-label', fieldType);
  if (typeof fieldAria.iframeTitle === 'string') document.title = fieldAria.iframeTitle;
  const lang = (aria as Record<string, unknown>).lang;
  if (typeof lang === 'string' && /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(lang))
    document.documentElement.lang = lang;
  input.setAttribute('autocomplete', AUTOCOMPLETE[fieldType]);
  if (message.legacyInputMode === 'tel') input.type = 'tel';
  if (fieldType === 'encryptedSecurityCode' && message.maskSecurityCode === true) input.type = 'password';
  input.maxLength = inputMaxLength(txVariant, fieldType, cvcLength);
  input.placeholder = placeholderFor(fieldType);
  if (holderName && fieldType !== 'encryptedCardNumber') holderName.remove();
  send({ action: 'config' });
}

/** A brand from the parent: to the security code (Amex: 4 digits) or, from binLookup, to the number. */
function onBrand(message: Message) {
  if (fieldType === 'encryptedSecurityCode') {
    setBrandForSecurityCode(message.brand, message.cvcPolicy);
    if (input.value) void handleInput(false);
  }
  // The library asks the number field to report its own brand again when binLookup found none.
  if (fieldType === 'encryptedCardNumber' && message.brand === 'reset') {
    lastBrand = '';
    void handleInput(false);
  }
}

function onMessage(event: MessageEvent) {
  // Only the parent page, only from the origin the gateway approved, only as JSON text.
  if (event.source !== window.parent || event.origin !== page.parentOrigin || typeof event.data !== 'string')
    return;
  let message: Message;
  try {
    message = JSON.parse(event.data) as Message;
  } catch {
    return;
  }
  if (typeof message !== 'object' || message === null) return;
  if (numKey === undefined) return configure(message);
  if (message.numKey !== numKey) return;
  if (message.destroy === true) {
    input.value = '';
    window.removeEventListener('message', onMessage);
    return;
  }
  if (message.focus === true) input.focus();
  if ('brand' in message) onBrand(message);
  if ('expiryDatePolicy' in message && fieldType?.startsWith('encryptedExpiry')) {
    expiryDatePolicy = policyOf(message.expiryDatePolicy, expiryDatePolicy);
    input.setAttribute('aria-required', expiryDatePolicy === 'required' ? 'true' : 'false');
    if (input.value) void handleInput(false);
  }
  if (typeof message.autoComplete === 'string') {
    input.value = message.autoComplete;
    void handleInput(false);
  }
  if (message.styleObject) {
    styler.set(message.styleObject);
  }
  if (message.externalValidation === true || message.unsupportedCard === true) {
    input.setAttribute('aria-invalid', 'true');
    styler.setState('error');
  }
  if (message.unsupportedCard === false) {
    input.setAttribute('aria-invalid', 'false');
    styler.setState('base');
  }
}

window.addEventListener('message', onMessage);
input.addEventListener('input', () => void handleInput(false));
input.addEventListener('focus', () => {
  if (fieldType) send({ action: 'focus', focus: true, numChars: digits().length });
});
input.addEventListener('blur', () => {
  if (!fieldType) return;
  send({ action: 'focus', focus: false, numChars: digits().length });
  void handleInput(true);
});
input.addEventListener('keydown', (event) => {
  if (fieldType && event.key === 'Enter') send({ action: 'enterKeyPressed' });
});
holderName?.addEventListener('input', () => {
  if (fieldType && holderName.value)
    send({ action: 'autoComplete', name: 'cc-name', value: holderName.value });
});
