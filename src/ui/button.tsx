import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export type ButtonProps = Omit<AriaButtonProps, 'className'> & {
  variant?: 'primary' | 'secondary' | 'ghost';
  block?: boolean;
  children: ReactNode;
};

/** The app's button: react-aria handles press, keyboard and focus-visible consistently across devices. */
export const Button = ({ variant = 'primary', block = false, children, ...props }: ButtonProps) => (
  <AriaButton {...props} className={block ? 'button button--block' : 'button'} data-variant={variant}>
    {children}
  </AriaButton>
);
