import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { usePrerendering } from './prerendering.tsx';

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'disabled' | 'onClick' | 'type'> & {
  variant?: 'primary' | 'secondary' | 'ghost';
  block?: boolean;
  children: ReactNode;
  type?: 'button' | 'submit' | 'reset';
  isDisabled?: boolean;
  /** Activated by a click, a tap, Enter or Space: the native button's own behaviour. */
  onPress?: () => void;
  /** The native button (a popover opened elsewhere anchors to it). */
  ref?: Ref<HTMLButtonElement>;
};

/**
 * The app's button: a native <button>, which already has the keyboard (Enter, Space), the focus and the disabled
 * state a button needs, so no screen loads an interaction library for its buttons (the login page and the start-up
 * load none: docs/architecture.md "Start-up"). react-aria stays for what native elements lack (popovers, dialogs
 * with focus containment), loaded with them; a react-aria trigger (DialogTrigger) takes react-aria's own Button.
 * In prerendered HTML a submit button is disabled until the app runs: the browser would otherwise send the form
 * itself (a GET with the password in the address).
 */
export const Button = ({
  variant = 'primary',
  block = false,
  children,
  isDisabled,
  onPress,
  type = 'button',
  ref,
  ...props
}: ButtonProps) => {
  const prerendering = usePrerendering();
  const disabled = isDisabled === true || (prerendering && type === 'submit');
  return (
    <button
      {...props}
      ref={ref}
      type={type}
      disabled={disabled}
      data-disabled={disabled || undefined}
      className={block ? 'button button--block' : 'button'}
      data-variant={variant}
      onClick={onPress ? () => onPress() : undefined}
    >
      {children}
    </button>
  );
};
