/**
 * The wallet's button (`createButton`): a real <button> with the documented type, colour, size mode
 * and locale options. Styled through the CSSOM only, so a strict style-src CSP allows it.
 */
export interface ButtonOptions {
  onClick?(event: Event): void;
  buttonType?: string;
  buttonColor?: string;
  buttonSizeMode?: 'static' | 'fill';
  buttonLocale?: string;
  buttonRadius?: number;
}

const LABELS: Record<string, Record<string, string>> = {
  en: {
    buy: 'Buy with',
    pay: 'Pay with',
    checkout: 'Checkout with',
    book: 'Book with',
    donate: 'Donate with',
    order: 'Order with',
    subscribe: 'Subscribe with',
    plain: '',
  },
  de: {
    buy: 'Kaufen mit',
    pay: 'Zahlen mit',
    checkout: 'Bezahlen mit',
    book: 'Buchen mit',
    donate: 'Spenden mit',
    order: 'Bestellen mit',
    subscribe: 'Abonnieren mit',
    plain: '',
  },
  da: {
    buy: 'Køb med',
    pay: 'Betal med',
    checkout: 'Betal med',
    book: 'Book med',
    donate: 'Donér med',
    order: 'Bestil med',
    subscribe: 'Abonnér med',
    plain: '',
  },
  nl: {
    buy: 'Kopen met',
    pay: 'Betalen met',
    checkout: 'Afrekenen met',
    book: 'Boeken met',
    donate: 'Doneren met',
    order: 'Bestellen met',
    subscribe: 'Abonneren met',
    plain: '',
  },
  fr: {
    buy: 'Acheter avec',
    pay: 'Payer avec',
    checkout: 'Payer avec',
    book: 'Réserver avec',
    donate: 'Faire un don avec',
    order: 'Commander avec',
    subscribe: "S'abonner avec",
    plain: '',
  },
  es: {
    buy: 'Comprar con',
    pay: 'Pagar con',
    checkout: 'Pagar con',
    book: 'Reservar con',
    donate: 'Donar con',
    order: 'Pedir con',
    subscribe: 'Suscribirse con',
    plain: '',
  },
};

export function createWalletButton(options: ButtonOptions): HTMLElement {
  const language = (options.buttonLocale ?? navigator.language ?? 'en').slice(0, 2).toLowerCase();
  const labels = LABELS[language] ?? LABELS.en!;
  const prefix = labels[options.buttonType ?? 'buy'] ?? labels.buy!;
  const light = options.buttonColor === 'white';
  const wrapper = document.createElement('div');
  wrapper.className = 'gpay-button-container';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `gpay-button ${light ? 'white' : 'black'} ${options.buttonType ?? 'buy'}`;
  // The visible text is the accessible name (the real button draws the same words with a logo).
  button.textContent = `${prefix} Google Pay`.trim();
  Object.assign(button.style, {
    background: light ? '#ffffff' : '#000000',
    color: light ? '#202124' : '#ffffff',
    border: light ? '1px solid #747775' : '0',
    borderRadius: `${options.buttonRadius ?? 4}px`,
    minHeight: '40px',
    minWidth: '160px',
    padding: '8px 24px',
    font: '500 16px system-ui, sans-serif',
    cursor: 'pointer',
    width: options.buttonSizeMode === 'fill' ? '100%' : 'auto',
  });
  button.addEventListener('click', (event) => options.onClick?.(event));
  wrapper.appendChild(button);
  return wrapper;
}
