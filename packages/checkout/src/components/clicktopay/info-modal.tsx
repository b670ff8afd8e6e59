import { useEffect, useRef, useState } from 'react';
import type { Checkout } from '../../core/checkout.ts';

/** "What is Click to Pay?": a button opening a modal dialog with a title, subtitle, three benefits. */
export function InfoModal({ checkout }: { checkout: Checkout }) {
  const { i18n } = checkout;
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) node.showModal?.();
    if (!open && node.open) node.close();
  }, [open]);
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="actuate-checkout__link-button actuate-checkout__ctp-info-button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {i18n.get('ctp.info.button')}
      </button>
      <dialog
        ref={dialog}
        className="actuate-checkout__ctp-info"
        aria-labelledby="actuate-ctp-info-title"
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
      >
        <h2 id="actuate-ctp-info-title">{i18n.get('ctp.info.title')}</h2>
        <p>{i18n.get('ctp.info.subtitle')}</p>
        <ul>
          <li>{i18n.get('ctp.info.benefit1')}</li>
          <li>{i18n.get('ctp.info.benefit2')}</li>
          <li>{i18n.get('ctp.info.benefit3')}</li>
        </ul>
        <button
          type="button"
          className="actuate-checkout__button actuate-checkout__button--secondary"
          onClick={() => setOpen(false)}
        >
          {i18n.get('ctp.close')}
        </button>
      </dialog>
    </>
  );
}
