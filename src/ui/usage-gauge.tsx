import { useId, type ReactNode } from 'react';
import './usage.css';

export type UsageGaugeProps = {
  kind: 'data' | 'call' | 'sms';
  /** Already translated name of the gauge ("Données"). */
  label: string;
  /** The large figure in the ring: what remains ("18,82 Go"), or "Illimité". */
  figure: string;
  /** The small words under the figure ("restants · 30 j"); read as part of `valueText` by assistive technology. */
  caption: string;
  /** The whole value in words, for assistive technology ("18,82 Go restants sur 20,00 Go · 30 jours restants"). */
  valueText: string;
  /** Share of the bundle that remains, 0–1; null for an unlimited bundle (no meter: nothing runs out). */
  remaining: number | null;
  /** The line under the ring ("1,18 Go utilisés sur 20,00 Go"). */
  detail: string;
  children?: ReactNode;
};

/** The ring's circumference in the units of `pathLength`: the drawn arc is the share that remains, in percent. */
const ringLength = 100;

/**
 * One bundle as a large ring of what remains, in the usage colour of docs/product/consumption.md "Balances" (data
 * blue, calls orange, SMS yellow): a meter for assistive technology whose value is the figure in words. An unlimited
 * bundle is no meter (a gauge at 0 % would say it is used up): its ring is drawn whole and dashed, and it reads
 * "Illimité" with what was used. The ring is SVG with its length in attributes, so the markup needs no inline style
 * (home's served snapshot refuses those, lib/first-paint.ts), and it is as large in every state.
 */
export const UsageGauge = ({ kind, label, figure, caption, valueText, remaining, detail, children }: UsageGaugeProps) => {
  const labelId = useId();
  const percent = remaining === null ? null : Math.round(Math.min(1, Math.max(0, remaining)) * 100);
  const ring = (
    <svg className="usage-gauge__svg" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <circle className="usage-gauge__track" cx="60" cy="60" r="52" />
      {percent === null ? (
        <circle className="usage-gauge__arc" data-unlimited="" cx="60" cy="60" r="52" />
      ) : percent > 0 ? (
        <circle
          className="usage-gauge__arc"
          cx="60"
          cy="60"
          r="52"
          pathLength={ringLength}
          strokeDasharray={`${percent} ${ringLength}`}
          transform="rotate(-90 60 60)"
        />
      ) : null}
    </svg>
  );
  const centre = (
    <span className="usage-gauge__centre">
      {/* Element Timing: the browser reports when the customer's own figures are first painted (home's snapshot's or
          the app's), as bench/offline.bench.ts measures them. */}
      <strong className="usage-gauge__figure" elementtiming="own-figures">
        {figure}
      </strong>
      <span className="usage-gauge__caption">{caption}</span>
    </span>
  );
  return (
    <div className="usage-gauge" data-kind={kind} role="group" aria-labelledby={labelId}>
      <h3 className="usage-gauge__label" id={labelId}>
        {label}
      </h3>
      {percent === null ? (
        <div className="usage-gauge__ring" data-unlimited="">
          {ring}
          {centre}
        </div>
      ) : (
        <div
          className="usage-gauge__ring"
          role="meter"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={valueText}
        >
          {ring}
          {centre}
        </div>
      )}
      <p className="usage-gauge__detail">{detail}</p>
      {children}
    </div>
  );
};
