// The only module that imports apexcharts; reached through dynamic import() alone, so the library
// never lands in a page's first bundle (ARCHITECTURE.md §4). Only the chart types and features
// the event detail draws are registered.
//
// CSP: apexcharts normally prepends a <style id="apexcharts-css"> to <head>, which the page's
// hash-only style-src refuses. Its stylesheet is imported here as a file instead (bundled as a
// same-origin CSS asset) and every chart is created with chart.injectStyleSheet = false.
import ApexCharts from 'apexcharts/core';
import 'apexcharts/line';
import 'apexcharts/bar';
import 'apexcharts/features/legend';
import 'apexcharts/features/annotations';
import 'apexcharts/features/keyboard';
import 'apexcharts/dist/apexcharts.css';
// The legend feature keeps its rules apart and injects them the same way; same cure.
import 'apexcharts/dist/apexcharts-legend.css';

export default ApexCharts;
