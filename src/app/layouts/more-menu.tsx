import type { ReactNode, RefObject } from 'react';
import { Dialog, Popover } from 'react-aria-components';

type MoreMenuProps = {
  triggerRef: RefObject<HTMLElement | null>;
  onOpenChange: (open: boolean) => void;
  label: string;
  children: ReactNode;
};

/**
 * The phone's "more" menu (main-layout.tsx), mounted while it is open: react-aria's popover and dialog (focus
 * containment, Escape, closing on a press outside, focus back to the trigger) load when the menu first opens, so
 * that no screen's first frame evaluates them.
 */
export const MoreMenu = ({ triggerRef, onOpenChange, label, children }: MoreMenuProps) => (
  <Popover triggerRef={triggerRef} isOpen onOpenChange={onOpenChange} className="popover" placement="top end">
    <Dialog className="more-menu" aria-label={label}>
      {children}
    </Dialog>
  </Popover>
);
