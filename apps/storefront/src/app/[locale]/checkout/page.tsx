import { earliestDeliveryDay, transitDaysOfLine } from '@actuate/contracts';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { preselectedAddressId } from '@/backend/address-validity';
import { approvalPreview } from '@/backend/approval-preview';
import { getCart } from '@/backend/cart';
import { getWorksheet, listCheckoutAddresses, listSpendingAccounts, shipEstimates } from '@/backend/checkout';
import { listMyCostCenters } from '@/backend/order-fields';
import { requireBuyer } from '@/backend/session';
import { AddressForm } from '@/components/account/account-forms';
import { ADDRESS_USES } from '@/components/account/address-form';
import { addressFormTexts } from '@/components/account/address-labels';
import { capabilitiesOf } from '@/components/account/roles';
import { Notice } from '@/components/account/ui';
import { day } from '@/components/orders/format';
import { ActionForm } from '@/components/shop/action-form';
import { ApprovalWarning } from '@/components/shop/approval-warning';
import { cartTotals } from '@/components/shop/cart-totals';
import {
  addCheckoutAddressAction,
  placeOrderAction,
  saveAddressesAction,
  selectShippingAction,
  submitGatewayOrderAction,
} from '@/components/shop/checkout-actions';
import { saveOrderFieldsAction } from '@/components/shop/order-fields-actions';
import { OrderFieldsForm } from '@/components/shop/order-fields-form';
import { PlaceOrderForm } from '@/components/shop/place-order-form';
import { catalogTexts } from '@/format/catalog-texts';
import { formatMoney } from '@/format/money';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/checkout'>): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'Checkout' });
  return { title: t('title') };
}

function addressLine(a: {
  CompanyName?: string;
  Street1?: string;
  Zip?: string;
  City?: string;
  Country?: string;
}) {
  return [a.CompanyName, a.Street1, `${a.Zip ?? ''} ${a.City ?? ''}`.trim(), a.Country]
    .filter(Boolean)
    .join(', ');
}

