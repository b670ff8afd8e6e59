import type { Address, SheetCard, ShippingOption, TransactionInfo } from './types.ts';

/** Shipping addresses the shopper can pick in express checkouts (fictional). */
export const TEST_ADDRESSES: (Address & { id: string })[] = [
  {
    id: 'nl',
    name: 'Jan Jansen',
    address1: 'Simon Carmiggeltstraat 6',
    address2: '',
    locality: 'Amsterdam',
    postalCode: '1011 DJ',
    countryCode: 'NL',
  },
  {
    id: 'us',
    name: 'Jane Doe',
    address1: '1600 Example Avenue',
    address2: 'Suite 5',
    locality: 'Mountain View',
    administrativeArea: 'CA',
    postalCode: '94043',
    countryCode: 'US',
  },
];

export interface SheetContent {
  merchantName: string;
  transaction: TransactionInfo;
  cards: SheetCard[];
  askAddress: boolean;
  options: ShippingOption[] | undefined;
  selectedOptionId: string | undefined;
}

export interface SheetHandlers {
  onPay(cardId: string): void;
  onCancel(): void;
  onDeveloperError(): void;
  onAddressChange(addressId: string): void;
  onOptionChange(optionId: string): void;
}

let sheetCount = 0;

/**
 * The payment sheet as an accessible modal dialog inside the page: merchant, total, (express)
 * shipping address and option, the test cards, and Pay / Cancel / developer-error buttons. Escape
 * cancels; focus moves in on open and back to the page's button on close.
 */
export class Sheet {
  private readonly overlay = document.createElement('div');
  private readonly dialog = document.createElement('div');
  private readonly total = document.createElement('p');
  private readonly alert = document.createElement('p');
  private readonly optionsBox = document.createElement('fieldset');
  private readonly buttons: HTMLButtonElement[] = [];
  private readonly returnFocus = document.activeElement as HTMLElement | null;
  private content: SheetContent;

