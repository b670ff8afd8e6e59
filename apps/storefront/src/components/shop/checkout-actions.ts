'use server';

import { revalidatePath } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import type { FormState } from '@/app/[locale]/account/actions';
import { findCartOrder, getCart, setAddresses } from '@/backend/cart';
import {
  createPaymentSession,
  estimateShipping,
  listCheckoutAddresses,
  type PaymentSession,
  type PaymentType,
  preparePayment,
  reportPendingPayment,
  selectShipMethod,
  submitOrder,
  waitForAcceptedCard,
} from '@/backend/checkout';
import { saveMyAddress } from '@/backend/my-account';
import { problemMessage } from '@/backend/problem-message';
import { requireBuyer } from '@/backend/session';
import {
  addressFlags,
  addressProblemMessages,
  addressUseOf,
  parseAddressForm,
} from '@/components/account/address-form';
import { capabilitiesOf } from '@/components/account/roles';
import { redirect } from '@/i18n/navigation';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';

/*
 * The checkout's server actions. Each step re-reads the buyer's cart order, calls the platform (and
 * for cards the middleware) with the buyer's token and answers a message for the page; a refusal
 * (the platform's, the middleware's pre-submit check: credit hold, terms, …) is told in the buyer's
 * words with what to do next (problem-message.ts).
 */

export interface CheckoutState {
  readonly ok?: boolean;
  readonly message?: string;
  readonly at?: number;
  readonly session?: PaymentSession;
  /** The submitted customer reference, given back so a refusal does not clear the field. */
  readonly reference?: string;
}

const PAYMENT_TYPES: readonly PaymentType[] = ['PurchaseOrder', 'CreditCard', 'SpendingAccount'];
const field = (formData: FormData, name: string, max = 100) => {
  const value = formData.get(name);
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
};
const failure = (message: string): CheckoutState => ({ ok: false, message, at: Date.now() });

async function context(locale: AppLocale) {
  const lang = localeOrDefault(locale);
  const buyer = await requireBuyer(lang);
  const t = await getTranslations({ locale: lang, namespace: 'Checkout.messages' });
  const orderId = (await findCartOrder(buyer.token))?.ID;
  return { lang, buyer, t, orderId };
}

export async function saveAddressesAction(
  locale: AppLocale,
  _previous: CheckoutState,
  formData: FormData,
): Promise<CheckoutState> {
  const { lang, buyer, t, orderId } = await context(locale);
  if (!orderId) return failure(t('noCart'));
  const addresses = await listCheckoutAddresses(buyer.token);
  const shipping = addresses.find((a) => a.ID === field(formData, 'shippingAddressId') && a.Shipping);
  const billing = addresses.find((a) => a.ID === field(formData, 'billingAddressId') && a.Billing);
  if (!shipping || !billing) return failure(t('chooseAddresses'));
  try {
    await setAddresses(buyer.token, orderId, shipping, billing);
    await estimateShipping(buyer.token, orderId);
  } catch (error) {
    return failure(await problemMessage(error, lang, { action: 'set addresses and estimate shipping' }));
  }
  revalidatePath('/[locale]/checkout', 'page');
  return { ok: true, message: t('addressesSaved'), at: Date.now() };
}

/**
 * Adds an address to the buyer's address book from the checkout (buyers with MeAddressAdmin only; the
 * platform refuses the others anyway), with the account page's validation, and chooses it for the
 * order: as ship-to, invoice-to or both (`useFor`), the other one staying as chosen before. Then the
 * delivery options are estimated for it, as after "Use these addresses".
 */
export async function addCheckoutAddressAction(
  locale: AppLocale,
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const { lang, buyer, t, orderId } = await context(locale);
  const use = addressUseOf(formData.get('useFor'));
  if (!capabilitiesOf(buyer.roles).editAddresses) return { ok: false, message: t('addressNotAllowed') };
  const parsed = parseAddressForm(formData);
  if (!parsed.ok) {
    const tAddress = await getTranslations({ locale: lang, namespace: 'Account.addresses' });
    return {
      ok: false,
      message: t('checkAddress'),
      problems: addressProblemMessages(parsed.problems, (problem) => tAddress(`problem.${problem}`)),
      values: { ...parsed.values, useFor: use },
    };
  }
  const values = { ...parsed.address, useFor: use };
  if (!orderId) return { ok: false, message: t('noCart'), values };
  try {
    const created = await saveMyAddress(buyer.token, undefined, parsed.address, addressFlags(use));
    const [cart, addresses] = await Promise.all([getCart(buyer.token), listCheckoutAddresses(buyer.token)]);
    const chosenShipTo = cart?.lines[0]?.ShippingAddressID;
    const chosenBillTo = (cart?.order as { BillingAddressID?: string } | undefined)?.BillingAddressID;
    const shipping =
      use === 'billing'
        ? (addresses.find((a) => a.Shipping && a.ID === chosenShipTo) ?? addresses.find((a) => a.Shipping))
        : created;
    const billing =
      use === 'shipping'
        ? (addresses.find((a) => a.Billing && a.ID === chosenBillTo) ?? addresses.find((a) => a.Billing))
        : created;
    if (shipping && billing) {
      await setAddresses(buyer.token, orderId, shipping, billing);
      await estimateShipping(buyer.token, orderId);
    }
  } catch (error) {
    const message = await problemMessage(error, lang, { action: 'add an address in the checkout' });
    return { ok: false, message, values };
  }
  revalidatePath('/[locale]/checkout', 'page');
  return redirect({ href: '/checkout?saved=address', locale: lang });
}