/** Checkout: addresses → ship method (estimate, transit days) → calculated totals → reference, payment, submit. */
export default async function CheckoutPage({ params, searchParams }: PageProps<'/[locale]/checkout'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const buyer = await requireBuyer(locale);
  const query = await searchParams;
  // Buyers who keep their own address book (MeAddressAdmin) may add an address here (?address=new).
  const mayAddAddress = capabilitiesOf(buyer.roles).editAddresses;
  const addingAddress = mayAddAddress && query.address === 'new';
  const t = await getTranslations({ locale, namespace: 'Checkout' });
  if (buyer.invited) {
    // The platform's checkout refuses a colleague the CRM and the ERP do not know yet.
    return (
      <div className="py-8">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="mt-4" data-testid="checkout-terms-first">
          {t('termsFirst')}
        </p>
        <Link href="/terms" className="button-primary mt-4">
          {t('termsLink')}
        </Link>
      </div>
    );
  }
  const cart = await getCart(buyer.token);
  if (!cart || cart.lines.length === 0) {
    return (
      <div className="py-8">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="mt-4">{t('emptyCart')}</p>
        <Link href="/catalog" className="button-secondary mt-4">
          {t('browse')}
        </Link>
      </div>
    );
  }
  const orderId = cart.order.ID ?? '';
  const [addresses, worksheet, accounts, approvalRules, costCenters] = await Promise.all([
    listCheckoutAddresses(buyer.token),
    getWorksheet(buyer.token, orderId).catch(() => undefined),
    listSpendingAccounts(buyer.token),
    approvalPreview(buyer.token, orderId),
    listMyCostCenters(buyer.token),
  ]);
  const tFields = await getTranslations({ locale, namespace: 'OrderFields' });
  const addressTexts = addingAddress ? await addressFormTexts(locale) : undefined;
  const order = worksheet?.Order ?? cart.order;
  const currency = order.Currency ?? buyer.currency;
  const money = (n: number | null | undefined) => formatMoney(n, currency, locale);
  const shippingAddresses = addresses.filter((a) => a.Shipping);
  const billingAddresses = addresses.filter((a) => a.Billing);
  const currentShipTo = preselectedAddressId(cart.lines[0]?.ShippingAddressID, shippingAddresses);
  const currentBillTo = preselectedAddressId(
    (cart.order as { BillingAddressID?: string }).BillingAddressID,
    billingAddresses,
  );
  const estimates = shipEstimates(worksheet);
  const addressesSet = Boolean(cart.lines[0]?.ShippingAddress) && estimates.length > 0;
  const selected = estimates.every((e) => e.SelectedShipMethodID);
  const calculated = addressesSet && selected && order.ShippingCost !== undefined;
  // The date inputs' minimum: the latest of the lines' earliest days (the order-level date fills them all).
  const earliestDay = earliestDeliveryDay(
    new Date(),
    Math.max(
      0,
      ...cart.lines.map((line) => transitDaysOfLine(worksheet?.ShipEstimateResponse, line.ID ?? '')),
    ),
  );

  return (
    <div className="py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      <ApprovalWarning locale={locale} rules={approvalRules} />
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="addresses-heading" className="rounded-lg border border-line p-4">
            <h2 id="addresses-heading" className="text-xl font-semibold">
              {t('step1')}
            </h2>
            {query.saved === 'address' ? (
              <Notice tone="success" alert testId="address-added">
                {t('addressAdded')}
              </Notice>
            ) : null}
            {addresses.length === 0 ? (
              <p className="mt-2">
                {t('noAddresses')} {mayAddAddress ? null : t('addressesManaged')}
              </p>
            ) : (
              <ActionForm
                action={saveAddressesAction.bind(null, locale)}
                className="mt-3 grid gap-4 md:grid-cols-2"
              >
                {(
                  [
                    ['shippingAddressId', t('shippingAddress'), shippingAddresses, currentShipTo],
                    ['billingAddressId', t('billingAddress'), billingAddresses, currentBillTo],
                  ] as const
                ).map(([name, legend, list, current]) => (
                  <fieldset key={name}>
                    <legend className="font-medium">{legend}</legend>
                    <div className="mt-2 space-y-2">
                      {list.map((address) => (
                        <div key={address.ID} className="flex items-start gap-2">
                          <input
                            type="radio"
                            id={`${name}-${address.ID}`}
                            name={name}
                            value={address.ID}
                            defaultChecked={address.ID === current}
                            className="mt-1 h-4 w-4 accent-brand"
                          />
                          <label htmlFor={`${name}-${address.ID}`} className="text-sm">
                            <span className="font-medium">{address.AddressName ?? address.CompanyName}</span>
                            <span className="block text-ink-muted">{addressLine(address)}</span>
                          </label>
                        </div>
                      ))}
                    </div>
                  </fieldset>
                ))}
                <div className="md:col-span-2">
                  <button type="submit" className="button-primary py-2">
                    {addressesSet ? t('updateAddresses') : t('useAddresses')}
                  </button>
                </div>
              </ActionForm>
            )}
            {addressTexts ? (
              <div className="mt-4" id="new-address">
                <h3 id="new-address-heading" className="mb-2 font-semibold">
                  {t('newAddressTitle')}
                </h3>
                <AddressForm
                  action={addCheckoutAddressAction.bind(null, locale)}
                  defaults={{ Country: currency === 'EUR' ? 'DE' : 'DK' }}
                  countries={addressTexts.countries}
                  labels={{ ...addressTexts.labels, save: t('saveNewAddress') }}
                  cancelHref="/checkout"
                  idPrefix="new-address"
                  labelledBy="new-address-heading"
                  choice={{
                    name: 'useFor',
                    legend: t('newAddressUse.legend'),
                    options: ADDRESS_USES.map((use) => ({ value: use, label: t(`newAddressUse.${use}`) })),
                  }}
                />
              </div>
            ) : mayAddAddress ? (
              <p className="mt-4">
                <Link href="/checkout?address=new#new-address" className="button-secondary">
                  {t('addAddress')}
                </Link>
              </p>
            ) : null}
          </section>

          <section aria-labelledby="shipping-heading" className="rounded-lg border border-line p-4">
            <h2 id="shipping-heading" className="text-xl font-semibold">
              {t('step2')}
            </h2>
            {!addressesSet ? (
              <p className="mt-2 text-ink-muted">{t('shippingAfterAddresses')}</p>
            ) : (
              <ActionForm action={selectShippingAction.bind(null, locale)} className="mt-3">
                {estimates.map((estimate) => (
                  <fieldset key={estimate.ID}>
                    <legend className="sr-only">{t('shipMethod')}</legend>
                    <div className="space-y-2">
                      {(estimate.ShipMethods ?? []).map((method) => {
                        const id = `ship-${estimate.ID}-${method.ID}`;
                        return (
                          <div key={method.ID} className="flex items-start gap-2">
                            <input
                              type="radio"
                              id={id}
                              name="shipMethod"
                              value={`${estimate.ID}::${method.ID}`}
                              defaultChecked={estimate.SelectedShipMethodID === method.ID}
                              className="mt-1 h-4 w-4 accent-brand"
                            />
                            <label htmlFor={id} className="text-sm">
                              <span className="font-medium">
                                {catalogTexts(locale).shipMethodName(method)}
                              </span>{' '}
                              — {money(method.Cost)}
                              <span className="block text-ink-muted">
                                {t('transitDays', { days: method.EstimatedTransitDays ?? 0 })}
                              </span>
                            </label>
                          </div>
                        );
                      })}
                    </div>
                  </fieldset>
                ))}
                {estimates.length === 0 ? <p>{t('noShipMethods')}</p> : null}
                <button type="submit" className="button-primary mt-3 py-2">
                  {selected ? t('updateShipping') : t('useShipping')}
                </button>
              </ActionForm>
            )}
          </section>

          {addressesSet && selected ? (
            <OrderFieldsForm
              action={saveOrderFieldsAction.bind(null, locale)}
              comment={order.Comments ?? ''}
              lines={cart.lines}
              productName={(line) => catalogTexts(locale).productName(line.Product, line.ProductID)}
              earliestDay={earliestDay}
              costCenters={costCenters}
              texts={{
                heading: tFields('heading'),
                intro: tFields('intro'),
                comment: tFields('comment'),
                dateNeeded: tFields('dateNeeded'),
                dateHint: tFields('dateHint', { earliest: day(earliestDay, locale) ?? earliestDay }),
                costCenter: tFields('costCenter'),
                costCenterHint: tFields('costCenterHint'),
                noCostCenter: tFields('noCostCenter'),
                perLine: tFields('perLine'),
                perLineHint: tFields('perLineHint'),
                sameAsOrder: tFields('sameAsOrder'),
                save: tFields('save'),
                lineLabel: (name, quantity) => tFields('lineLabel', { product: name, quantity }),
              }}
            />
          ) : null}

          {calculated ? (
            <PlaceOrderForm
              action={placeOrderAction.bind(null, locale)}
              submitCard={submitGatewayOrderAction.bind(null, locale)}
              locale={locale}
              spendingAccounts={accounts.map((a) => ({
                id: a.ID ?? '',
                name: `${a.Name ?? a.ID} (${money(a.Balance)})`,
              }))}
              labels={{
                heading: t('step3'),
                reference: t('customerReference'),
                referenceHint: t('customerReferenceHint'),
                payment: t('payment'),
                purchaseOrder: t('purchaseOrder'),
                card: t('card'),
                spendingAccount: t('spendingAccount'),
                account: t('account'),
                placeOrder: t('placeOrder'),
                continueToCard: t('continueToCard'),
                placing: t('placing'),
                cardLoading: t('cardLoading'),
                cardSubmitting: t('cardSubmitting'),
                cardFailed: t('cardFailed'),
              }}
            />
          ) : (
            <section className="rounded-lg border border-line p-4">
              <h2 className="text-xl font-semibold">{t('step3')}</h2>
              <p className="mt-2 text-ink-muted">{t('paymentAfterShipping')}</p>
            </section>
          )}
        </div>

        <aside aria-labelledby="summary-heading" className="h-fit rounded-lg border border-line p-4">
          <h2 id="summary-heading" className="text-xl font-semibold">
            {t('summary')}
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {cart.lines.map((line) => (
              <li key={line.ID} className="flex justify-between gap-2">
                <span>
                  {line.Quantity} × {catalogTexts(locale).productName(line.Product, line.ProductID)}
                </span>
                <span>{money(line.LineTotal)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-3 space-y-1 border-t border-line pt-3 text-sm">
            <div className="flex justify-between">
              <dt>{t('subtotal')}</dt>
              <dd>{money(order.Subtotal)}</dd>
            </div>
            {(order.PromotionDiscount ?? 0) > 0 ? (
              <div className="flex justify-between">
                <dt>{t('discount')}</dt>
                <dd>−{money(order.PromotionDiscount)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between">
              <dt>{t('shipping')}</dt>
              <dd data-testid="checkout-shipping">{calculated ? money(order.ShippingCost) : t('notYet')}</dd>
            </div>
            <div className="flex justify-between">
              <dt>{t('vat')}</dt>
              <dd data-testid="checkout-vat">{calculated ? money(order.TaxCost) : t('notYet')}</dd>
            </div>
            <div className="flex justify-between text-base font-semibold">
              <dt>{t('total')}</dt>
              {/* Until shipping and VAT are shown, the total holds neither (the order's Total may carry a cart calculation's VAT). */}
              <dd data-testid="checkout-total">
                {money(calculated ? order.Total : cartTotals(order).total)}
              </dd>
            </div>
            {/* What is left of each current budget the buyer may pay with; above it, the platform refuses a budget payment unless the buyer admin lets it be exceeded. */}
            {accounts.map((account) => (
              <div key={account.ID} className="flex justify-between gap-2" data-testid="checkout-budget">
                <dt>{t('budgetLeft', { name: account.Name ?? account.ID ?? '' })}</dt>
                <dd>{money(account.Balance)}</dd>
              </div>
            ))}
          </dl>
          <Link href="/cart" className="mt-3 inline-block text-sm text-brand underline">
            {t('backToCart')}
          </Link>
        </aside>
      </div>
    </div>
  );
}
