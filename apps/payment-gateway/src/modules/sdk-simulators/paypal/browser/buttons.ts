import { OrderApi, type SandboxOrder } from './api.ts';
import { FUNDING, type FundingSource, isEligible, type SdkSettings } from './config.ts';
import { openPopup } from './popup.ts';

type Callback = (data: Record<string, unknown>, actions: Record<string, unknown>) => unknown;

/** The options of `paypal.Buttons(…)` the simulator honours (the JS SDK's documented names). */
export interface ButtonsOptions {
  fundingSource?: FundingSource;
  style?: { height?: number; color?: string; shape?: string; label?: string; layout?: string };
  createOrder?: Callback;
  createBillingAgreement?: Callback;
  createVaultSetupToken?: Callback;
  onApprove?: Callback;
  onCancel?: Callback;
  onError?: (error: Error) => void;
  onClick?: Callback;
  onInit?: Callback;
  onShippingAddressChange?: Callback;
  onShippingOptionsChange?: Callback;
}

const LABELS: Record<FundingSource, string> = {
  paypal: 'PayPal',
  credit: 'PayPal Credit',
  paylater: 'Pay Later',
  venmo: 'Venmo',
};

/** Colours with readable text (the real buttons' palette); Credit, Pay Later and Venmo take only black or white. */
const COLOURS: Record<string, [string, string]> = {
  gold: ['#ffc439', '#111'],
  blue: ['#0070ba', '#fff'],
  silver: ['#eeeeee', '#111'],
  white: ['#ffffff', '#111'],
  black: ['#111111', '#fff'],
};
const DEFAULT_COLOUR: Record<FundingSource, string> = {
  paypal: 'gold',
  credit: 'black',
  paylater: 'gold',
  venmo: 'blue',
};

/** `paypal.Buttons(options)`: `{ isEligible, render, close }` like the JS SDK's button instance. */
export function createButtons(settings: SdkSettings, options: ButtonsOptions) {
  const source = options.fundingSource ?? FUNDING.PAYPAL;
  const api = new OrderApi(settings.gatewayUrl);
  let node: HTMLButtonElement | undefined;
  let enabled = true;

  const report = (error: unknown) => {
    const failure = error instanceof Error ? error : new Error(String(error));
    if (options.onError) options.onError(failure);
    else console.error(failure);
  };

  async function onPress() {
    if (!enabled) return;
    if (options.onClick) {
      const allowed = await Promise.resolve(
        options.onClick(
          { fundingSource: source },
          { resolve: () => Promise.resolve(true), reject: () => Promise.resolve(false) },
        ),
      ).catch(() => false);
      if (allowed === false) return;
    }
    const create = options.createOrder ?? options.createBillingAgreement ?? options.createVaultSetupToken;
    if (!create)
      return report(new Error('Expected createOrder, createBillingAgreement or createVaultSetupToken'));
    const tokenising = !options.createOrder;
    const popup = openPopup((choice) => void finish(choice));
    let orderId: string;
    let order: SandboxOrder;
    try {
      const created = await create({ paymentSource: source }, { order: {} });
      if (typeof created !== 'string' || !created) throw new Error('Expected an order id to be passed');
      orderId = created;
      order = await api.get(orderId);
      popup.showOrder(order, { commit: settings.commit, fundingLabel: LABELS[source] });
    } catch (error) {
      popup.close();
      return report(error);
    }
    if (order.express) await expressCallbacks(orderId, order);

    async function expressCallbacks(id: string, current: SandboxOrder) {
      if (options.onShippingAddressChange) {
        const shippingAddress = { city: 'San Jose', state: 'CA', postalCode: '95131', countryCode: 'US' };
        await Promise.resolve(
          options.onShippingAddressChange(
            { orderID: id, shippingAddress },
            { reject: () => Promise.reject() },
          ),
        ).catch(() => popup.showMessage('The merchant does not ship to this address.'));
      }
      popup.onShippingChange(async (optionId) => {
        const option = current.shipping_options?.find((candidate) => candidate.id === optionId);
        try {
          await Promise.resolve(
            options.onShippingOptionsChange?.(
              {
                orderID: id,
                selectedShippingOption: {
                  id: optionId,
                  label: option?.label,
                  type: 'SHIPPING',
                  amount: {
                    currency_code: current.purchase_units[0]?.amount.currency_code,
                    value: option?.value,
                  },
                },
              },
              { reject: () => Promise.reject() },
            ),
          );
          current = await api.chooseShipping(id, optionId);
          popup.showMessage(`New total: ${current.purchase_units[0]?.amount.value ?? ''}`);
        } catch {
          popup.showMessage('The merchant does not offer this shipping option.');
        }
      });
    }

    async function finish(choice: Parameters<Parameters<typeof openPopup>[0]>[0]) {
      popup.close();
      try {
        if (choice.kind === 'fail')
          throw new Error('PayPal sandbox: the pop-up failed (the tester chose Fail)');
        if (choice.kind === 'cancel') {
          await api.cancel(orderId);
          await options.onCancel?.({ orderID: orderId }, {});
          return;
        }
        const approved = await api.approve(orderId, choice.buyer);
        const data = {
          orderID: orderId,
          payerID: approved.payerID,
          paymentID: orderId,
          facilitatorAccessToken: 'A21AA.sandbox',
          paymentSource: source,
          ...(tokenising ? { billingToken: orderId } : {}),
        };
        const actions = {
          order: { get: () => api.get(orderId), capture: () => api.get(orderId) },
          restart: () => Promise.resolve(),
          redirect: () => undefined,
        };
        await options.onApprove?.(data, actions);
      } catch (error) {
        report(error);
      }
    }
  }

  return {
    isEligible: () => isEligible(settings, source),
    async render(container: string | HTMLElement) {
      const target = typeof container === 'string' ? document.querySelector(container) : container;
      if (!target) throw new Error(`Document is ready and element ${String(container)} does not exist`);
      if (!isEligible(settings, source)) throw new Error(`Funding source ${source} is not eligible`);
      node = buttonNode(source, options.style ?? {});
      node.addEventListener('click', () => void onPress());
      target.append(node);
      options.onInit?.(
        { fundingSource: source },
        {
          enable: () => {
            enabled = true;
            node?.removeAttribute('aria-disabled');
            return Promise.resolve();
          },
          disable: () => {
            enabled = false;
            node?.setAttribute('aria-disabled', 'true');
            return Promise.resolve();
          },
        },
      );
    },
    close() {
      node?.remove();
      node = undefined;
      return Promise.resolve();
    },
  };
}

function buttonNode(source: FundingSource, style: NonNullable<ButtonsOptions['style']>): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.fundingSource = source;
  button.className = `paypal-button paypal-button-${source}`;
  button.textContent = LABELS[source];
  const colour = COLOURS[style.color ?? DEFAULT_COLOUR[source]] ?? COLOURS[DEFAULT_COLOUR[source]]!;
  const height = Math.min(55, Math.max(25, style.height ?? 45));
  Object.assign(button.style, {
    display: 'block',
    width: '100%',
    height: `${height}px`,
    margin: '0 0 8px',
    border: colour[0] === '#ffffff' ? '1px solid #555' : '0',
    borderRadius: style.shape === 'pill' ? `${height / 2}px` : '4px',
    background: colour[0],
    color: colour[1],
    font: '600 16px system-ui, sans-serif',
    cursor: 'pointer',
  });
  return button;
}
