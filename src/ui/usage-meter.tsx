import type { ReactNode } from 'react';
import './usage.css';

export type UsageMeterProps = {
  kind: 'data' | 'call' | 'sms';
  /** Already translated name of the meter ("Data"). */
  label: string;
  /** Already formatted "3,20 Go sur 20,00 Go" or "Illimité". */
  valueText: string;
  /** Share of the bundle used, 0–1; null when unlimited (no bar fill). */
  ratio: number | null;
  children?: ReactNode;
};

/**
 * One usage figure with its bar in the usage colour of docs/product/consumption.md "Balances" (data blue, calls
 * orange, SMS yellow). The bar is a meter for assistive technology, with the formatted text as its value.
 */
export const UsageMeter = ({ kind, label, valueText, ratio, children }: UsageMeterProps) => {
  const percent = ratio === null ? 0 : Math.round(Math.min(1, Math.max(0, ratio)) * 100);
  return (
    <div className="usage-meter" data-kind={kind}>
      <div className="usage-meter__head">
        <span className="usage-meter__label">{label}</span>
        {/* Element Timing: the browser reports when the customer's own figures are first painted (home's snapshot's
            or the app's), as bench/offline.bench.ts measures them. */}
        <span className="usage-meter__value" elementtiming="own-figures">
          {valueText}
        </span>
      </div>
      <div
        className="usage-meter__track"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={valueText}
        data-unlimited={ratio === null || undefined}
      >
        {/* The fill is drawn, not styled: an SVG rectangle as wide as the share used, so that the markup needs no
            inline style (the Content-Security-Policy refuses those in the served snapshot of home, lib/first-paint.ts). */}
        {ratio === null ? (
          <span className="usage-meter__fill" />
        ) : (
          <svg className="usage-meter__fill" viewBox="0 0 100 1" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <rect width={percent} height="1" />
          </svg>
        )}
      </div>
      {children}
    </div>
  );
};
