import { useId, type ReactNode } from 'react';
import './switch.css';

type SwitchProps = {
  label: string;
  /** Under the label: what the switch does and how long it takes. */
  description?: ReactNode;
  checked: boolean;
  /** A switch that may not move now (a read-only user, a line in dunning that may only lower its costs). */
  disabled?: boolean;
  onChange: (checked: boolean) => void;
};

/**
 * An on/off setting: a native checkbox with the switch role (Space toggles it, a tap anywhere on the row does too,
 * the form's keyboard order is kept), drawn as a track and a knob. The checkbox covers the 52 × 44 px track, so the
 * target is at least 44 px; the label names it and the description says what it does.
 */
export const Switch = ({ label, description, checked, disabled = false, onChange }: SwitchProps) => {
  const id = useId();
  return (
    <div className="switch-row" data-disabled={disabled || undefined}>
      <label htmlFor={id} className="switch-row__label">
        {label}
      </label>
      <span className="switch">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={description ? `${id}-description` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="switch__track" aria-hidden="true" />
      </span>
      {description ? (
        <span id={`${id}-description`} className="switch-row__description">
          {description}
        </span>
      ) : null}
    </div>
  );
};
