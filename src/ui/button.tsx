import type { ReactNode, Ref } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { usePrerendering } from './prerendering.tsx';

export type ButtonProps = Omit<AriaButtonProps, 'className'> & {
  variant?: 'primary' | 'secondary' | 'ghost';
  block?: boolean;
  children: ReactNode;
  /** The native button (a popover opened elsewhere anchors to it). */
  ref?: Ref<HTMLButtonElement>;
};

/**
 * The app's button: react-aria handles press, keyboard and focus-visible consistently across devices. In
 * prerendered HTML a submit button is disabled until the app runs: the browser would otherwise send the form itself
 * (a GET with the password in the address).
 */
export const Button = ({ variant = 'primary', block = false, children, isDisabled, ...props }: ButtonProps) => {
  const inertSubmit = usePrerendering() && props.type === 'submit';
  return (
    <AriaButton
      {...props}
      isDisabled={isDisabled === true || inertSubmit}
      className={block ? 'button button--block' : 'button'}
      data-variant={variant}
    >
      {children}
    </AriaButton>
  );
};
