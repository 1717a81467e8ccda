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
        width: Math.max(element.clientWidth, 320),
        height: 220,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false } },
        axes: [
          { values: (_u, splits) => splits.map((s) => formatShortDay(dateOf(s))) },
          { values: (_u, splits) => splits.map((s) => format(s)), size: 80 },
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
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(element.clientWidth, 320), height: 220 }),
    );
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
