// A ChartSpec as uPlot options. Kept apart from the React component so the component only deals
// with loading, sizing and the tooltip. uPlot arrives as a parameter: this module has no runtime
// import of it (it is loaded on first use, ./uplot).
import type uPlot from 'uplot';
import { CHART_COLORS, DATE_TICK_STEPS, dateTick, niceCeil, withAlpha } from './theme';
import type { ChartAxis, ChartSpec } from './spec';
import styles from '../EventDetail.module.css';

type UPlot = typeof uPlot;

export interface OptionsContext {
  width: number;
  height: number;
  /** The page's font family, so the canvas text matches the console. */
  fontFamily: string;
  lng: string;
  /** Called whenever the cursor moves to another point (null: left the chart). */
  onCursor: (u: uPlot) => void;
}

/** Axis width from its longest label (uPlot's default is a fixed 50 px). */
function fitSize(u: uPlot, values: string[] | null, axisIdx: number, cycleNum: number): number {
  const axis = u.axes[axisIdx];
  if (cycleNum > 1) return (axis as unknown as { _size: number })._size;
  let size = (axis.ticks?.show === false ? 0 : (axis.ticks?.size ?? 10)) + (axis.gap ?? 5) + 4;
  const longest = (values ?? []).reduce((a, v) => (v.length > a.length ? v : a), '');
  if (longest) {
    u.ctx.font = Array.isArray(axis.font) ? axis.font[0] : (axis.font ?? '');
    size += u.ctx.measureText(longest).width / devicePixelRatio;
  }
  return Math.ceil(size);
}

function range(axis: ChartAxis): uPlot.Scale.Range {
  return (_u, _min, max) => [axis.min, axis.max ?? niceCeil(max ?? 0)];
}

function yAxis(axis: ChartAxis, scale: string, side: 1 | 3, font: string, grid: boolean): uPlot.Axis {
  return {
    scale,
    side,
    font,
    labelFont: font,
    stroke: CHART_COLORS.text,
    grid: grid ? { stroke: CHART_COLORS.grid, dash: [3, 3], width: 1 } : { show: false },
    ticks: { show: false },
    gap: 6,
    size: fitSize,
    ...(axis.ticks ? { splits: () => axis.ticks! } : {}),
    values: (_u, splits) => splits.map((v) => axis.format(v)),
    ...(axis.title ? { label: axis.title, labelSize: 20, labelGap: 0 } : {}),
  };
}

/**
 * Bars that keep their outline however narrow a day is (uPlot's own bars drop the stroke below
 * about four pixels and fill with the stroke colour instead): 70 % of a day, at least 8 px, so a
 * dashed manual adjustment still reads as dashed on a months-long axis.
 */
const outlinedBars: uPlot.Series.PathBuilder = (u, si, i0, i1) => {
  const path = new Path2D();
  const xs = u.data[0];
  const ys = u.data[si];
  const scale = u.series[si].scale ?? 'y';
  const day = Math.abs(u.valToPos(xs[0] + 86_400, 'x', true) - u.valToPos(xs[0], 'x', true));
  const width = Math.min(48 * devicePixelRatio, Math.max(8 * devicePixelRatio, day * 0.7));
  const base = u.valToPos(0, scale, true);
  for (let i = i0; i <= i1; i++) {
    const y = ys[i];
    if (y == null) continue;
    const top = u.valToPos(y, scale, true);
    path.rect(Math.round(u.valToPos(xs[i], 'x', true) - width / 2) + 0.5, Math.round(top) + 0.5, Math.round(width), Math.round(base - top));
  }
  return { stroke: path, fill: path, clip: null, flags: 0 };
};

/** A cursor dot in the series' colour (none for band edges). */
function cursorPoint(color: string): HTMLElement {
  const pt = document.createElement('div');
  pt.className = styles.cursorPoint;
  pt.style.background = color;
  return pt;
}

