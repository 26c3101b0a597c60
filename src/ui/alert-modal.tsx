import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './button.tsx';

export type AlertModalProps = {
  isOpen: boolean;
  title: string;
  /** Already translated label of the closing button. */
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra actions next to the closing button (a link to the place where the user can act). */
  actions?: ReactNode;
};

/**
 * A modal alert that asks for the user's attention (role alertdialog): focus moves into it, Escape and the closing
 * button dismiss it, and focus returns to where it was. Not dismissed by a click outside, so it is not lost by
 * accident.
 */
export const AlertModal = ({ isOpen, title, closeLabel, onClose, children, actions }: AlertModalProps) => (
  <ModalOverlay className="modal-overlay" isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isKeyboardDismissDisabled={false}>
    <Modal className="modal">
      <Dialog className="dialog" role="alertdialog">
        <Heading slot="title">{title}</Heading>
        {children}
        <div className="dialog__actions">
          {actions}
          <Button variant="secondary" onPress={onClose}>
            {closeLabel}
          </Button>
        </div>
      </Dialog>
    </Modal>
  </ModalOverlay>
);
