import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The modal the 3-D Secure 2 challenge sits in: a native `<dialog>` opened with `showModal()`, so
 * it is `role=dialog` and `aria-modal`, the page behind it is inert (focus stays inside) and it is
 * in the top layer, sized to the challenge window size (`data-size`, checkout.css). Escape does not
 * close it: the payment waits for the bank's answer, and closing would leave the shopper with a
 * payment in limbo; should the browser close it anyway, it opens again while the challenge runs.
 */
export function ChallengeDialog({
  open,
  label,
  size,
  children,
}: {
  open: boolean;
  label: string;
  size: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) show(dialog);
    if (!open && dialog.open) dialog.close();
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const keep = (event: Event) => event.preventDefault();
    const reopen = () => {
      if (openRef.current) show(dialog);
    };
    dialog.addEventListener('cancel', keep);
    dialog.addEventListener('close', reopen);
    return () => {
      dialog.removeEventListener('cancel', keep);
      dialog.removeEventListener('close', reopen);
      if (dialog.open) dialog.close();
    };
  }, []);
  return (
    <dialog ref={ref} className="actuate-checkout__challenge-dialog" data-size={size} aria-label={label}>
      {children}
    </dialog>
  );
}

function show(dialog: HTMLDialogElement) {
  if (!dialog.isConnected) return;
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}
