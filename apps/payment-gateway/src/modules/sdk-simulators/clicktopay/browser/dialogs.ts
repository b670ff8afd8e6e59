/**
 * The simulators' in-page UI: the scheme's DCF (checkout confirmation) as a modal dialog and the
 * one-time code "SMS" as a small non-modal notice. Plain DOM, styled through the CSSOM so a strict
 * page CSP needs nothing extra; every control is a real button a person or a test can click.
 */
type Style = Partial<Record<string, string>>;

function element(doc: Document, tag: string, style: Style = {}, text?: string): HTMLElement {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(style)) if (value) node.style.setProperty(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(doc: Document, label: string, primary: boolean): HTMLButtonElement {
  const node = element(doc, 'button', {
    padding: '10px 16px',
    'border-radius': '6px',
    border: '1px solid #1a1f71',
    background: primary ? '#1a1f71' : '#fff',
    color: primary ? '#fff' : '#1a1f71',
    font: 'inherit',
    cursor: 'pointer',
  }) as HTMLButtonElement;
  node.type = 'button';
  node.textContent = label;
  return node;
}

let dialogCount = 0;

export interface DcfChoice {
  action: 'confirm' | 'cancel';
}

/**
 * The scheme's Digital Card Facilitator: the shopper confirms paying with the card or cancels. In the
 * page (Visa) or inside the merchant's embedded iframe (Mastercard's `windowRef`).
 */
export function openDcf(doc: Document, options: { title: string; cardLabel: string; merchant: string }) {
  return new Promise<DcfChoice>((resolve) => {
    const id = `actuate-ctp-dcf-${++dialogCount}`;
    const backdrop = element(doc, 'div', {
      position: 'fixed',
      inset: '0',
      background: 'rgba(0,0,0,0.45)',
      display: 'flex',
      'align-items': 'center',
      'justify-content': 'center',
      'z-index': '2147483000',
      'font-family': 'system-ui, sans-serif',
    });
    const dialog = element(doc, 'div', {
      background: '#fff',
      color: '#111',
      padding: '24px',
      'border-radius': '12px',
      'max-width': '360px',
      width: '90%',
      'box-shadow': '0 8px 32px rgba(0,0,0,0.3)',
    });
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', `${id}-title`);
    const heading = element(doc, 'h2', { margin: '0 0 12px', 'font-size': '20px' }, options.title);
    heading.id = `${id}-title`;
    const text = element(
      doc,
      'p',
      { margin: '0 0 20px' },
      `Pay ${options.merchant || 'the merchant'} with ${options.cardLabel}?`,
    );
    const note = element(
      doc,
      'p',
      { margin: '0 0 20px', 'font-size': '13px', color: '#444' },
      'Sandbox: no real card is charged.',
    );
    const actions = element(doc, 'div', { display: 'flex', gap: '8px', 'justify-content': 'flex-end' });
    const cancel = button(doc, 'Cancel', false);
    const confirm = button(doc, 'Continue', true);
    actions.append(cancel, confirm);
    dialog.append(heading, text, note, actions);
    backdrop.append(dialog);
    const previous = doc.activeElement as HTMLElement | null;
    const close = (action: DcfChoice['action']) => {
      backdrop.remove();
      previous?.focus?.();
      resolve({ action });
    };
    cancel.addEventListener('click', () => close('cancel'));
    confirm.addEventListener('click', () => close('confirm'));
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') close('cancel');
      // Keep the focus inside the modal.
      if (event.key === 'Tab') {
        event.preventDefault();
        (doc.activeElement === confirm ? cancel : confirm).focus();
      }
    });
    doc.body.append(backdrop);
    confirm.focus();
  });
}

/** The one-time code as the shopper's phone or mailbox would show it (sandbox only). */
export function showCodeNotice(doc: Document, channel: string, code: string) {
  doc.getElementById('actuate-ctp-sms')?.remove();
  const notice = element(doc, 'div', {
    position: 'fixed',
    top: '12px',
    right: '12px',
    background: '#fffbe6',
    color: '#111',
    border: '1px solid #c9a400',
    'border-radius': '8px',
    padding: '12px 16px',
    'z-index': '2147483001',
    'font-family': 'system-ui, sans-serif',
    'max-width': '300px',
  });
  notice.id = 'actuate-ctp-sms';
  notice.setAttribute('role', 'dialog');
  notice.setAttribute('aria-label', 'Sandbox SMS');
  const text = element(doc, 'p', { margin: '0 0 8px' }, `Click to Pay code sent to ${channel}: `);
  const value = element(doc, 'strong', {}, code);
  value.setAttribute('data-testid', 'ctp-sandbox-code');
  text.append(value);
  const close = button(doc, 'Dismiss', false);
  close.addEventListener('click', () => notice.remove());
  notice.append(text, close);
  doc.body.append(notice);
}
