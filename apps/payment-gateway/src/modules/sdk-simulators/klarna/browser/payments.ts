/**
 * Sandbox Klarna Payments (`payments.js`): `window.Klarna.Payments` with init({ client_token }),
 * load({ container, payment_method_category }, data?, callback) rendering an in-page widget, and
 * authorize({ payment_method_category }, data?, callback) opening a dialog (Approve / Reject /
 * Close) whose answer is Klarna's `{ approved, show_form, authorization_token?, error? }`. Calls
 * `window.klarnaAsyncCallback` once loaded, as Klarna's script does.
 * Switches (localStorage `actuate-sandbox:klarna`): `{"available": false}` makes load() answer
 * `show_form: false` (the method is not offered for this order).
 */
import { openSandboxDialog, paragraph, type SandboxDialog, sandboxSwitches } from '../../sandbox-dialog.ts';

interface LoadResponse {
  show_form: boolean;
  error?: { invalid_fields?: string[] } | undefined;
}

interface AuthorizeResponse {
  approved: boolean;
  show_form: boolean;
  authorization_token?: string;
  error?: { invalid_fields?: string[] } | undefined;
}

type Callback<T> = (response: T) => void;

const authorizationsUrl = new URL(
  'authorizations',
  (document.currentScript as HTMLScriptElement | null)?.src ?? location.href,
).href;

const CATEGORY_NAMES: Record<string, string> = {
  pay_later: 'Pay later in 30 days',
  pay_over_time: 'Financing: pay over time',
  pay_now: 'Pay now',
};

let clientToken: string | undefined;
let dialog: SandboxDialog | undefined;

/** Klarna's optional middle `data` argument: the callback is the last function given. */
function callbackOf<T>(args: unknown[]): Callback<T> {
  const callback = [...args].reverse().find((arg) => typeof arg === 'function');
  return (callback as Callback<T> | undefined) ?? (() => {});
}

function init(options: { client_token?: string }) {
  clientToken = options?.client_token;
}

function load(
  options: { container?: string | HTMLElement; payment_method_category?: string },
  ...rest: unknown[]
) {
  const callback = callbackOf<LoadResponse>(rest);
  const container =
    typeof options?.container === 'string'
      ? document.querySelector<HTMLElement>(options.container)
      : options?.container;
  if (!clientToken || !container) {
    callback({ show_form: false, error: { invalid_fields: clientToken ? ['container'] : ['client_token'] } });
    return;
  }
  if (sandboxSwitches<{ available: boolean }>('klarna').available === false) {
    callback({ show_form: false });
    return;
  }
  const category = options.payment_method_category ?? 'pay_later';
  const widget = document.createElement('div');
  widget.setAttribute('data-klarna-sandbox-widget', category);
  Object.assign(widget.style, {
    border: '1px solid #ffb3c7',
    borderRadius: '8px',
    padding: '12px 16px',
    margin: '0 0 12px',
    background: '#fff5f8',
    color: '#17120f',
    font: '15px/1.4 system-ui, sans-serif',
  });
  const title = document.createElement('strong');
  title.textContent = `Klarna (sandbox): ${CATEGORY_NAMES[category] ?? category}`;
  widget.append(title, paragraph('No fees. Klarna asks you to confirm when you pay.'));
  container.replaceChildren(widget);
  callback({ show_form: true });
}

function authorize(
  options: { payment_method_category?: string; auto_finalize?: boolean },
  ...rest: unknown[]
) {
  const callback = callbackOf<AuthorizeResponse>(rest);
  if (!clientToken) {
    callback({ approved: false, show_form: false, error: { invalid_fields: ['client_token'] } });
    return;
  }
  if (dialog) return;
  const token = clientToken;
  const finish = (response: AuthorizeResponse) => {
    dialog?.close();
    dialog = undefined;
    callback(response);
  };
  dialog = openSandboxDialog({
    id: 'klarna-sandbox-dialog',
    title: 'Klarna (sandbox): confirm your purchase',
    body: [
      paragraph(
        `${CATEGORY_NAMES[options?.payment_method_category ?? ''] ?? 'Klarna'}: approve to pay with Klarna.`,
      ),
    ],
    buttons: [
      {
        label: 'Approve',
        onClick: () => {
          void approve(token).then(
            (authorization_token) => finish({ approved: true, show_form: true, authorization_token }),
            () => finish({ approved: false, show_form: true, error: { invalid_fields: [] } }),
          );
        },
      },
      // Klarna declines the purchase: the form is hidden, the shopper picks another method.
      { label: 'Reject', onClick: () => finish({ approved: false, show_form: false }) },
      // The shopper closed Klarna's pop-up: the form stays and may be tried again.
      { label: 'Close', onClick: () => finish({ approved: false, show_form: true }) },
    ],
    onEscape: () => finish({ approved: false, show_form: true }),
  });
}

async function approve(token: string): Promise<string> {
  const response = await fetch(authorizationsUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_token: token }),
  });
  if (!response.ok) throw new Error(`authorization failed with ${response.status}`);
  return ((await response.json()) as { authorization_token: string }).authorization_token;
}

const global = window as unknown as { Klarna?: unknown; klarnaAsyncCallback?: () => void };
global.Klarna = { Payments: { init, load, authorize } };
global.klarnaAsyncCallback?.();
