/**
 * The screen-reader panel. It is created once per checkout and stays in the page (a live region that
 * is added and removed with each message is not announced reliably, a complaint about Adyen Web).
 */
export class LiveRegion {
  private node: HTMLElement | undefined;
  private messages: string[] = [];

  /** Lazily attached on first use, so creating a checkout touches no DOM (SSR-safe). */
  private ensureNode(): HTMLElement | undefined {
    if (typeof document === 'undefined') return undefined;
    if (this.node?.isConnected) return this.node;
    const node = document.createElement('div');
    node.className = 'actuate-checkout__sr-panel';
    node.setAttribute('role', 'log');
    node.setAttribute('aria-live', 'polite');
    node.setAttribute('aria-atomic', 'false');
    document.body.appendChild(node);
    this.node = node;
    return node;
  }

  /** Replaces the announced messages (one line each). */
  announce(messages: string | string[]): void {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(Boolean);
    if (list.join('\n') === this.messages.join('\n')) return;
    this.messages = list;
    const node = this.ensureNode();
    if (!node) return;
    node.replaceChildren(
      ...list.map((text) => {
        const line = document.createElement('div');
        line.textContent = text;
        return line;
      }),
    );
  }

  clear(): void {
    this.announce([]);
  }

  get current(): readonly string[] {
    return this.messages;
  }

  destroy(): void {
    this.node?.remove();
    this.node = undefined;
    this.messages = [];
  }
}
