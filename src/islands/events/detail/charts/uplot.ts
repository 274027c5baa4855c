// The only module that imports uPlot; reached through dynamic import() alone (Chart.tsx), so the
// library never lands in a page's first bundle (ARCHITECTURE.md §4). Its stylesheet comes as a
// bundled CSS file, which the page's hash-only style-src allows (uPlot itself sets styles through
// the CSSOM only, which style-src does not govern).
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export { uPlot };
export { toUplotOptions } from './options';
