import { relative } from 'node:path';
import { readHistory } from './record.js';
import { historyTable } from './table.js';
import { CHART_FILE, REPO, writeChart } from './write.js';

// npm run bench:history: the runs recorded in bench/history/runs/ as a table, and their chart
// written to docs/performance-history.svg, which docs/performance.md shows.
const history = readHistory();
console.log(historyTable(history));
writeChart(history);
console.log(`\n${history.length} sittings, ${history.reduce((n, s) => n + s.record.runs.length, 0)} runs; the chart written to ${relative(REPO, CHART_FILE)}`);
