import type { Face, Run, Stored } from './record.js';

// The history as a chart, an SVG written by hand: every run with a headline, in the order of the
// sittings, one point a face. Above, what the targets judge since 2026-12-07: the service's CPU per
// request as a multiple of bare node:http's (with the goals, 3× and 4×); below, what was read
// before (and is still reported): req/s as a share of bare node:http's. The same text for the same
// records, byte for byte: the test compares it with docs/performance-history.svg.

/** A run with a headline, and its sitting. */
interface Point {
  date: string;
  machine: string;
  run: Run;
}

interface Series {
  name: string;
  colour: string;
  value: (run: Run) => number | undefined;
}

interface Panel {
  title: string;
  unit: string;
  series: Series[];
  goals: { value: number; label: string; colour: string }[];
}

const REST = '#1f6fb4';
const GRAPHQL = '#c0392b';
const face = (run: Run, key: 'rest' | 'graphql'): Face | undefined => run.headline?.[key];

const PANELS: Panel[] = [
  {
    title: "CPU per request, × bare node:http's (median of the rounds' multiples; lower is better)",
    unit: '×',
    series: [
      { name: 'REST create order', colour: REST, value: (run) => face(run, 'rest')?.timesBare },
      { name: 'GraphQL createOrder', colour: GRAPHQL, value: (run) => face(run, 'graphql')?.timesBare },
    ],
    goals: [
      { value: 3, label: 'REST goal 3×', colour: REST },
      { value: 4, label: 'GraphQL goal 4×', colour: GRAPHQL },
    ],
  },
  {
    title: "req/s, share of bare node:http's, % (reported, no bound since 2026-12-07; higher is better)",
    unit: '%',
    series: [
      { name: 'REST create order', colour: REST, value: (run) => face(run, 'rest')?.sharePercent },
      { name: 'GraphQL createOrder', colour: GRAPHQL, value: (run) => face(run, 'graphql')?.sharePercent },
    ],
    goals: [],
  },
];

const WIDTH = 960;
const LEFT = 56;
const RIGHT = 24;
const PANEL_HEIGHT = 230;
const PANEL_TOP = 76;
const PANEL_GAP = 64;

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Ticks for 0…max: a round step giving four to eight of them. */
function ticks(max: number): number[] {
  const steps = [0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100];
  const step = steps.find((s) => max / s <= 8) ?? 100;
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

export function historyChart(history: Stored[]): string {
  const points: Point[] = history.flatMap(({ record }) =>
    record.runs.filter((run) => PANELS.some((p) => p.series.some((s) => s.value(run) !== undefined))).map((run) => ({ date: record.date, machine: record.machine, run })),
  );
  const height = PANEL_TOP + PANELS.length * (PANEL_HEIGHT + PANEL_GAP);
  const plotWidth = WIDTH - LEFT - RIGHT;
  const x = (i: number) => LEFT + (points.length <= 1 ? plotWidth / 2 : (i * plotWidth) / (points.length - 1));
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="${LEFT}" y="22" font-size="15" font-weight="bold">npm run bench, the headline over its runs (bench/history/runs/, ${points.length} runs)</text>`,
    `<text x="${LEFT}" y="40" fill="#555555">One point a run, in order; the machines differ (AMD EPYC, Intel Xeon, 2 vCPUs shared with the load generator) and swing: read a point with its record.</text>`,
  ];
  PANELS.forEach((panel, index) => {
    const top = PANEL_TOP + index * (PANEL_HEIGHT + PANEL_GAP) + 24;
    const values = panel.series.flatMap((s) => points.flatMap((p) => s.value(p.run) ?? []));
    const axis = ticks(Math.max(1, ...values, ...panel.goals.map((g) => g.value)));
    const max = axis[axis.length - 1]!;
    const y = (v: number) => top + PANEL_HEIGHT - (v / max) * PANEL_HEIGHT;
    out.push(`<text x="${LEFT}" y="${top - 28}" font-weight="bold">${escape(panel.title)}</text>`);
    for (const t of axis) {
      out.push(`<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${fmt(y(t))}" y2="${fmt(y(t))}" stroke="#e4e4e4"/>`);
      out.push(`<text x="${LEFT - 6}" y="${fmt(y(t) + 4)}" text-anchor="end" fill="#555555">${fmt(t)}${panel.unit}</text>`);
    }
    for (const goal of panel.goals) {
      out.push(`<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${fmt(y(goal.value))}" y2="${fmt(y(goal.value))}" stroke="${goal.colour}" stroke-dasharray="6 4"/>`);
      out.push(`<text x="${LEFT + 4}" y="${fmt(y(goal.value) - 4)}" fill="${goal.colour}">${escape(goal.label)}</text>`);
    }
    points.forEach((p, i) => {
      if (i > 0 && points[i - 1]!.date === p.date) return;
      out.push(`<line x1="${fmt(x(i))}" x2="${fmt(x(i))}" y1="${top}" y2="${top + PANEL_HEIGHT}" stroke="#f0f0f0"/>`);
      out.push(`<text x="${fmt(x(i))}" y="${top + PANEL_HEIGHT + 16}" fill="#555555">${p.date.slice(5)}</text>`);
    });
    panel.series.forEach((series, s) => {
      const at = points.flatMap((p, i) => {
        const v = series.value(p.run);
        return v === undefined ? [] : [{ i, v, p }];
      });
      if (at.length > 1) out.push(`<polyline fill="none" stroke="${series.colour}" stroke-width="1.5" points="${at.map(({ i, v }) => `${fmt(x(i))},${fmt(y(v))}`).join(' ')}"/>`);
      for (const { i, v, p } of at) {
        const what = `${p.date}, ${p.machine}${p.run.label ? `, ${p.run.label}` : ''}: ${series.name} ${fmt(v)}${panel.unit}`;
        out.push(`<circle cx="${fmt(x(i))}" cy="${fmt(y(v))}" r="3.5" fill="${series.colour}"><title>${escape(what)}</title></circle>`);
      }
      const legendX = LEFT + 8 + s * 170;
      out.push(`<circle cx="${legendX}" cy="${top - 13}" r="4" fill="${series.colour}"/>`);
      out.push(`<text x="${legendX + 8}" y="${top - 9}">${escape(series.name)}</text>`);
    });
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
