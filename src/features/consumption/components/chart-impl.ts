import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { SERVICE_TIME_ZONE } from '#contract/calendar';
import { dayTicks } from '../data/chart-axis.ts';

/*
 * The uPlot part of the usage chart, in its own module so that it is downloaded only when a chart is shown.
 */

export type ChartInput = {
  /** Epoch seconds of each day of the period, the days still to come included. */
  x: number[];
  /** Each day's use; null for a day still to come (drawn as nothing, not as zero). */
  y: (number | null)[];
  /** The bundle's share of one day (the cycle's bundle over its days), drawn as a dashed line; null: none (unlimited, or not a cycle). */
  dailyShare: number | null;
  shareLabel: string;
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
        // The bundle's share of a day, across the whole cycle: a bar above it is a day that used more than its share.
        { label: input.shareLabel, stroke: '#2f2c38', width: 1.5, dash: [6, 4], points: { show: false } },
      ],
    },
    [input.x, input.y, input.x.map(() => input.dailyShare)],
    target,
  );
  return { resize: (w) => chart.setSize({ width: w, height: chartHeight }), destroy: () => chart.destroy() };
};
