/** The simulator's sheet: a modal `<dialog>` titled "Amazon Pay (sandbox)", styled through the CSSOM (no inline CSS for a page's CSP). */

type Style = Partial<Record<keyof CSSStyleDeclaration, string>>;

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<HTMLElementTagNameMap[K]> = {},
  style: Style = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), properties);
  Object.assign(node.style, style);
  for (const child of children) node.append(child);
  return node;
}

const BUTTON: Style = {
  font: 'inherit',
  padding: '8px 16px',
  minHeight: '44px',
  borderRadius: '8px',
  cursor: 'pointer',
};
export const PRIMARY: Style = {
  ...BUTTON,
  background: '#ffd814',
  border: '1px solid #fcd200',
  color: '#0f1111',
};
export const SECONDARY: Style = {
  ...BUTTON,
  background: '#fff',
  border: '1px solid #888c8c',
  color: '#0f1111',
};

export function button(label: string, style: Style, onClick: () => void): HTMLButtonElement {
  const node = element('button', { type: 'button', textContent: label }, style);
  node.addEventListener('click', onClick);
  return node;
}

/** A radio group in a fieldset, the first (or the selected) option checked. */
export function radioGroup(
  legend: string,
  name: string,
  options: { value: string; label: string }[],
  selected: string | undefined,
): HTMLFieldSetElement {
  const fieldset = element(
    'fieldset',
    {},
    { border: '1px solid #d5d9d9', borderRadius: '8px', margin: '0 0 12px', padding: '8px 12px' },
    [element('legend', { textContent: legend }, { fontWeight: '600' })],
  );
  options.forEach((option, index) => {
    const input = element('input', {
      type: 'radio',
      name,
      value: option.value,
      checked: selected ? option.value === selected : index === 0,
    });
    fieldset.append(
      element('label', {}, { display: 'block', padding: '4px 0' }, [input, ` ${option.label}`]),
    );
  });
  return fieldset;
}

export const checkedValue = (root: HTMLElement, name: string) =>
  root.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value;

/** Opens the sheet; its content is replaced step by step; Escape or Cancel closes it. */
export class SandboxSheet {
  private readonly dialog: HTMLDialogElement;
  private readonly body: HTMLDivElement;

  constructor() {
    const titleId = `amazonpay-sandbox-title-${Math.random().toString(36).slice(2)}`;
    this.body = element('div');
    this.dialog = element(
      'dialog',
      {},
      {
        maxWidth: '420px',
        width: 'calc(100% - 32px)',
        border: '1px solid #d5d9d9',
        borderRadius: '12px',
        padding: '20px',
        font: '16px system-ui, sans-serif',
        color: '#0f1111',
      },
      [
        element(
          'h2',
          { id: titleId, textContent: 'Amazon Pay (sandbox)' },
          { margin: '0 0 12px', fontSize: '20px' },
        ),
        this.body,
      ],
    );
    this.dialog.setAttribute('aria-labelledby', titleId);
    this.dialog.addEventListener('close', () => this.dialog.remove());
    document.body.append(this.dialog);
    this.dialog.showModal();
  }

  show(...children: Node[]) {
    this.body.replaceChildren(...children);
    this.dialog.querySelector<HTMLElement>('input, button')?.focus();
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  /** A problem the buyer sees, with a Close button. */
  fail(message: string) {
    this.show(
      element('p', { textContent: message }, {}, []),
      button('Close', SECONDARY, () => this.close()),
    );
    this.body.querySelector('p')?.setAttribute('role', 'alert');
  }
}
