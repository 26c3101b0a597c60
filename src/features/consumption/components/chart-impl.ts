import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { SERVICE_TIME_ZONE } from '#contract/calendar';

/*
 * The uPlot part of the usage chart, in its own module so that it is downloaded only when a chart is shown.
 */

export type ChartInput = {
  /** Epoch seconds of each day. */
  x: number[];
  y: number[];
  colour: string;
  label: string;
  /** The y-axis: its top (≥ the largest value), its round ticks and their labels in one unit. */
  top: number;
  ticks: number[];
  formatTick: (value: number) => string;
  formatDay: (epochSeconds: number) => string;
};

export type DrawnChart = { resize: (width: number) => void; destroy: () => void };

export const chartHeight = 220;

const HALF_DAY_S = 43_200;
/** Room for one day's label, CSS px. */
const LABEL_PX = 64;

/** The days that get a label: every n-th, so that the labels fit in the chart's width. */
const dayTicks = (days: readonly number[], width: number): number[] => {
  const step = Math.max(1, Math.ceil((days.length * LABEL_PX) / Math.max(width, LABEL_PX)));
  return days.filter((_, i) => i % step === 0);
};

export const drawChart = (target: HTMLElement, input: ChartInput, width: number): DrawnChart => {
  const bars = uPlot.paths.bars?.({ size: [0.7, 40] });
  const chart = new uPlot(
    {
      width,
      height: chartHeight,
      legend: { show: false },
      cursor: { show: false },
      // The time axis' ticks on Brussels midnights, where the days' bars are (not the device's).
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), SERVICE_TIME_ZONE),
      // Half a day either side of the first and last days, so a bar is centred on its day even when the period holds one
      // day (a cycle's first day: uPlot alone widened a single value to a range around 1970).
      scales: { x: { time: true, range: (_u, min, max) => [min - HALF_DAY_S, max + HALF_DAY_S] }, y: { range: () => [0, input.top] } },
      axes: [
        {
          // A label on days only, never two on one day, thinned to the width.
          splits: (u) => dayTicks(input.x, u.width),
          values: (_u, splits) => splits.map((s) => input.formatDay(s)),
          stroke: '#55525e',
          grid: { show: false },
        },
        {
          splits: () => input.ticks,
          values: (_u, splits) => splits.map((s) => input.formatTick(s)),
          stroke: '#55525e',
          // As wide as the longest label (measured in the axis' font), so no label is clipped in any language.
          size: (u, values, axisIdx) => {
            const axis = u.axes[axisIdx];
            const longest = (values ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
            u.ctx.font = axis?.font?.[0] ?? u.ctx.font;
            return Math.ceil((axis?.ticks?.size ?? 10) + (axis?.gap ?? 5) + u.ctx.measureText(longest).width / devicePixelRatio + 4);
          },
        },
      ],
      series: [
        {},
        {
          label: input.label,
          stroke: input.colour,
          fill: input.colour,
          width: 0,
          ...(bars ? { paths: bars } : {}),
          points: { show: false },
        },
      ],
    },
    [input.x, input.y],
    target,
  );
  return { resize: (w) => chart.setSize({ width: w, height: chartHeight }), destroy: () => chart.destroy() };
};
