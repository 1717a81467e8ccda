import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatShortDay } from './metrics-format';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
  /** how a value reads in the legend and the axis */
  format: (value: number) => string;
  bars?: boolean;
}

const toSeconds = (date: string) => Date.parse(`${date}T12:00:00Z`) / 1000;
const dateOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The chart's font for axis values (uPlot's default): measured to size the value axis. */
const axisFont = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/** Room right of the last day and above the top value, so their labels are not cut at the edge. */
const padding: uPlot.Padding = [14, 28, 0, 0];
/** The chart fills its box (never wider: at 375 px a wider canvas was cut on the right). */
const widthOf = (element: HTMLElement) => Math.max(element.clientWidth, 200);

let measuring: CanvasRenderingContext2D | null = null;
/** A label's width in CSS pixels, measured on a canvas of its own (uPlot's keeps its font state). */
function textWidth(text: string): number {
  measuring ??= document.createElement('canvas').getContext('2d');
  if (!measuring) return text.length * 8;
  measuring.font = axisFont;
  return measuring.measureText(text).width;
}

/** The value axis as wide as its longest label (money labels outgrew a fixed 80 px and lost their start). */
const valueAxisSize: uPlot.Axis.Size = (_self, values) =>
  // ticks (10) + gap (5) + the longest label + a margin on the left
  Math.ceil(10 + 5 + Math.max(0, ...(values ?? []).map(textWidth)) + 8);

/**
 * One daily chart drawn with uPlot (canvas). It is a picture for sighted readers: the figure
 * carries a text label and the same numbers are in the table next to it.
 */
export function MetricsChart({
  title,
  dates,
  series,
}: {
  title: string;
  dates: string[];
  series: ChartSeries[];
}) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const format = series[0]?.format ?? String;
    const plot = new uPlot(
      {
        width: widthOf(element),
        height: 220,
        padding,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false } },
        axes: [
          { font: axisFont, values: (_u, splits) => splits.map((s) => formatShortDay(dateOf(s))) },
          { font: axisFont, values: (_u, splits) => splits.map((s) => format(s)), size: valueAxisSize },
        ],
        series: [
          { label: 'Día', value: (_u, v) => (v === null ? '—' : formatShortDay(dateOf(v))) },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            fill: s.bars ? `${s.color}99` : undefined,
            width: 2,
            paths: s.bars ? uPlot.paths.bars?.({ size: [0.7, 40] }) : undefined,
            points: { show: dates.length <= 31 },
            value: (_u: uPlot, v: number | null) => (v === null ? '—' : s.format(v)),
          })),
        ],
      },
      [dates.map(toSeconds), ...series.map((s) => s.values)],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: widthOf(element), height: 220 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [dates, series]);
  return (
    <figure className="admin-chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      <div ref={holder} className="admin-chart-canvas" aria-hidden="true" data-testid="metrics-chart" />
    </figure>
  );
}
