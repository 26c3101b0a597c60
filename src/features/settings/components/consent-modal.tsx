import { useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button';
import { saveConsent } from '../data/consent.ts';
import { CookieChoices, type CookieChoice } from './cookie-choices.tsx';
import './settings.css';

/**
 * The cookie consent modal (SPEC §2): necessary cookies always on, statistics and marketing by choice. It stays
 * until a decision is made (no dismissal by a click outside or Escape: closing it is a decision), and never comes
 * back once one exists; the choice can be changed on /settings/main.
 */
export const ConsentModal = () => {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(true);
  const [choice, setChoice] = useState<CookieChoice>({ statistic: false, marketing: false });
  const decide = (decision: CookieChoice) => {
    saveConsent(decision);
    setOpen(false);
  };
  return (
    <ModalOverlay className="modal-overlay" isOpen={open} isDismissable={false} isKeyboardDismissDisabled>
      <Modal className="modal consent-modal">
        <Dialog className="dialog">
          <Heading slot="title">{t('cookies.modalTitle')}</Heading>
          <p>{t('cookies.modalText')}</p>
          <CookieChoices value={choice} onChange={setChoice} legend={t('cookies.modalLegend')} />
          <div className="dialog__actions">
            <Button variant="secondary" onPress={() => decide({ statistic: false, marketing: false })}>
              {t('cookies.refuseAll')}
            </Button>
            <Button variant="secondary" onPress={() => decide(choice)}>
              {t('cookies.saveChoice')}
            </Button>
            <Button onPress={() => decide({ statistic: true, marketing: true })}>{t('cookies.acceptAll')}</Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
};
