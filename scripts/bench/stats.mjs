// Pure helpers of `npm run bench` (scripts/bench.mjs): medians, the script time of our URLs in a
// Chromium trace, blocking time from long tasks, budget verdicts and the printed table. No I/O here,
// so test/unit/bench-stats.test.ts can check them.

/** The median of the finite numbers in `values` (mean of the middle two when even); NaN when none. */
export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Total length covered by [start, end] intervals, overlaps counted once (nested trace events). */
export function unionLength(intervals) {
  const sorted = intervals.filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let currentStart = Number.NaN;
  let currentEnd = Number.NaN;
  for (const [start, end] of sorted) {
    if (!(start <= currentEnd)) {
      if (currentEnd > currentStart) total += currentEnd - currentStart;
      currentStart = start;
      currentEnd = end;
    } else if (end > currentEnd) {
      currentEnd = end;
    }
  }
  if (currentEnd > currentStart) total += currentEnd - currentStart;
  return total;
}

/** Trace events that stand for running or compiling a script (devtools.timeline and v8 categories). */
export const SCRIPT_EVENTS = ['EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'v8.run'];

const eventUrl = (event) => event.args?.data?.url ?? event.args?.data?.scriptName ?? event.args?.fileName ?? event.args?.data?.fileName;

/** A module graph's evaluation: Chromium's trace gives it no URL. */
const MODULE_EVALUATION = 'v8.evaluateModule';

/**
 * Milliseconds spent evaluating scripts in a Chrome trace (the `traceEvents` of a JSON trace): the
 * union of the complete ("X") events of SCRIPT_EVENTS whose URL is `scriptUrl` (or, given a function,
 * whose URL it accepts: a loader and the modules it imports), per thread, so an EvaluateScript and
 * the v8.compile inside it, or a module's evaluation and the calls inside it, count once. With
 * `modulesWithoutUrl`, module evaluations that name no URL count too: right only for a page that
 * loads no module but the ones measured.
 */
export function scriptTimeMs(traceEvents, scriptUrl, { modulesWithoutUrl = false } = {}) {
  const accepts = typeof scriptUrl === 'function' ? scriptUrl : (url) => url === scriptUrl;
  const byThread = new Map();
  for (const event of traceEvents) {
    if (event.ph !== 'X' || !SCRIPT_EVENTS.includes(event.name) || typeof event.dur !== 'number') continue;
    const url = eventUrl(event);
    const counted = typeof url === 'string' && url !== '' ? accepts(url) : modulesWithoutUrl && event.name === MODULE_EVALUATION;
    if (!counted) continue;
    const key = `${event.pid}:${event.tid}`;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push([event.ts, event.ts + event.dur]);
  }
  let micros = 0;
  for (const intervals of byThread.values()) micros += unionLength(intervals);
  return micros / 1000;
}

/** A task longer than this blocks input (the Long Tasks API's threshold, as Total Blocking Time counts it). */
export const LONG_TASK_MS = 50;

/**
 * Blocking time of a page load: over the long tasks that start before `until` (milliseconds on the
 * page's clock), the sum of each one's duration beyond LONG_TASK_MS.
 */
export function blockingTimeMs(longTasks, until = Number.POSITIVE_INFINITY) {
  return longTasks
    .filter((task) => task.startTime < until)
    .reduce((sum, task) => sum + Math.max(0, task.duration - LONG_TASK_MS), 0);
}

/**
 * A budget's verdict: `at-most` or `at-least` a limit; a value that is not a number misses
 * (a measurement that failed must not pass).
 */
export function withinBudget(value, { limit, direction }) {
  if (!Number.isFinite(value)) return false;
  return direction === 'at-least' ? value >= limit : value <= limit;
}

/** "1.0 KB"-style size, 1 KB = 1024 bytes (as scripts/check-bundle.mjs prints). */
export const formatKb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Milliseconds with a precision that suits their size; "n/a" for a missing figure. */
export function formatMs(ms) {
  if (!Number.isFinite(ms)) return 'n/a';
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  return ms >= 100 ? `${Math.round(ms)} ms` : `${ms.toFixed(1)} ms`;
}

/**
 * Rows as a fixed-width text table under `headings`; every cell is turned into a string, and a row
 * that is a string is printed on its own as a section line.
 */
export function formatTable(headings, rows) {
  const cellRows = rows.filter((row) => Array.isArray(row)).map((row) => row.map((cell) => String(cell ?? '')));
  const widths = headings.map((heading, column) => Math.max(heading.length, ...cellRows.map((row) => (row[column] ?? '').length)));
  const line = (cells) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  const body = rows.map((row) => (Array.isArray(row) ? line(row.map((cell) => String(cell ?? ''))) : `${row}`));
  return [line(headings), rule, ...body].join('\n');
}
