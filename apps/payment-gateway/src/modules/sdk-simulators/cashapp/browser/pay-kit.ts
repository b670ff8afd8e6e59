/**
 * Sandbox Cash App Pay Kit (`pay.js`): `window.CashApp.pay({ clientId })` resolves a pay kit with the
 * documented browser API: render(), addEventListener()/removeEventListener(), customerRequest(),
 * begin() (from render), restart() and destroy(). "Approve on your phone" is an in-page dialog
 * (choose a test account, Approve / Decline / Dismiss); approving asks the gateway for signed grants.
 * Switches (localStorage `actuate-sandbox:cashapp`): `{"available": false}` makes pay() reject,
 * `{"customerRequest": "fail"}` makes customerRequest() reject, `{"approval": "fail"}` ends an approval
 * with CUSTOMER_REQUEST_FAILED.
 */
import { openSandboxDialog, paragraph, type SandboxDialog, sandboxSwitches } from '../../sandbox-dialog.ts';

type CashAppEvent =
  | 'CUSTOMER_INTERACTION'
  | 'CUSTOMER_REQUEST_APPROVED'
  | 'CUSTOMER_REQUEST_DECLINED'
  | 'CUSTOMER_DISMISSED'
  | 'CUSTOMER_REQUEST_FAILED';

interface CustomerRequest {
  referenceId?: string;
  redirectURL?: string;
  actions?: {
    payment?: { amount: { currency: string; value: number }; scopeId?: string };
    onFile?: { scopeId?: string };
  };
}

interface Switches {
  available: boolean;
  customerRequest: 'fail';
  approval: 'fail';
}

const TEST_ACCOUNTS = ['$sandbox-shopper', '$declined-shopper'];
// Read while the script runs: the gateway that served it also issues the grants.
const approvalsUrl = new URL(
  'approvals',
  (document.currentScript as HTMLScriptElement | null)?.src ?? location.href,
).href;

class PayKit {
  private readonly listeners = new Map<CashAppEvent, Set<(data?: unknown) => void>>();
  private request: CustomerRequest | undefined;
  private buttons: HTMLElement[] = [];
  private dialog: SandboxDialog | undefined;

  constructor(private readonly clientId: string) {}

  addEventListener(event: CashAppEvent, callback: (data?: unknown) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(callback);
  }

  removeEventListener(event: CashAppEvent, callback: (data?: unknown) => void) {
    this.listeners.get(event)?.delete(callback);
  }

  /** Renders the Cash App Pay button (unless `button: false`) and answers `{ begin }`. */
  async render(
    target: HTMLElement | string,
    options: {
      button?: false | { width?: string; shape?: string; size?: string; theme?: string };
      manage?: boolean;
    } = {},
  ) {
    const host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
    if (!host) throw new Error('CashApp: render target not found');
    if (options.button !== false) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Cash App Pay';
      button.setAttribute('data-cashapp-button', '');
      Object.assign(button.style, {
        background: '#00d64f',
        color: '#000000',
        border: 'none',
        borderRadius: options.button?.shape === 'round' ? '24px' : '8px',
        padding: '12px 16px',
        font: '600 16px system-ui, sans-serif',
        width: options.button?.width === 'full' ? '100%' : 'auto',
        cursor: 'pointer',
      });
      button.addEventListener('click', () => this.emit('CUSTOMER_INTERACTION', { isMobile: false }));
      host.append(button);
      this.buttons.push(button);
    }
    return { begin: () => this.begin() };
  }

  async customerRequest(request: CustomerRequest) {
    if (sandboxSwitches<Switches>('cashapp').customerRequest === 'fail')
      throw new Error('CashApp: the customer request could not be created (sandbox switch)');
    if (!request?.actions?.payment && !request?.actions?.onFile)
      throw new Error('CashApp: a customer request needs actions.payment or actions.onFile');
    this.request = request;
  }

  /** Forgets the request and closes the dialog, ready for a new customer request. */
  async restart() {
    this.request = undefined;
    this.closeDialog();
    for (const button of this.buttons) button.remove();
    this.buttons = [];
  }

  destroy() {
    void this.restart();
    this.listeners.clear();
  }

  private begin() {
    const request = this.request;
    if (!request || this.dialog) return;
    const payment = request.actions?.payment;
    const select = document.createElement('select');
    select.id = 'cashapp-sandbox-account';
    for (const cashtag of TEST_ACCOUNTS) select.append(new Option(cashtag, cashtag));
    const label = document.createElement('label');
    label.htmlFor = select.id;
    label.textContent = 'Cash App account ';
    label.append(select);
    this.dialog = openSandboxDialog({
      id: 'cashapp-sandbox-dialog',
      title: 'Cash App Pay (sandbox): approve on your phone',
      body: [
        paragraph(
          payment
            ? `Pay ${formatAmount(payment.amount)}${request.actions?.onFile ? ' and link your Cash App for later payments' : ''}.`
            : 'Link your Cash App for later payments.',
        ),
        label,
      ],
      buttons: [
        { label: 'Approve', onClick: () => void this.approve(request, select.value) },
        { label: 'Decline', onClick: () => this.finish('CUSTOMER_REQUEST_DECLINED') },
        { label: 'Dismiss', onClick: () => this.finish('CUSTOMER_DISMISSED') },
      ],
      onEscape: () => this.finish('CUSTOMER_DISMISSED'),
    });
  }

  private async approve(request: CustomerRequest, cashtag: string) {
    try {
      if (sandboxSwitches<Switches>('cashapp').approval === 'fail') throw new Error('sandbox switch');
      const response = await fetch(approvalsUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: this.clientId, cashtag, actions: request.actions }),
      });
      if (!response.ok) throw new Error(`approval failed with ${response.status}`);
      const approved = (await response.json()) as unknown;
      this.finish('CUSTOMER_REQUEST_APPROVED', approved);
    } catch (error) {
      this.finish('CUSTOMER_REQUEST_FAILED', { error: String(error) });
    }
  }

  private finish(event: CashAppEvent, data?: unknown) {
    this.closeDialog();
    this.request = undefined;
    this.emit(event, data);
  }

  private closeDialog() {
    this.dialog?.close();
    this.dialog = undefined;
  }

  private emit(event: CashAppEvent, data?: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(data);
  }
}

function formatAmount(amount: { currency: string; value: number }) {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: amount.currency }).format(
    amount.value / 100,
  );
}

(window as unknown as { CashApp: unknown }).CashApp = {
  async pay(options: { clientId?: string }) {
    if (sandboxSwitches<Switches>('cashapp').available === false)
      throw new Error('CashApp: Cash App Pay is not available (sandbox switch)');
    if (!options?.clientId) throw new Error('CashApp: clientId is required');
    return new PayKit(options.clientId);
  },
};