export function toUplotOptions(UPlot: UPlot, spec: ChartSpec, ctx: OptionsContext): uPlot.Options {
  const font = `12px ${ctx.fontFamily}`;
  const series: uPlot.Series[] = [{}];
  const pointColors: (string | null)[] = [null];
  for (const s of spec.series) {
    const common = { label: s.label, scale: s.scale, width: s.width, dash: s.dash, points: { show: false } };
    if (s.kind === 'bars') {
      series.push({
        ...common,
        stroke: s.width > 0 ? s.color : 'transparent',
        fill: withAlpha(s.color, s.fillOpacity ?? 1),
        paths: s.dash ? outlinedBars : UPlot.paths.bars!({ size: [0.7, 48, 1], align: 0 }),
      });
    } else {
      series.push({
        ...common,
        stroke: s.color,
        spanGaps: s.kind === 'step',
        paths: s.kind === 'step' ? UPlot.paths.stepped!({ align: 1 }) : UPlot.paths.linear!(),
      });
    }
    pointColors.push(s.color);
  }
  const bands: uPlot.Band[] = [];
  for (const b of spec.bands) {
    const hi = series.push({ label: `${b.label} (high)`, scale: 'y', stroke: 'transparent', width: 0, points: { show: false } }) - 1;
    const lo = series.push({ label: `${b.label} (low)`, scale: 'y', stroke: 'transparent', width: 0, points: { show: false } }) - 1;
    pointColors.push(null, null);
    bands.push({ series: [hi, lo], fill: b.color });
  }

  const scales: uPlot.Scales = {
    x: { time: true, ...(spec.xRange ? { range: () => spec.xRange! } : {}) },
    y: { range: range(spec.y) },
  };
  const axes: uPlot.Axis[] = [
    {
      scale: 'x',
      font,
      stroke: CHART_COLORS.text,
      grid: { show: false },
      ticks: { stroke: CHART_COLORS.border, size: 4, width: 1 },
      size: 30,
      space: 48,
      incrs: DATE_TICK_STEPS,
      values: (_u, splits, _axis, _space, step) => splits.map((s) => dateTick(s, step, ctx.lng)),
    },
    yAxis(spec.y, 'y', 3, font, true),
  ];
  if (spec.y2) {
    scales.y2 = { range: range(spec.y2) };
    axes.push(yAxis(spec.y2, 'y2', 1, font, false));
  }

  return {
    width: ctx.width,
    height: ctx.height,
    tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    series,
    bands,
    scales,
    axes,
    padding: [16, spec.y2 ? 4 : 12, 0, 4],
    legend: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    cursor: {
      // Reading, not exploring: no drag-zoom; the cursor snaps to the nearest day with data.
      drag: { x: false, y: false },
      y: false,
      points: { show: (_u, si) => (pointColors[si] ? cursorPoint(pointColors[si]!) : (undefined as unknown as HTMLElement)) },
    },
    hooks: {
      setCursor: [ctx.onCursor],
      draw: [(u) => drawMarkers(u, spec, font)],
    },
  };
}

/** Dashed vertical lines (today, manual adjustments) over the plot, with their label at the top. */
function drawMarkers(u: uPlot, spec: ChartSpec, font: string): void {
  if (spec.markers.length === 0) return;
  const { ctx } = u;
  const { top, height } = u.bbox;
  const ratio = devicePixelRatio;
  ctx.save();
  ctx.lineWidth = ratio;
  for (const m of spec.markers) {
    const x = Math.round(u.valToPos(m.x, 'x', true)) + 0.5;
    ctx.strokeStyle = m.color;
    ctx.setLineDash(m.dash.map((d) => d * ratio));
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x, top + height);
    ctx.stroke();
    if (m.label) {
      ctx.setLineDash([]);
      ctx.font = font.replace(/^(\d+)px/, (_, px: string) => `${Number(px) * ratio}px`);
      ctx.fillStyle = CHART_COLORS.text;
      ctx.textBaseline = 'bottom';
      // Right of the line, unless that would leave the plot.
      const w = ctx.measureText(m.label).width;
      const right = x + 4 * ratio + w <= u.bbox.left + u.bbox.width;
      ctx.textAlign = right ? 'left' : 'right';
      ctx.fillText(m.label, right ? x + 4 * ratio : x - 4 * ratio, top - 2 * ratio);
    }
  }
  ctx.restore();
}