  constructor(
    content: SheetContent,
    private readonly handlers: SheetHandlers,
  ) {
    this.content = content;
    const id = `actuate-gpay-sheet-${++sheetCount}`;
    Object.assign(this.overlay.style, {
      position: 'fixed',
      inset: '0',
      background: 'rgba(0,0,0,0.5)',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      zIndex: '2147483000',
    });
    this.overlay.setAttribute('data-actuate-sandbox', 'googlepay');
    this.dialog.setAttribute('role', 'dialog');
    this.dialog.setAttribute('aria-modal', 'true');
    this.dialog.setAttribute('aria-labelledby', `${id}-title`);
    Object.assign(this.dialog.style, {
      background: '#ffffff',
      color: '#202124',
      font: '16px system-ui, sans-serif',
      padding: '24px',
      borderRadius: '8px',
      maxWidth: '420px',
      width: '90%',
      maxHeight: '90vh',
      overflow: 'auto',
    });
    const title = document.createElement('h2');
    title.id = `${id}-title`;
    title.textContent = 'Google Pay (sandbox)';
    title.style.margin = '0 0 8px';
    const merchant = document.createElement('p');
    merchant.textContent = `Pay ${content.merchantName}`;
    this.total.setAttribute('data-testid', 'gpay-total');
    this.total.setAttribute('aria-live', 'polite');
    this.alert.setAttribute('role', 'alert');
    this.alert.style.color = '#b3261e';
    this.dialog.append(title, merchant, this.total);
    if (content.askAddress) this.dialog.append(this.addressPicker(id));
    this.dialog.append(this.optionsBox, this.cardPicker(id), this.alert, this.actions());
    this.overlay.append(this.dialog);
    this.overlay.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') handlers.onCancel();
    });
    this.render();
    document.body.append(this.overlay);
    this.dialog.querySelector<HTMLInputElement>('input[name="card"]')?.focus();
  }

  /** Shows the new total, shipping options or an error (from the merchant's callbacks). */
  update(change: Partial<SheetContent>) {
    this.content = { ...this.content, ...change };
    // Rebuilding the radios would drop the shopper's focus: only new options are drawn again.
    this.render(change.options !== undefined);
  }

  showError(message: string | undefined) {
    this.alert.textContent = message ?? '';
  }

  /** Disables the buttons while the merchant's callback runs. */
  busy(isBusy: boolean) {
    for (const button of this.buttons) button.disabled = isBusy;
    this.dialog.setAttribute('aria-busy', String(isBusy));
  }

  close() {
    this.overlay.remove();
    this.returnFocus?.focus?.();
  }

  private render(redrawOptions = true) {
    const { transaction, options, selectedOptionId } = this.content;
    const label = transaction.totalPriceLabel ?? 'Total';
    this.total.textContent =
      transaction.totalPriceStatus === 'NOT_CURRENTLY_KNOWN' || transaction.totalPrice === undefined
        ? `${label}: to be calculated`
        : `${label}: ${transaction.currencyCode} ${transaction.totalPrice}`;
    if (!redrawOptions) return;
    this.optionsBox.replaceChildren();
    this.optionsBox.hidden = !options?.length;
    if (!options?.length) return;
    const legend = document.createElement('legend');
    legend.textContent = 'Shipping option';
    this.optionsBox.append(legend);
    for (const option of options) {
      const input = radio('shipping-option', option.id, option.id === (selectedOptionId ?? options[0]?.id));
      input.addEventListener('change', () => this.handlers.onOptionChange(option.id));
      this.optionsBox.append(
        labelled(input, option.description ? `${option.label} (${option.description})` : option.label),
      );
    }
  }

  private addressPicker(id: string) {
    const box = document.createElement('div');
    const label = document.createElement('label');
    label.htmlFor = `${id}-address`;
    label.textContent = 'Shipping address';
    const select = document.createElement('select');
    select.id = `${id}-address`;
    for (const address of TEST_ADDRESSES) {
      const option = document.createElement('option');
      option.value = address.id;
      option.textContent = `${address.name}, ${address.address1}, ${address.locality} (${address.countryCode})`;
      select.append(option);
    }
    select.addEventListener('change', () => this.handlers.onAddressChange(select.value));
    box.append(label, document.createElement('br'), select);
    return box;
  }

  private cardPicker(_id: string) {
    const box = document.createElement('fieldset');
    const legend = document.createElement('legend');
    legend.textContent = 'Card';
    box.append(legend);
    this.content.cards.forEach((card, index) => {
      box.append(labelled(radio('card', card.id, index === 0), `${card.label} — ${card.scenario}`));
    });
    return box;
  }

  private actions() {
    const row = document.createElement('div');
    Object.assign(row.style, { display: 'flex', gap: '8px', flexWrap: 'wrap', marginTop: '12px' });
    const pay = button('Pay', () => {
      const chosen = this.dialog.querySelector<HTMLInputElement>('input[name="card"]:checked');
      if (chosen) this.handlers.onPay(chosen.value);
    });
    Object.assign(pay.style, { background: '#0b57d0', color: '#ffffff', border: '0' });
    const cancel = button('Cancel', () => this.handlers.onCancel());
    const developerError = button('Fail (developer error)', () => this.handlers.onDeveloperError());
    this.buttons.push(pay, developerError);
    row.append(pay, cancel, developerError);
    return row;
  }
}

function radio(name: string, value: string, checked: boolean) {
  const input = document.createElement('input');
  input.type = 'radio';
  input.name = name;
  input.value = value;
  input.checked = checked;
  return input;
}

function labelled(input: HTMLInputElement, text: string) {
  const label = document.createElement('label');
  label.style.display = 'block';
  label.append(input, ` ${text}`);
  return label;
}

function button(text: string, onClick: () => void) {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = text;
  Object.assign(element.style, {
    padding: '8px 16px',
    borderRadius: '4px',
    border: '1px solid #747775',
    background: '#ffffff',
    color: '#202124',
    font: 'inherit',
    cursor: 'pointer',
  });
  element.addEventListener('click', onClick);
  return element;
}
