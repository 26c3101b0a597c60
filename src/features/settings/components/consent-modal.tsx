import { useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { saveConsent } from '../data/consent.ts';
import { ConsentForm } from './consent-form.tsx';
import type { CookieChoice } from './cookie-choices.tsx';
import './settings.css';

/**
 * The cookie consent modal (SPEC §2): necessary cookies always on, statistics and marketing by choice. It stays
 * until a decision is made (no dismissal by a click outside or Escape: closing it is a decision), and never comes
 * back once one exists; the choice can be changed on /settings/main.
 */
export const ConsentModal = () => {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(true);
  const decide = (decision: CookieChoice) => {
    saveConsent(decision);
    setOpen(false);
  };
  return (
    <ModalOverlay className="modal-overlay" isOpen={open} isDismissable={false} isKeyboardDismissDisabled>
      <Modal className="modal consent-modal">
        <Dialog className="dialog">
          <ConsentForm title={<Heading slot="title">{t('cookies.modalTitle')}</Heading>} onDecide={decide} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
};
