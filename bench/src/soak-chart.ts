import type { Sample } from './soak-sampler';
import { type Kind, kinds } from './soak-traffic';

/**
 * The soak's chart as a plain SVG: four panels over the run's minutes (p99 latency per kind on a
 * log scale, API memory, throughput and errors, PostgreSQL connections), polylines with axes,
 * ticks and a legend; the warm-up is shaded. No library and no browser needed to draw it.
 */

interface Series {
  label: string;
  color: string;
  points: { x: number; y: number | null }[];
  dashed?: boolean;
}

interface Panel {
  title: string;
  unit: string;
  series: Series[];
  log?: boolean;
  /** a horizontal reference line (e.g. the pool's size) */
  limit?: { y: number; label: string };
}

const colors: Record<Kind, string> = {
  catalogue: '#1f77b4',
  progress: '#2ca02c',
  login: '#9467bd',
  checkout: '#d62728',
  webhook: '#ff7f0e',
};

const width = 960;
const left = 70;
const right = 190;
const panelHeight = 170;
const gap = 62;
const top = 96;

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : String(Number(n.toFixed(2))));

/** About `count` round tick values covering [min, max]. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  const span = max - min || 1;
  const raw = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step)
    ticks.push(Number(v.toFixed(10)));
  return ticks;
}

function logTicks(min: number, max: number): number[] {
  const ticks: number[] = [];
  // 1, 2 and 5 of each decade while they have room; only the powers of ten over many decades
  const steps = Math.log10(max / min) > 3 ? [1] : [1, 2, 5];
  for (let e = Math.floor(Math.log10(min)); e <= Math.ceil(Math.log10(max)); e++) {
    for (const m of steps) {
      const v = m * 10 ** e;
      if (v >= min * 0.999 && v <= max * 1.001) ticks.push(v);
    }
  }
  return ticks;
}

function drawPanel(panel: Panel, y0: number, xMax: number, warmupMinutes: number): string[] {
  const plotWidth = width - left - right;
  const out: string[] = [];
  const values = panel.series.flatMap((s) => s.points.flatMap((p) => (p.y === null ? [] : [p.y])));
  if (panel.limit) values.push(panel.limit.y);
  let yMin = 0;
  let yMax = Math.max(...values, 1) * 1.1;
  let ticks: number[];
  let scale: (v: number) => number;
  if (panel.log) {
    const positive = values.filter((v) => v > 0);
    yMin = 10 ** Math.floor(Math.log10(Math.max(0.1, Math.min(...positive, 1))));
    yMax = 10 ** Math.ceil(Math.log10(Math.max(...positive, 1) * 1.05));
    ticks = logTicks(yMin, yMax);
    scale = (v) =>
      y0 +
      panelHeight -
      ((Math.log10(Math.max(v, yMin)) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin))) *
        panelHeight;
  } else {
    ticks = niceTicks(0, yMax);
    yMax = Math.max(yMax, ticks[ticks.length - 1] ?? yMax);
    scale = (v) => y0 + panelHeight - ((v - yMin) / (yMax - yMin)) * panelHeight;
  }
  const x = (minute: number) => left + (minute / xMax) * plotWidth;

  out.push(
    `<text x="${left}" y="${y0 - 10}" class="title">${xmlEscape(panel.title)}${panel.log ? ' (log scale)' : ''}</text>`,
  );
  if (warmupMinutes > 0) {
    out.push(
      `<rect x="${left}" y="${y0}" width="${(x(Math.min(warmupMinutes, xMax)) - left).toFixed(1)}" height="${panelHeight}" fill="#f2f2f2"/>`,
    );
  }
  for (const t of ticks) {
    const y = scale(t).toFixed(1);
    out.push(`<line x1="${left}" x2="${left + plotWidth}" y1="${y}" y2="${y}" class="grid"/>`);
    out.push(`<text x="${left - 6}" y="${y}" class="ytick">${fmt(t)}</text>`);
  }
  for (const t of niceTicks(0, xMax, 10)) {
    const xx = x(t).toFixed(1);
    out.push(
      `<line x1="${xx}" x2="${xx}" y1="${y0 + panelHeight}" y2="${y0 + panelHeight + 4}" class="axis"/>`,
    );
    out.push(`<text x="${xx}" y="${y0 + panelHeight + 16}" class="xtick">${fmt(t)}</text>`);
  }
  out.push(
    `<line x1="${left}" x2="${left}" y1="${y0}" y2="${y0 + panelHeight}" class="axis"/>`,
    `<line x1="${left}" x2="${left + plotWidth}" y1="${y0 + panelHeight}" y2="${y0 + panelHeight}" class="axis"/>`,
    `<text x="16" y="${y0 + panelHeight / 2}" class="unit" transform="rotate(-90 16 ${y0 + panelHeight / 2})">${xmlEscape(panel.unit)}</text>`,
  );
  if (panel.limit) {
    const y = scale(panel.limit.y).toFixed(1);
    out.push(
      `<line x1="${left}" x2="${left + plotWidth}" y1="${y}" y2="${y}" stroke="#b00" stroke-dasharray="6 4"/>`,
      `<text x="${left + plotWidth - 4}" y="${Number(y) - 4}" class="limit">${xmlEscape(panel.limit.label)}</text>`,
    );
  }
  panel.series.forEach((series, index) => {
    const points = series.points.filter((p): p is { x: number; y: number } => p.y !== null);
    const dash = series.dashed ? ' stroke-dasharray="5 3"' : '';
    if (points.length > 1) {
      const path = points.map((p) => `${x(p.x).toFixed(1)},${scale(p.y).toFixed(1)}`).join(' ');
      out.push(`<polyline points="${path}" fill="none" stroke="${series.color}" stroke-width="1.8"${dash}/>`);
    }
    if (points.length <= 80) {
      for (const p of points)
        out.push(
          `<circle cx="${x(p.x).toFixed(1)}" cy="${scale(p.y).toFixed(1)}" r="2.2" fill="${series.color}"/>`,
        );
    }
    const ly = y0 + 8 + index * 18;
    out.push(
      `<line x1="${width - right + 16}" x2="${width - right + 40}" y1="${ly}" y2="${ly}" stroke="${series.color}" stroke-width="2.5"${dash}/>`,
      `<text x="${width - right + 46}" y="${ly + 4}" class="legend">${xmlEscape(series.label)}</text>`,
    );
  });
  return out;
}

export function renderChart(
  samples: Sample[],
  options: { title: string; minutes: number; warmupMinutes: number; connectionBound: number },
): string {
  const xMax = Math.max(options.minutes, ...samples.map((s) => s.minute));
  const at = (value: (s: Sample) => number | null) => samples.map((s) => ({ x: s.minute, y: value(s) }));
  const pids = [...new Set(samples.flatMap((s) => s.processes.map((p) => p.pid)))];
  const panels: Panel[] = [
    {
      title: 'p99 latency per kind, each window',
      unit: 'ms',
      log: true,
      series: kinds.map((kind) => ({
        label: kind,
        color: colors[kind],
        points: at((s) => (s.kinds[kind].count ? s.kinds[kind].p99 : null)),
      })),
    },
    {
      title: 'API process memory',
      unit: 'MB',
      series: [
        { label: 'RSS', color: '#111', points: at((s) => s.rssMb) },
        { label: 'RSS peak in window', color: '#888', points: at((s) => s.rssMaxMb), dashed: true },
        { label: 'heap used', color: '#1f77b4', points: at((s) => s.heapUsedMb) },
        { label: 'heap total', color: '#17becf', points: at((s) => s.heapTotalMb), dashed: true },
        // Under node:cluster, each process's own RSS (the first is the primary).
        ...(pids.length > 1
          ? pids.map((pid, i) => ({
              label: i === 0 ? `RSS primary ${pid}` : `RSS worker ${pid}`,
              color: ['#bcbd22', '#8c564b', '#e377c2', '#7f7f7f'][i % 4] ?? '#7f7f7f',
              points: at((s) => s.processes.find((p) => p.pid === pid)?.rssMb ?? null),
            }))
          : []),
      ],
    },
    {
      title: 'Throughput (answered requests) and errors',
      unit: 'per second',
      series: [
        { label: 'answered req/s', color: '#2ca02c', points: at((s) => s.throughput) },
        { label: 'errors /s', color: '#d62728', points: at((s) => s.errors / s.seconds) },
      ],
    },
    {
      title: 'PostgreSQL connections of the API (pg_stat_activity)',
      unit: 'connections',
      limit: { y: options.connectionBound, label: `bound ${options.connectionBound} (pools × processes)` },
      series: [
        { label: 'max in window', color: '#8c564b', points: at((s) => s.pgConnectionsMax) },
        { label: 'at sample', color: '#e377c2', points: at((s) => s.pgConnections), dashed: true },
      ],
    },
  ];
  const height = top + panels.length * (panelHeight + gap) + 10;
  const body = panels.flatMap((panel, i) =>
    drawPanel(panel, top + i * (panelHeight + gap), xMax, options.warmupMinutes),
  );
  const bottom = top + panels.length * (panelHeight + gap) - gap + 36;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" role="img">`,
    `<title>${xmlEscape(options.title)}: p99 latency per kind, API memory, throughput and errors, PostgreSQL connections over time</title>`,
    '<style>',
    '.title{font-size:14px;font-weight:bold;fill:#222}',
    '.ytick{font-size:11px;fill:#444;text-anchor:end;dominant-baseline:middle}',
    '.xtick{font-size:11px;fill:#444;text-anchor:middle}',
    '.unit{font-size:12px;fill:#444;text-anchor:middle}',
    '.legend{font-size:12px;fill:#222}',
    '.limit{font-size:11px;fill:#b00;text-anchor:end}',
    '.grid{stroke:#e3e3e3;stroke-width:1}',
    '.axis{stroke:#444;stroke-width:1}',
    '</style>',
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${left}" y="26" font-size="16" font-weight="bold" fill="#111">${xmlEscape(options.title)}</text>`,
    `<text x="${left}" y="46" font-size="12" fill="#555">x: minutes since the load started; grey: the warm-up (${fmt(options.warmupMinutes)} min), left out of the verdicts</text>`,
    ...body,
    `<text x="${left + (width - left - right) / 2}" y="${bottom}" font-size="12" fill="#444" text-anchor="middle">minutes</text>`,
    '</svg>',
    '',
  ].join('\n');
}
