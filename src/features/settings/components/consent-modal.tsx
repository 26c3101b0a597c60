import { useLayoutEffect, useRef, useState } from 'react';
import { saveConsent } from '../data/consent.ts';
import { ConsentDialog } from './consent-form.tsx';
import type { CookieChoice } from './cookie-choices.tsx';

/**
 * The cookie consent modal (SPEC §2): necessary cookies always on, statistics and marketing by choice. A native
 * modal <dialog> (showModal): the rest of the page is inert and the focus stays in it. It stays until a decision
 * is made (closing it is a decision: Escape and a click outside do nothing), and never comes back once one exists;
 * the choice can be changed on /settings/main.
 */
export const ConsentModal = () => {
  const ref = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(true);
  const decided = useRef(false);

  // Opened in the commit that mounts it, before the browser paints: the prerendered dialog it replaces and this
  // one are never both missing from a frame.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return undefined;
    const show = () => {
      if (dialog.open) return;
      dialog.showModal();
      dialog.focus();
    };
    // Browsers without `closedby` send Escape as a cancel request: refused. Chromium may still close the dialog
    // on a second Escape without a click in between (it lets the user leave a page that traps them): it opens again.
    const onCancel = (event: Event) => event.preventDefault();
    const onClose = () => {
      if (!decided.current) show();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    show();
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
    };
  }, [open]);

  const decide = (decision: CookieChoice) => {
    decided.current = true;
    saveConsent(decision);
    ref.current?.close();
    setOpen(false);
  };
  return open ? <ConsentDialog ref={ref} onDecide={decide} /> : null;
};
