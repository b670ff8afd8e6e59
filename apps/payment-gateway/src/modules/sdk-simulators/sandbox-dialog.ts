/**
 * The in-page dialog a wallet simulator shows in place of the provider's sheet or pop-up: a modal
 * `role="dialog"` with a heading, optional content and one button per shopper action, Escape closing
 * it like the provider's close control. Styled through the CSSOM only, so a strict CSP page shows it.
 */
export interface SandboxDialogButton {
  label: string;
  onClick(): void;
}

export interface SandboxDialog {
  element: HTMLElement;
  close(): void;
}

export function openSandboxDialog(options: {
  id: string;
  title: string;
  body?: (Node | string)[];
  buttons: SandboxDialogButton[];
  onEscape(): void;
}): SandboxDialog {
  const backdrop = document.createElement('div');
  Object.assign(backdrop.style, {
    position: 'fixed',
    inset: '0',
    background: 'rgba(0, 0, 0, 0.45)',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    zIndex: '2147483000',
  });
  const dialog = document.createElement('div');
  dialog.id = options.id;
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  const titleId = `${options.id}-title`;
  dialog.setAttribute('aria-labelledby', titleId);
  Object.assign(dialog.style, {
    background: '#ffffff',
    color: '#1a1a1a',
    font: '16px/1.4 system-ui, sans-serif',
    borderRadius: '12px',
    padding: '24px',
    minWidth: '280px',
    maxWidth: '90vw',
    boxShadow: '0 8px 32px rgba(0, 0, 0, 0.3)',
  });
  const heading = document.createElement('h2');
  heading.id = titleId;
  heading.textContent = options.title;
  Object.assign(heading.style, { margin: '0 0 12px', fontSize: '20px' });
  dialog.append(heading, ...(options.body ?? []));
  const actions = document.createElement('div');
  Object.assign(actions.style, { display: 'flex', gap: '8px', marginTop: '16px', flexWrap: 'wrap' });
  for (const button of options.buttons) {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = button.label;
    Object.assign(element.style, {
      padding: '10px 16px',
      borderRadius: '8px',
      border: '1px solid #1a1a1a',
      background: '#ffffff',
      color: '#1a1a1a',
      font: 'inherit',
      cursor: 'pointer',
    });
    element.addEventListener('click', button.onClick);
    actions.append(element);
  }
  dialog.append(actions);
  backdrop.append(dialog);
  const previousFocus = document.activeElement as HTMLElement | null;
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      options.onEscape();
    }
  };
  dialog.addEventListener('keydown', onKey);
  document.body.append(backdrop);
  actions.querySelector('button')?.focus();
  return {
    element: dialog,
    close() {
      backdrop.remove();
      previousFocus?.focus?.();
    },
  };
}

/** A paragraph for a dialog's body. */
export function paragraph(text: string): HTMLElement {
  const element = document.createElement('p');
  element.textContent = text;
  element.style.margin = '0 0 8px';
  return element;
}

/** A tester's scenario switches: localStorage `actuate-sandbox:<wallet>` holds a JSON object. */
export function sandboxSwitches<T extends object>(wallet: string): Partial<T> {
  try {
    const raw = window.localStorage.getItem(`actuate-sandbox:${wallet}`);
    const parsed = raw ? (JSON.parse(raw) as unknown) : undefined;
    return parsed && typeof parsed === 'object' ? (parsed as Partial<T>) : {};
  } catch {
    return {};
  }
}
