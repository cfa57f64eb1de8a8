// Lighthouse's performance category on one page, through its Node API, in a Chromium started here
// with a DevTools port (no chrome-launcher, no network: Lighthouse only talks to that port).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromeArgs, findChrome } from '../chrome.mjs';
import { median } from './stats.mjs';

/** Starts Chromium with --remote-debugging-port=0; resolves with its port and a stop function. */
async function startChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'evc-bench-chrome-'));
  const child = spawn(findChrome(), [...chromeArgs, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    }
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const port = await new Promise((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port in 30 s:\n${output}`)), 30_000);
      child.stderr.on('data', (chunk) => {
        output += chunk;
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (${code}) before giving a DevTools port:\n${output}`));
      });
    });
    child.stderr.resume();
    return { port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const METRICS = {
  score: (lhr) => lhr.categories.performance.score,
  lcp: (lhr) => lhr.audits['largest-contentful-paint'].numericValue,
  tbt: (lhr) => lhr.audits['total-blocking-time'].numericValue,
  cls: (lhr) => lhr.audits['cumulative-layout-shift'].numericValue,
};

/**
 * What the report says about why: the LCP element and its phases, the long tasks, the layout
 * shifts and the main-thread time by script, of one run.
 */
export function diagnostics(lhr) {
  const audit = (id) => lhr.audits[id]?.details;
  const lcpDetails = audit('largest-contentful-paint-element')?.items ?? [];
  const lcpNode = lcpDetails[0]?.items?.[0]?.node;
  const lcpPhases = (lcpDetails[1]?.items ?? []).map((phase) => `${phase.phase} ${Math.round(phase.timing)} ms`);
  const longTasks = (audit('long-tasks')?.items ?? []).map((task) => ({ url: task.url, startTime: Math.round(task.startTime), duration: Math.round(task.duration) }));
  const layoutShifts = (audit('layout-shifts')?.items ?? []).map((shift) => ({ element: shift.node?.selector ?? shift.node?.nodeLabel ?? 'unknown', score: shift.score }));
  const bootup = (audit('bootup-time')?.items ?? []).map((item) => ({
    url: item.url,
    total: Math.round(item.total),
    scripting: Math.round(item.scripting),
    parse: Math.round(item.scriptParseCompile),
  }));
  return {
    lcpElement: lcpNode ? `${lcpNode.selector} ("${lcpNode.nodeLabel?.slice(0, 60)}")` : 'unknown',
    lcpPhases,
    longTasks,
    layoutShifts,
    bootup,
    otherAudits: ['render-blocking-insight', 'document-latency-insight', 'uses-text-compression', 'unused-javascript']
      .filter((id) => lhr.audits[id] && lhr.audits[id].score !== null && lhr.audits[id].score < 1)
      .map((id) => `${lhr.audits[id].title}${lhr.audits[id].displayValue ? ` (${lhr.audits[id].displayValue})` : ''}`),
  };
}

/** One Lighthouse run of `url` in `chromium`; checks the preset and, unless `control`, that the element ran. */
async function lighthouseRun(chromium, url, run, { elementScript, elementImages, control }) {
  const result = await lighthouse(url, { port: chromium.port, hostname: '127.0.0.1', logLevel: 'error', output: 'json', onlyCategories: ['performance'] });
  const lhr = result?.lhr;
  if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse failed: ${lhr?.runtimeError?.message ?? 'no result'}`);
  if (lhr.configSettings.formFactor !== 'mobile' || lhr.configSettings.throttlingMethod !== 'simulate') {
    throw new Error(`Lighthouse ran ${lhr.configSettings.formFactor}/${lhr.configSettings.throttlingMethod}, not the mobile preset`);
  }
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const script = requests.find((request) => new URL(request.url).pathname === elementScript);
  if (control) {
    if (script) throw new Error(`control run ${run + 1}: the control page loaded ${elementScript}`);
  } else {
    // A run where the element never ran (its script missing, say during someone's rebuild) would
    // score well: such a run is an error, not a result.
    if (script?.statusCode !== 200) throw new Error(`run ${run + 1}: ${elementScript} answered ${script?.statusCode ?? 'nothing'}`);
    if (!requests.some((request) => new URL(request.url).pathname.startsWith(elementImages))) {
      throw new Error(`run ${run + 1}: the element requested no preview image from ${elementImages}: it did not render`);
    }
  }
  return { figures: Object.fromEntries(Object.entries(METRICS).map(([name, read]) => [name, read(lhr)])), lhr, warnings: lhr.runWarnings };
}

const mediansOf = (results) => Object.fromEntries(Object.keys(METRICS).map((name) => [name, median(results.map((result) => result.figures[name]))]));
const benchmarkIndexesOf = (results) => results.map((result) => Math.round(result.lhr.environment?.benchmarkIndex ?? Number.NaN));

/**
 * Runs Lighthouse's default configuration (mobile form factor, simulated throttling), performance
 * category only, `runs` times on `url`; returns each metric's median, every run's figures, the
 * diagnostics of the run whose score is the median and the layout shifts of the run with the most.
 * Each run must have loaded `elementScript` and the element must have rendered (requested an image
 * under `elementImages`). With `controlUrl` (the same page without the element's script), a run of
 * it follows each run of `url`, so both see the machine in the same moments; its medians, runs and
 * benchmark indexes are returned as `control`.
 */
export async function runLighthouse(url, { runs = 3, elementScript = '/dist/ev-charger-configurator.js', elementImages = '/cdn/', controlUrl } = {}) {
  const chromium = await startChromium();
  const results = [];
  const controls = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      results.push(await lighthouseRun(chromium, url, run, { elementScript, elementImages, control: false }));
      if (controlUrl) controls.push(await lighthouseRun(chromium, controlUrl, run, { elementScript, elementImages, control: true }));
    }
  } finally {
    await chromium.stop();
  }
  const byScore = [...results].sort((a, b) => a.figures.score - b.figures.score);
  const middle = byScore[Math.floor(byScore.length / 2)];
  const mostShifted = [...results].sort((a, b) => b.figures.cls - a.figures.cls)[0];
  return {
    medians: mediansOf(results),
    runs: results.map((result) => result.figures),
    // Lighthouse's measure of this machine's CPU: its simulated slowdown multiplies the tasks it observed here.
    benchmarkIndexes: benchmarkIndexesOf(results),
    warnings: [...new Set(results.flatMap((result) => result.warnings))],
    diagnostics: diagnostics(middle.lhr),
    worstLayoutShifts: { cls: mostShifted.figures.cls, shifts: diagnostics(mostShifted.lhr).layoutShifts },
    control: controlUrl ? { medians: mediansOf(controls), runs: controls.map((result) => result.figures), benchmarkIndexes: benchmarkIndexesOf(controls) } : undefined,
  };
}
