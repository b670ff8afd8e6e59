import type { SandboxOrder } from './api.ts';

/** What the shopper does in the pop-up. */
export type PopupChoice = { kind: 'approve'; buyer: string } | { kind: 'cancel' } | { kind: 'fail' };

export interface PopupHandle {
  /** Shows the order once it is known (the pop-up opens at once with a loading text, like PayPal's). */
  showOrder(order: SandboxOrder, options: { commit: boolean; fundingLabel: string }): void;
  /** A message inside the pop-up (e.g. the merchant refused a shipping address). */
  showMessage(text: string): void;
  /** Express: called when the shopper picks another shipping option. */
  onShippingChange(handler: (optionId: string) => void): void;
  close(): void;
}

const STYLE = `
.actuate-paypal-sandbox{position:fixed;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center;z-index:2147483647;font:16px/1.4 system-ui,sans-serif}
.actuate-paypal-sandbox__dialog{background:#fff;color:#1a1a1a;border-radius:12px;padding:24px;width:min(420px,92vw);box-shadow:0 8px 32px rgba(0,0,0,.3)}
.actuate-paypal-sandbox__dialog h2{margin:0 0 12px;font-size:20px;color:#003087}
.actuate-paypal-sandbox__dialog fieldset{border:1px solid #ccc;border-radius:8px;margin:12px 0;padding:8px 12px}
.actuate-paypal-sandbox__actions{display:flex;gap:8px;flex-wrap:wrap;margin-top:16px}
.actuate-paypal-sandbox__actions button{flex:1;min-height:44px;border-radius:22px;border:1px solid #003087;font-weight:600;cursor:pointer;background:#fff;color:#003087}
.actuate-paypal-sandbox__actions button[data-choice=approve]{background:#003087;color:#fff}
`;

/** The simulated PayPal pop-up: an accessible modal dialog inside the page. */
export function openPopup(onChoice: (choice: PopupChoice) => void): PopupHandle {
  const previousFocus = document.activeElement as HTMLElement | null;
  const overlay = document.createElement('div');
  overlay.className = 'actuate-paypal-sandbox';
  overlay.innerHTML = `<style>${STYLE}</style>`;
  const dialog = document.createElement('div');
  dialog.className = 'actuate-paypal-sandbox__dialog';
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', 'actuate-paypal-sandbox-title');
  const title = element('h2', 'PayPal (sandbox)');
  title.id = 'actuate-paypal-sandbox-title';
  const body = element('div', 'Loading your order…');
  body.setAttribute('aria-live', 'polite');
  const message = element('p', '');
  message.setAttribute('role', 'alert');
  dialog.append(title, body, message);
  overlay.append(dialog);
  document.body.append(overlay);
  dialog.tabIndex = -1;
  dialog.focus();

  let closed = false;
  let shippingHandler: ((optionId: string) => void) | undefined;
  const choose = (choice: PopupChoice) => {
    if (!closed) onChoice(choice);
  };
  overlay.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') choose({ kind: 'cancel' });
  });

  return {
    showOrder(order, { commit, fundingLabel }) {
      const unit = order.purchase_units[0];
      body.replaceChildren(
        element('p', `${fundingLabel}: ${unit?.amount.value ?? ''} ${unit?.amount.currency_code ?? ''}`),
        element('p', `Order reference: ${unit?.reference_id ?? ''}`),
      );
      const buyers = fieldset('Sandbox buyer account', 'buyer', [
        { value: 'standard', label: 'Sandbox Buyer (buyer@sandbox.actuate.test)', checked: true },
        { value: 'declined', label: 'Declined Buyer (funding source refuses)', checked: false },
      ]);
      body.append(buyers);
      if (order.express && order.shipping_options) {
        const shipping = fieldset(
          'Shipping',
          'shipping',
          order.shipping_options.map((option) => ({
            value: option.id,
            label: `${option.label} (${option.value} ${unit?.amount.currency_code ?? ''})`,
            checked: option.selected,
          })),
        );
        shipping.addEventListener('change', (event) =>
          shippingHandler?.((event.target as HTMLInputElement).value),
        );
        body.append(shipping);
      }
      const actions = document.createElement('div');
      actions.className = 'actuate-paypal-sandbox__actions';
      const button = (label: string, choice: string, onClick: () => void) => {
        const node = element('button', label) as HTMLButtonElement;
        node.type = 'button';
        node.dataset.choice = choice;
        node.addEventListener('click', onClick);
        actions.append(node);
        return node;
      };
      const approve = button(commit ? 'Approve' : 'Approve and continue', 'approve', () => {
        const picked = dialog.querySelector<HTMLInputElement>('input[name=buyer]:checked');
        choose({ kind: 'approve', buyer: picked?.value ?? 'standard' });
      });
      button('Cancel', 'cancel', () => choose({ kind: 'cancel' }));
      button('Fail', 'fail', () => choose({ kind: 'fail' }));
      body.append(actions);
      approve.focus();
    },
    showMessage(text) {
      message.textContent = text;
    },
    onShippingChange(handler) {
      shippingHandler = handler;
    },
    close() {
      closed = true;
      overlay.remove();
      previousFocus?.focus?.();
    },
  };
}

function element(tag: string, text: string): HTMLElement {
  const node = document.createElement(tag);
  node.textContent = text;
  return node;
}

function fieldset(
  legend: string,
  name: string,
  options: { value: string; label: string; checked: boolean }[],
) {
  const set = document.createElement('fieldset');
  set.append(element('legend', legend));
  for (const option of options) {
    const label = document.createElement('label');
    label.style.display = 'block';
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = name;
    input.value = option.value;
    input.checked = option.checked;
    label.append(input, ` ${option.label}`);
    set.append(label);
  }
  return set;
}
