// The pure helpers of `npm run bench` (scripts/bench/stats.mjs): medians, script time from a trace,
// blocking time from long tasks, budget verdicts and the printed table. The bench itself is not part
// of `npm test`.
import { describe, expect, it } from 'vitest';
import { blockingTimeMs, formatMs, formatTable, median, scriptTimeMs, unionLength, withinBudget, type TraceEvent } from '../../scripts/bench/stats.mjs';

describe('bench helpers', () => {
  it('median: middle value, mean of the middle two, ignores what is not a number', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7, Number.NaN, 1, Number.POSITIVE_INFINITY, 3])).toBe(3);
    expect(median([])).toBeNaN();
  });

  it('unionLength counts overlapping and nested intervals once', () => {
    expect(unionLength([[0, 10], [2, 5], [8, 12], [20, 25], [25, 25]])).toBe(17);
    expect(unionLength([])).toBe(0);
  });

  it('scriptTimeMs: main-thread script events of one URL, nested ones once, other URLs and threads apart', () => {
    const url = 'http://127.0.0.1:1/__bench/ours.js';
    const event = (name: string, ts: number, dur: number, eventUrl: string, tid = 1): TraceEvent => ({
      name, ph: 'X', pid: 7, tid, ts, dur, args: { data: { url: eventUrl } },
    });
    const events = [
      event('EvaluateScript', 1_000, 40_000, url),
      event('v8.compile', 1_000, 5_000, url), // inside the evaluation: counted once
      event('FunctionCall', 60_000, 10_000, url), // a callback of the script after it ran
      event('FunctionCall', 80_000, 30_000, 'http://127.0.0.1:1/other.js'),
      event('Layout', 45_000, 5_000, url),
      { ...event('EvaluateScript', 0, 1, url), ph: 'B' },
      event('EvaluateScript', 1_000, 2_000, url, 2), // another thread adds its own time
    ];
    expect(scriptTimeMs(events, url)).toBe(52);
    expect(scriptTimeMs(events, 'http://127.0.0.1:1/none.js')).toBe(0);
  });

  it('scriptTimeMs: every URL a function accepts (a loader and its modules), module evaluations without a URL on request', () => {
    const ours = (url: string) => url.startsWith('http://127.0.0.1:1/__bench/');
    const event = (name: string, ts: number, dur: number, eventUrl?: string): TraceEvent => ({
      name, ph: 'X', pid: 7, tid: 1, ts, dur, ...(eventUrl === undefined ? {} : { args: { data: { url: eventUrl } } }),
    });
    const events = [
      event('EvaluateScript', 0, 1_000, 'http://127.0.0.1:1/__bench/ev-charger-configurator.js'),
      event('v8.compileModule', 5_000, 500, 'http://127.0.0.1:1/__bench/elements.js'),
      event('v8.compileModule', 6_000, 1_000, 'http://127.0.0.1:1/__bench/chunks/chunk-A1.js'),
      event('v8.evaluateModule', 10_000, 20_000), // the graph's evaluation: no URL in the trace
      event('FunctionCall', 12_000, 5_000, 'http://127.0.0.1:1/__bench/chunks/chunk-A1.js'), // inside it: once
      event('EvaluateScript', 40_000, 9_000), // the bench's own evaluation in the page: no URL, not a module
      event('FunctionCall', 50_000, 3_000, ''),
    ];
    expect(scriptTimeMs(events, ours)).toBe(7.5);
    expect(scriptTimeMs(events, ours, { modulesWithoutUrl: true })).toBe(22.5);
  });

  it('blockingTimeMs: each long task beyond 50 ms, only tasks that start before the end', () => {
    const tasks = [
      { startTime: 100, duration: 120 },
      { startTime: 400, duration: 50 },
      { startTime: 900, duration: 51.5 },
      { startTime: 3_100, duration: 200 },
    ];
    expect(blockingTimeMs(tasks)).toBe(221.5);
    expect(blockingTimeMs(tasks, 3_000)).toBe(71.5);
    expect(blockingTimeMs([])).toBe(0);
  });

  it('withinBudget: at most / at least, and a missing figure misses', () => {
    expect(withinBudget(90 * 1024, { limit: 90 * 1024, direction: 'at-most' })).toBe(true);
    expect(withinBudget(90 * 1024 + 1, { limit: 90 * 1024, direction: 'at-most' })).toBe(false);
    expect(withinBudget(0.95, { limit: 0.95, direction: 'at-least' })).toBe(true);
    expect(withinBudget(0.94, { limit: 0.95, direction: 'at-least' })).toBe(false);
    expect(withinBudget(Number.NaN, { limit: 50, direction: 'at-most' })).toBe(false);
  });

  it('formats milliseconds and a table with section lines', () => {
    expect([formatMs(12.345), formatMs(150.4), formatMs(2810), formatMs(Number.NaN)]).toEqual(['12.3 ms', '150 ms', '2.81 s', 'n/a']);
    expect(formatTable(['check', 'ok'], ['1. Sizes', ['gzip main', 'ok'], ['x', 'MISSED']]).split('\n')).toEqual([
      'check      ok',
      '---------  ------',
      '1. Sizes',
      'gzip main  ok',
      'x          MISSED',
    ]);
  });
});