export async function selectShippingAction(
  locale: AppLocale,
  _previous: CheckoutState,
  formData: FormData,
): Promise<CheckoutState> {
  const { lang, buyer, t, orderId } = await context(locale);
  if (!orderId) return failure(t('noCart'));
  const [estimateId, methodId] = field(formData, 'shipMethod', 200).split('::');
  if (!estimateId || !methodId) return failure(t('chooseShipMethod'));
  try {
    await selectShipMethod(buyer.token, orderId, estimateId, methodId);
  } catch (error) {
    return failure(await problemMessage(error, lang, { action: 'select the ship method' }));
  }
  revalidatePath('/[locale]/checkout', 'page');
  return { ok: true, message: t('shippingSaved'), at: Date.now() };
}

/**
 * Purchase order and spending account: reference, payment and submit in one go. Card: reference and
 * payment, then the payment session for the widget (the page submits after the widget has paid).
 */
/**
 * The order's ship-to and invoice-to addresses must still be offered: one chosen before it closed, or
 * taken over by a reorder, is refused at submit, so the buyer chooses again.
 */
async function addressesStillInUse(token: string): Promise<boolean> {
  const [cart, addresses] = await Promise.all([getCart(token), listCheckoutAddresses(token)]);
  const inUse = new Set(addresses.map((address) => address.ID));
  const billTo = (cart?.order as { BillingAddressID?: string } | undefined)?.BillingAddressID;
  return (
    (!billTo || inUse.has(billTo)) &&
    (cart?.lines ?? []).every((line) => !line.ShippingAddressID || inUse.has(line.ShippingAddressID))
  );
}

export async function placeOrderAction(
  locale: AppLocale,
  _previous: CheckoutState,
  formData: FormData,
): Promise<CheckoutState> {
  const { lang, buyer, t, orderId } = await context(locale);
  if (!orderId) return failure(t('noCart'));
  const type = field(formData, 'paymentType') as PaymentType;
  if (!PAYMENT_TYPES.includes(type)) return failure(t('choosePayment'));
  const reference = field(formData, 'customerReference', 40);
  const refuse = (message: string): CheckoutState => ({ ...failure(message), reference });
  if (type === 'PurchaseOrder' && !reference) return refuse(t('referenceRequired'));
  const spendingAccountId = field(formData, 'spendingAccountId');
  if (type === 'SpendingAccount' && !spendingAccountId) return refuse(t('chooseSpendingAccount'));
  if (!(await addressesStillInUse(buyer.token))) return refuse(t('chooseAddresses'));

  let submitted: Awaited<ReturnType<typeof submitOrder>>;
  try {
    const { order } = await preparePayment(buyer.token, orderId, type, reference, spendingAccountId);
    if (type === 'CreditCard') {
      // The gateway offers the methods of the buyer's country: the invoice-to address's, else the ship-to's.
      const addresses = order as {
        BillingAddress?: { Country?: string };
        ShippingAddress?: { Country?: string };
      };
      const country = addresses.BillingAddress?.Country ?? addresses.ShippingAddress?.Country;
      const session = await createPaymentSession(
        buyer.token,
        orderId,
        `${field(formData, 'origin', 200) || ''}/${lang}/checkout/return`,
        { en: 'en-US', da: 'da-DK', de: 'de-DE' }[lang],
        country,
      );
      return { ok: true, session, at: Date.now(), reference };
    }
    submitted = await submitOrder(buyer.token, orderId);
  } catch (error) {
    return refuse(await problemMessage(error, lang, { action: `place order (${type})` }));
  }
  revalidatePath('/[locale]/cart', 'page');
  return redirect({
    href: `/checkout/confirmation?order=${encodeURIComponent(submitted.ID ?? orderId)}`,
    locale: lang,
  });
}

/** What the widget answered for a payment the gateway holds as pending (see gateway-payment.tsx). */
export interface PendingPaymentReport {
  readonly sessionId: string;
  readonly sessionResult: string;
}

/**
 * After the widget reports the gateway payment: authorised, wait for the middleware to accept it;
 * pending (a transfer, a direct debit received, a redirect left pending), report it so the
 * middleware checks it with the gateway and accepts it as pending. Then submit the order.
 */
export async function submitGatewayOrderAction(
  locale: AppLocale,
  pending?: PendingPaymentReport,
): Promise<CheckoutState> {
  const { lang, buyer, t, orderId } = await context(locale);
  if (!orderId) return failure(t('noCart'));
  let submitted: Awaited<ReturnType<typeof submitOrder>>;
  try {
    let state: 'Pending' | 'Authorised' = 'Authorised';
    if (pending && typeof pending.sessionId === 'string' && typeof pending.sessionResult === 'string') {
      // The transfer's account and reference come from the gateway, through the middleware.
      state = await reportPendingPayment(buyer.token, orderId, {
        sessionId: pending.sessionId.slice(0, 64),
        sessionResult: pending.sessionResult.slice(0, 4096),
      });
    }
    if (state === 'Authorised' && !(await waitForAcceptedCard(buyer.token, orderId))) {
      return failure(t('cardPending'));
    }
    submitted = await submitOrder(buyer.token, orderId);
  } catch (error) {
    return failure(await problemMessage(error, lang, { action: 'submit the gateway-paid order' }));
  }
  revalidatePath('/[locale]/cart', 'page');
  return redirect({
    href: `/checkout/confirmation?order=${encodeURIComponent(submitted.ID ?? orderId)}`,
    locale: lang,
  });
}
