// One apexcharts chart. The library is imported on first use (./apex), and the chart is rebuilt
// when its options change. The chart is named for screen readers by a caption the caller renders
// (aria-describedby) and a label on its figure; apexcharts' own keyboard navigation is on.
import { useEffect, useRef, useState } from 'react';
import type { ApexOptions } from 'apexcharts';
import styles from '../EventDetail.module.css';

let loader: Promise<typeof import('./apex').default> | null = null;
export function loadApex() {
  loader ??= import('./apex').then((m) => m.default);
  return loader;
}

export function ApexChart({ options, label, height, describedBy }: { options: ApexOptions; label: string; height: number; describedBy?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let chart: { render(): Promise<unknown>; destroy(): void } | null = null;
    loadApex().then((Apex) => {
      if (cancelled || !ref.current) return;
      chart = new Apex(ref.current, {
        ...options,
        chart: { ...options.chart, height, injectStyleSheet: false, fontFamily: 'inherit', parentHeightOffset: 0 },
      });
      void chart.render().then(() => !cancelled && setReady(true));
    }, (err: unknown) => console.error('Chart library failed to load', err));
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [options, height]);
  return (
    <div className={styles.chartFrame} data-ready={ready || undefined} data-height={height}>
      {/* A figure, not role="img": apexcharts' keyboard navigation puts focusable points inside. */}
      <figure aria-label={label} aria-describedby={describedBy} className={styles.figure}>
        <div ref={ref} className={styles.chart} />
      </figure>
      {!ready && <div className={styles.chartSkeleton} aria-hidden="true" />}
    </div>
  );
}
