// Shared look of the detail's charts: the console's colours and type, no toolbar or zoom (the
// charts are read, not explored), UTC dates as the rest of the console shows them (spec 1 §9).
import type { ApexOptions } from 'apexcharts';

export const CHART_COLORS = {
  accent: '#4338ca',
  accentSoft: '#a5b4fc',
  muted: '#8a92a6',
  good: '#0e9f6e',
  warning: '#e67e22',
  border: '#cfd3db',
  grid: '#eceef2',
  text: '#4a5162',
} as const;

export const dayMs = (day: string) => Date.parse(`${day.slice(0, 10)}T00:00:00Z`);

export function chartBase(lng: string): ApexOptions {
  return {
    chart: {
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
      foreColor: CHART_COLORS.text,
      // Only set for German: an explicit `locales: undefined` would replace apexcharts' own list.
      ...(lng === 'de' ? { defaultLocale: 'de', locales: [DE_LOCALE] } : {}),
    },
    grid: { borderColor: CHART_COLORS.grid, strokeDashArray: 3, padding: { left: 8, right: 8 } },
    legend: { position: 'top', horizontalAlign: 'left', fontSize: '13px', markers: { size: 5 } },
    dataLabels: { enabled: false },
    xaxis: { labels: { datetimeUTC: true, datetimeFormatter: { year: 'yyyy', month: "MMM 'yy", day: 'dd.MM.', hour: 'HH:mm' } }, tooltip: { enabled: false } },
    tooltip: { x: { format: 'dd.MM.yyyy' } },
  };
}

const DE_LOCALE = {
  name: 'de',
  options: {
    months: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
    shortMonths: ['Jan', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'],
    days: ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'],
    shortDays: ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'],
  },
};
