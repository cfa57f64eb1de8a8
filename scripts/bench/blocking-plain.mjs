// Blocking time with no DevTools client attached, as a buyer's browser runs: Chromium started as a
// plain process (no remote debugging, no automation), slowed by a Linux cgroup that caps the whole
// browser's CPU, the page proxied with a probe script first in its <head> that posts its own long
// tasks back. A protocol client changes what it measures: with one attached, V8 records source
// positions for every Error a script makes, which is work no buyer's browser does.
/* global document, window */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withoutScript } from './control.mjs';
import { VIEWPORT } from './blocking.mjs';
import { blockingTimeMs, median } from './stats.mjs';

const GROUP = 'evc-bench';
const PERIOD_US = 10_000;
const READY_TIMEOUT_MS = 90_000;

/**
 * A cgroup capping its processes at `share` of one core (v2 `cpu.max`, else v1 `cpu.cfs_quota_us`);
 * throws, saying why, where none can be made (not root, no cpu controller).
 */
export function cpuCap(share) {
  const quota = String(Math.round(PERIOD_US * share));
  const v2 = '/sys/fs/cgroup';
  const v1 = '/sys/fs/cgroup/cpu';
  try {
    if (existsSync(`${v2}/cgroup.controllers`) && readFileSync(`${v2}/cgroup.controllers`, 'utf8').split(/\s+/).includes('cpu')) {
      const dir = join(v2, GROUP);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
      return { procs: join(dir, 'cgroup.procs'), describe: `cgroup v2 cpu.max ${quota}/${PERIOD_US} µs` };
    }
    if (existsSync(`${v1}/cpu.cfs_quota_us`)) {
      const dir = join(v1, GROUP);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      writeFileSync(join(dir, 'cpu.cfs_quota_us'), quota);
      return { procs: join(dir, 'cgroup.procs'), describe: `cgroup v1 cpu quota ${quota}/${PERIOD_US} µs` };
    }
  } catch (error) {
    throw new Error(`a CPU-capped cgroup could not be made (${error.code ?? error.message}): run the bench as root on Linux`, { cause: error });
  }
  throw new Error('this machine has no cgroup cpu controller, so the browser cannot be slowed without a DevTools client');
}

/** In the page, first of its scripts: long tasks, and a report when the page is ready plus `settleMs` (or at `until`). */
function probe({ control, settleMs, until }) {
  const tasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const timer = setInterval(() => {
    const ready = control ? document.readyState === 'complete' : document.querySelector('ev-charger-configurator')?.shadowRoot?.querySelector('.evc-continue');
    if (!ready) return;
    clearInterval(timer);
    const readyAt = performance.now();
    const windowEnd = Math.max(readyAt + settleMs, until);
    setTimeout(() => fetch('/__bench/report', { method: 'POST', body: JSON.stringify({ readyAt, windowEnd, tasks }) }), windowEnd - readyAt + 500);
  }, 50);
  window.__evcBenchProbe = true;
}

/** A proxy of `origin` that puts the probe first in `pagePath`'s <head> (and, for the control, takes our script out). */
async function startProxy(origin, pagePath, options, onReport) {
  const server = createServer((request, response) => {
    if (request.url === '/__bench/probe.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript' });
      response.end(`(${probe})(${JSON.stringify(options)});`);
      return;
    }
    if (request.url === '/__bench/report') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        response.end();
        onReport(JSON.parse(body));
      });
      return;
    }
    const isPage = request.url === pagePath;
    const headers = { ...request.headers, host: new URL(origin).host };
    if (isPage) delete headers['accept-encoding'];
    const upstream = httpRequest(new URL(request.url, origin), { method: request.method, headers }, (answer) => {
      if (!isPage) {
        response.writeHead(answer.statusCode, answer.headers);
        answer.pipe(response);
        return;
      }
      let html = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk) => (html += chunk));
      answer.on('end', () => {
        const page = options.control ? withoutScript(html, 'ev-charger-configurator.js') : html;
        const { 'content-length': _length, 'content-encoding': _encoding, ...kept } = answer.headers;
        response.writeHead(answer.statusCode, kept);
        response.end(page.replace(/<head>/i, '<head><script src="/__bench/probe.js"></script>'));
      });
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** One load in a new Chromium process inside the capped cgroup, with a profile of its own (no cache). */
async function loadOnce(chrome, cap, pageUrl, options) {
  const { origin, pathname } = new URL(pageUrl);
  let reported;
  const report = new Promise((resolve, reject) => {
    reported = resolve;
    setTimeout(() => reject(new Error(`${pageUrl}: no report within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS).unref();
  });
  const proxy = await startProxy(origin, pathname, options, reported);
  const profile = mkdtempSync(join(tmpdir(), 'evc-bench-'));
  const url = `http://127.0.0.1:${proxy.address().port}${pathname}`;
  const args = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`, `--window-size=${VIEWPORT.width},${VIEWPORT.height}`, url];
  // The shell joins the cgroup, then becomes Chromium, so every process of the browser is capped.
  const browser = spawn('sh', ['-c', `echo $$ > "${cap.procs}" && exec "$0" "$@"`, chrome, ...args], { stdio: 'ignore', detached: true });
  try {
    const { readyAt, windowEnd, tasks } = await report;
    const longTasks = tasks.filter((task) => task.startTime < windowEnd).sort((a, b) => a.startTime - b.startTime);
    return { readyAt, windowEnd, longTasks, blocking: blockingTimeMs(longTasks, windowEnd) };
  } finally {
    // The whole process group: Chromium's helper processes would otherwise go on writing to the profile.
    const exited = browser.exitCode === null ? new Promise((resolve) => browser.once('exit', resolve)) : Promise.resolve();
    try {
      process.kill(-browser.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await exited;
    proxy.close();
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

/**
 * `loads` loads of `pageUrl` with our element and of the same page without our script, interleaved,
 * Chromium (`chrome`) capped at `share` of one core. The control counts as long as the load of ours
 * just before it, or to its load event plus `settleMs` when that is later.
 */
export async function measurePlainBlocking(chrome, pageUrl, { loads = 5, share = 0.25, settleMs = 3000 } = {}) {
  const cap = cpuCap(share);
  const ours = [];
  const control = [];
  for (let index = 0; index < loads; index += 1) {
    const load = await loadOnce(chrome, cap, pageUrl, { control: false, settleMs, until: 0 });
    ours.push(load);
    control.push(await loadOnce(chrome, cap, pageUrl, { control: true, settleMs, until: load.windowEnd }));
  }
  return {
    cap: cap.describe,
    ours,
    control,
    medians: { ours: median(ours.map((load) => load.blocking)), control: median(control.map((load) => load.blocking)) },
  };
}
