import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  description?: string;
  /** Already translated error text; the input is marked invalid and described by it. */
  error?: string | undefined;
  /** Something after the input on the same row (a show-password toggle). */
  adornment?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A labelled input that works with react-hook-form's `register` (plain input, ref passed through). Label,
 * description and error are tied to the input for screen readers.
 */
export const TextField = ({ label, description, error, adornment, ref, ...inputProps }: TextFieldProps) => {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  const input = <input ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {adornment ? (
        <div className="field__row">
          {input}
          {adornment}
        </div>
      ) : (
        input
      )}
      {description ? (
        <span id={descriptionId} className="field__description">
          {description}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
};
