// One chart of the event detail: the legend and the tooltip are React (text a screen reader and a
// test can read), the plot is uPlot on a canvas, loaded on first use (./uplot). The chart is named
// by a label on its figure and described by a summary the caller renders (aria-describedby); the
// figure takes focus, and the arrow keys then walk the days with the tooltip, read out politely.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type uPlot from 'uplot';
import { steppableIndices, valuesAt, type ChartSpec } from './spec';
import styles from '../EventDetail.module.css';

let loader: Promise<typeof import('./uplot')> | null = null;
export function loadChartLibrary() {
  loader ??= import('./uplot');
  return loader;
}

/** Colours a swatch through the CSSOM (the page's style-src refuses inline style attributes). */
const paint = (color: string) => (el: HTMLElement | null) => {
  if (el) el.style.color = color;
};

interface Hover {
  idx: number;
  /** Cursor position in CSS pixels from the plot area's left edge. */
  left: number;
}

function Legend({ spec }: { spec: ChartSpec }) {
  return (
    <ul className={styles.legend}>
      {spec.series.filter((s) => s.values.some((v) => v != null)).map((s) => (
        <li key={s.key} data-series={s.key}>
          <span className={styles.swatch} data-kind={s.kind} data-dashed={s.dash ? true : undefined} ref={paint(s.color)} aria-hidden="true" />
          {s.label}
        </li>
      ))}
      {spec.bands.map((b) => (
        <li key={b.key} data-series={b.key}>
          <span className={styles.swatch} data-kind="band" ref={paint(b.color)} aria-hidden="true" />
          {b.label}
        </li>
      ))}
    </ul>
  );
}

function Tip({ spec, idx }: { spec: ChartSpec; idx: number }) {
  const rows = valuesAt(spec, idx);
  return (
    <>
      <p className={styles.tipTitle}>{spec.formatX(spec.x[idx])}</p>
      <ul className={styles.tipRows}>
        {rows.map((r) => (
          <li key={r.key} data-series={r.key}>
            <span className={styles.swatch} data-kind={r.band ? 'band' : 'dot'} ref={paint(r.color)} aria-hidden="true" />
            <span>{r.label}:</span> <strong>{r.text}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}

export function Chart({ spec, label, height, describedBy, id, lng }: { spec: ChartSpec; label: string; height: number; describedBy?: string; id: string; lng: string }) {
  const frameRef = useRef<HTMLDivElement>(null);
  const legendRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<HTMLDivElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<uPlot | null>(null);
  const [ready, setReady] = useState(false);
  const [hover, setHover] = useState<Hover | null>(null);
  const [announce, setAnnounce] = useState('');
  const keyboard = useRef(false);
  const steps = useMemo(() => steppableIndices(spec), [spec]);

  useEffect(() => {
    let cancelled = false;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const plotHeight = () => Math.max(160, height - (legendRef.current?.offsetHeight ?? 0));
    const draw = ({ uPlot: UPlot, toUplotOptions }: Awaited<ReturnType<typeof loadChartLibrary>>) => {
      const el = plotRef.current;
      if (cancelled || !el) return;
      const options = toUplotOptions(UPlot, spec, {
        width: el.clientWidth,
        height: plotHeight(),
        fontFamily: getComputedStyle(el).fontFamily,
        lng,
        onCursor: (u) => {
          const idx = u.cursor.idx;
          const left = u.cursor.left ?? -1;
          setHover((prev) => (idx == null || left < 0 ? null : prev?.idx === idx && prev.left === left ? prev : { idx, left }));
        },
      });
      chart = new UPlot(options, [spec.x, ...spec.series.map((s) => s.values), ...spec.bands.flatMap((b) => [b.high, b.low])] as uPlot.AlignedData, el);
      chartRef.current = chart;
      observer = new ResizeObserver(() => {
        if (chart && el.clientWidth > 0 && (el.clientWidth !== chart.width || plotHeight() !== chart.height)) chart.setSize({ width: el.clientWidth, height: plotHeight() });
      });
      observer.observe(el);
      setReady(true);
    };
    loadChartLibrary().then(
      // The first draw in a task of its own: after the library's evaluation (and the section's
      // render) in the same task, the two made one long task on a slow phone (Lighthouse TBT).
      (lib) => void (timer = setTimeout(() => draw(lib), 0)),
      (err: unknown) => console.error('Chart library failed to load', err),
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
      observer?.disconnect();
      chart?.destroy();
      chartRef.current = null;
      setHover(null);
    };
  }, [spec, height, lng]);

  // The tooltip beside the cursor, on the side with room, inside the figure.
  useLayoutEffect(() => {
    const tip = tipRef.current;
    const u = chartRef.current;
    const frame = frameRef.current;
    if (!tip || !u || !frame || !hover) return;
    const over = u.over.getBoundingClientRect();
    const box = frame.getBoundingClientRect();
    const x = over.left - box.left + hover.left;
    const left = x + 12 + tip.offsetWidth <= box.width ? x + 12 : Math.max(0, x - 12 - tip.offsetWidth);
    tip.style.transform = `translate(${Math.round(left)}px, ${Math.round(over.top - box.top + 8)}px)`;
  }, [hover]);

  useEffect(() => {
    if (!keyboard.current || !hover) return;
    const rows = valuesAt(spec, hover.idx);
    setAnnounce(`${spec.formatX(spec.x[hover.idx])}: ${rows.map((r) => `${r.label} ${r.text}`).join(', ')}`);
  }, [hover, spec]);

  const moveTo = (idx: number | undefined) => {
    const u = chartRef.current;
    if (!u || idx == null) return;
    keyboard.current = true;
    u.setCursor({ left: u.valToPos(spec.x[idx], 'x'), top: 1 });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!steps.length) return;
    const cur = hover?.idx;
    const last = steps[steps.length - 1];
    let next: number | undefined;
    if (e.key === 'ArrowRight') next = cur == null ? last : (steps.find((i) => i > cur) ?? cur);
    else if (e.key === 'ArrowLeft') next = cur == null ? last : ([...steps].reverse().find((i) => i < cur) ?? cur);
    else if (e.key === 'Home') next = steps[0];
    else if (e.key === 'End') next = last;
    else if (e.key === 'Escape') {
      chartRef.current?.setCursor({ left: -10, top: -10 });
      return;
    } else return;
    e.preventDefault();
    moveTo(next);
  };

  return (
    <div ref={frameRef} className={styles.chartFrame} data-ready={ready || undefined} data-chart={id} data-bands={spec.bands.length || undefined}>
      <div ref={legendRef}>
        <Legend spec={spec} />
      </div>
      <figure
        aria-label={label}
        aria-describedby={describedBy}
        className={styles.figure}
        tabIndex={0}
        onKeyDown={onKeyDown}
        // Tabbed to: show the last day at once. A click also focuses, but the pointer shows its own day.
        onFocus={(e) => !hover && e.currentTarget.matches(':focus-visible') && moveTo(steps[steps.length - 1])}
        onPointerMove={() => (keyboard.current = false)}
        onBlur={() => {
          keyboard.current = false;
          chartRef.current?.setCursor({ left: -10, top: -10 });
        }}
      >
        <div ref={plotRef} className={styles.chart} />
        {!ready && <div className={styles.chartSkeleton} aria-hidden="true" />}
      </figure>
      <div ref={tipRef} className={styles.tooltip} aria-hidden="true" hidden={!hover} data-testid={`${id}-tooltip`}>
        {hover && <Tip spec={spec} idx={hover.idx} />}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
