/**
 * The simulated payment sheet: a modal `<dialog>` inside the page (focus kept inside, Escape
 * cancels), with the merchant, line items, total, test cards, shipping address and methods when the
 * request asks for them, and Pay / Cancel. It only draws the model and reports the shopper's choices;
 * the session (apple-pay-sdk.ts) owns the flow.
 */
export interface SheetLineItem {
  label: string;
  amount: string;
  type?: string;
}

export interface SheetShippingMethod {
  identifier: string;
  label: string;
  amount: string;
  detail?: string;
}

export interface SheetModel {
  merchantName: string;
  currencyCode: string;
  lineItems: SheetLineItem[];
  total: SheetLineItem;
  cards: { id: string; label: string }[];
  cardId: string;
  addresses: { id: string; label: string }[] | undefined;
  addressId: string | undefined;
  shippingMethods: SheetShippingMethod[] | undefined;
  shippingMethodId: string | undefined;
  billingSummary: string | undefined;
  /** validating: merchant validation running; waiting: the page is updating the sheet. */
  phase: 'validating' | 'ready' | 'waiting' | 'authorising' | 'done' | 'failed';
  message: string | undefined;
}

export interface SheetEvents {
  card(id: string): void;
  address(id: string): void;
  shippingMethod(id: string): void;
  pay(): void;
  cancel(): void;
}

const css = (element: HTMLElement, style: Partial<CSSStyleDeclaration>) =>
  Object.assign(element.style, style);

function node<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (text !== undefined) element.textContent = text;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

export class PaymentSheet {
  private readonly dialog: HTMLDialogElement;
  private readonly body: HTMLDivElement;

  constructor(private readonly events: SheetEvents) {
    this.dialog = node('dialog', undefined, {
      'aria-labelledby': 'actuate-applepay-sheet-title',
      'data-testid': 'applepay-sheet',
    });
    css(this.dialog, {
      width: 'min(380px, 92vw)',
      padding: '16px',
      border: '1px solid #1d1d1f',
      borderRadius: '12px',
      font: '15px/1.4 system-ui, sans-serif',
      color: '#1d1d1f',
      background: '#ffffff',
    });
    this.dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      this.events.cancel();
    });
    const title = node('h2', 'Apple Pay (sandbox)', { id: 'actuate-applepay-sheet-title' });
    css(title, { fontSize: '17px', margin: '0 0 8px' });
    this.body = node('div');
    this.dialog.append(title, this.body);
    document.body.append(this.dialog);
    this.dialog.showModal();
  }

  render(model: SheetModel) {
    const focusedKey = (document.activeElement as HTMLElement | null)?.dataset?.key;
    this.body.replaceChildren(...this.sections(model));
    const refocus = focusedKey ? this.body.querySelector<HTMLElement>(`[data-key="${focusedKey}"]`) : null;
    (refocus ?? this.body.querySelector<HTMLElement>('[data-autofocus]'))?.focus();
  }

  close() {
    if (this.dialog.open) this.dialog.close();
    this.dialog.remove();
  }

  private sections(model: SheetModel): HTMLElement[] {
    const idle = model.phase === 'ready';
    const out: HTMLElement[] = [node('p', model.merchantName)];
    if (model.phase === 'validating') {
      out.push(node('p', 'Contacting the merchant…', { role: 'status' }));
      out.push(this.cancelButton(true));
      return out;
    }
    const items = node('ul', undefined, { 'aria-label': 'Order summary' });
    css(items, { listStyle: 'none', padding: '0', margin: '0 0 8px' });
    for (const item of model.lineItems) items.append(this.amountRow(item, model.currencyCode));
    const total = this.amountRow(model.total, model.currencyCode, true);
    total.setAttribute('data-testid', 'applepay-total');
    items.append(total);
    out.push(items);
    out.push(this.choice('Card', 'card', model.cards, model.cardId, idle, (id) => this.events.card(id)));
    if (model.addresses && model.addressId)
      out.push(
        this.choice('Shipping address', 'address', model.addresses, model.addressId, idle, (id) =>
          this.events.address(id),
        ),
      );
    if (model.shippingMethods?.length && model.shippingMethodId)
      out.push(
        this.choice(
          'Shipping method',
          'shipping',
          model.shippingMethods.map((method) => ({
            id: method.identifier,
            label: `${method.label} ${model.currencyCode} ${method.amount}${method.detail ? ` (${method.detail})` : ''}`,
          })),
          model.shippingMethodId,
          idle,
          (id) => this.events.shippingMethod(id),
        ),
      );
    if (model.billingSummary) out.push(node('p', `Billing address: ${model.billingSummary}`));
    if (model.message)
      out.push(node('p', model.message, { role: model.phase === 'failed' ? 'alert' : 'status' }));
    else if (model.phase === 'waiting' || model.phase === 'authorising')
      out.push(node('p', model.phase === 'waiting' ? 'Updating…' : 'Processing…', { role: 'status' }));
    if (model.phase === 'done' || model.phase === 'failed') return out;
    const actions = node('div');
    css(actions, { display: 'flex', gap: '8px', marginTop: '12px' });
    const pay = node('button', `Pay ${model.currencyCode} ${model.total.amount}`, {
      type: 'button',
      'data-key': 'pay',
    });
    css(pay, { flex: '1', padding: '10px', background: '#000000', color: '#ffffff', borderRadius: '8px' });
    pay.disabled = !idle;
    pay.addEventListener('click', () => {
      if (model.phase === 'ready') this.events.pay();
    });
    actions.append(pay, this.cancelButton(false));
    out.push(actions);
    return out;
  }

  private cancelButton(autofocus: boolean): HTMLButtonElement {
    const cancel = node('button', 'Cancel', { type: 'button', 'data-key': 'cancel' });
    if (autofocus) cancel.setAttribute('data-autofocus', '');
    css(cancel, { padding: '10px', borderRadius: '8px' });
    cancel.addEventListener('click', () => this.events.cancel());
    return cancel;
  }

  private amountRow(item: SheetLineItem, currency: string, strong = false): HTMLLIElement {
    const row = node('li');
    css(row, { display: 'flex', justifyContent: 'space-between', fontWeight: strong ? '600' : '400' });
    const amount = item.type === 'pending' ? 'Amount pending' : `${currency} ${item.amount}`;
    row.append(node('span', strong ? `Total ${item.label}` : item.label), node('span', amount));
    return row;
  }

  private choice(
    legend: string,
    name: string,
    options: { id: string; label: string }[],
    selected: string,
    enabled: boolean,
    onChange: (id: string) => void,
  ): HTMLFieldSetElement {
    const fieldset = node('fieldset');
    css(fieldset, { border: '1px solid #d2d2d7', borderRadius: '8px', margin: '0 0 8px' });
    fieldset.append(node('legend', legend));
    for (const option of options) {
      const label = node('label');
      css(label, { display: 'block' });
      const input = node('input', undefined, {
        type: 'radio',
        name: `actuate-applepay-${name}`,
        value: option.id,
        'data-key': `${name}-${option.id}`,
      });
      input.checked = option.id === selected;
      if (input.checked && name === 'card') input.setAttribute('data-autofocus', '');
      input.disabled = !enabled;
      input.addEventListener('change', () => onChange(option.id));
      label.append(input, ` ${option.label}`);
      fieldset.append(label);
    }
    return fieldset;
  }
}
