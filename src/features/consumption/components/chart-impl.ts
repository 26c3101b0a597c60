import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/*
 * The uPlot part of the usage chart, in its own module so that it is downloaded only when a chart is shown.
 */

export type ChartInput = {
  /** Epoch seconds of each day. */
  x: number[];
  y: number[];
  colour: string;
  label: string;
  /** Formats an axis value in the chart's unit. */
  formatValue: (value: number) => string;
  formatDay: (epochSeconds: number) => string;
};

export type DrawnChart = { resize: (width: number) => void; destroy: () => void };

export const chartHeight = 220;

export const drawChart = (target: HTMLElement, input: ChartInput, width: number): DrawnChart => {
  const bars = uPlot.paths.bars?.({ size: [0.7, 40] });
  const chart = new uPlot(
    {
      width,
      height: chartHeight,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: true } },
      axes: [
        { values: (_u, splits) => splits.map((s) => input.formatDay(s)), stroke: '#55525e', grid: { show: false } },
        { values: (_u, splits) => splits.map((s) => input.formatValue(s)), stroke: '#55525e', size: 70 },
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
