// Blocking time with no DevTools client attached, as a buyer's browser runs: Chromium started as a
// plain process (no remote debugging, no automation), its renderers' main threads slowed by a Linux
// cgroup (the thread DevTools' CPU slowdown slows; a phone runs its other threads on other cores), the
// page proxied with a probe script first in its <head> that posts its own long tasks back. A protocol
// client changes what it measures: with one attached, V8 records source positions for every Error a
// script makes, which is work no buyer's browser does.
/* global document, window */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withoutScript } from './control.mjs';
import { VIEWPORT } from './blocking.mjs';
import { blockingTimeMs, median } from './stats.mjs';

const GROUP = 'evc-bench';
const PERIOD_US = 10_000;
const READY_TIMEOUT_MS = 90_000;
const START_PATH = '/__bench/start';

/**
 * A cgroup capping the threads put in it at `share` of one core, with `add(tid)` to put one there:
 * cgroup v1's cpu controller takes single threads (`tasks`); v2 takes them in a threaded cgroup
 * under a domain cgroup that holds their process. Throws, saying why, where none can be made.
 */
export function threadCap(share) {
  const quota = String(Math.round(PERIOD_US * share));
  const v1 = '/sys/fs/cgroup/cpu';
  const v2 = '/sys/fs/cgroup';
  try {
    if (existsSync(`${v1}/cpu.cfs_quota_us`)) {
      const dir = join(v1, GROUP);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      writeFileSync(join(dir, 'cpu.cfs_quota_us'), quota);
      return { describe: `cgroup v1 cpu quota ${quota}/${PERIOD_US} µs`, add: (tid) => writeFileSync(join(dir, 'tasks'), String(tid)) };
    }
    if (existsSync(`${v2}/cgroup.controllers`) && readFileSync(`${v2}/cgroup.controllers`, 'utf8').split(/\s+/).includes('cpu')) {
      const domain = join(v2, GROUP);
      const threads = join(domain, 'main-threads');
      mkdirSync(threads, { recursive: true });
      writeFileSync(join(threads, 'cgroup.type'), 'threaded');
      writeFileSync(join(domain, 'cgroup.subtree_control'), '+cpu');
      writeFileSync(join(threads, 'cpu.max'), `${quota} ${PERIOD_US}`);
      return {
        describe: `cgroup v2 threaded cpu.max ${quota}/${PERIOD_US} µs`,
        add: (tid) => {
          // A renderer's main thread has its process's id.
          writeFileSync(join(domain, 'cgroup.procs'), String(tid));
          writeFileSync(join(threads, 'cgroup.threads'), String(tid));
        },
      };
    }
  } catch (error) {
    throw new Error(`a CPU-capped cgroup could not be made (${error.code ?? error.message}): run the bench as root on Linux`, { cause: error });
  }
  throw new Error('this machine has no cgroup cpu controller, so the page cannot be slowed without a DevTools client');
}

/** The ids of the processes descended from `pid`, from /proc's per-thread `children` lists. */
function descendants(pid) {
  const found = [];
  const queue = [pid];
  const read = (path) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return '';
    }
  };
  while (queue.length > 0) {
    const parent = queue.shift();
    let threads;
    try {
      threads = readdirSync(`/proc/${parent}/task`);
    } catch {
      continue;
    }
    for (const thread of threads) {
      for (const child of read(`/proc/${parent}/task/${thread}/children`).split(' ').filter(Boolean)) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/**
 * Until stopped, puts the main thread of every renderer under `browserPid` into `cap` as it appears
 * (a renderer's main thread has its process's id), and calls `onCapped` after each.
 */
function capRenderers(browserPid, cap, onCapped) {
  const capped = new Set();
  const sweep = () => {
    for (const pid of descendants(browserPid)) {
      if (capped.has(pid)) continue;
      try {
        // A zygote's child says it is a renderer only once it has become one: the next sweep looks again.
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
        cap.add(pid);
        capped.add(pid);
        onCapped();
      } catch {
        // gone meanwhile
      }
    }
  };
  sweep();
  const timer = setInterval(sweep, 10);
  return () => clearInterval(timer);
}

/**
 * In the page, first of its scripts: long tasks, each with the scripts that ran in it (from Long
 * Animation Frames: how each was called, its file, its milliseconds), and a report when the page is
 * ready plus `settleMs` (or at `until`).
 */
function probe({ control, settleMs, until }) {
  const longTasks = [];
  const scripts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries()) {
      for (const script of frame.scripts) {
        scripts.push({ startTime: script.startTime, duration: script.duration, name: `${script.invokerType} ${script.sourceURL.split('/').pop() || script.invoker}` });
      }
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  const withScripts = (task) => ({
    ...task,
    scripts: scripts
      .filter((script) => script.startTime >= task.startTime && script.startTime < task.startTime + task.duration && script.duration >= 10)
      .map((script) => `${script.name} ${Math.round(script.duration)}`),
  });
  const timer = setInterval(() => {
    const ready = control ? document.readyState === 'complete' : document.querySelector('ev-charger-configurator')?.shadowRoot?.querySelector('.evc-continue');
    if (!ready) return;
    clearInterval(timer);
    const readyAt = performance.now();
    const windowEnd = Math.max(readyAt + settleMs, until);
    const report = () => fetch('/__bench/report', { method: 'POST', body: JSON.stringify({ readyAt, windowEnd, tasks: longTasks.map(withScripts) }) });
    setTimeout(report, windowEnd - readyAt + 500);
  }, 50);
  window.__evcBenchProbe = true;
}

/**
 * A proxy of `origin` that puts the probe first in `pagePath`'s <head> (and, for the control, takes
 * our script out). Its start page opens `pagePath` once `slowed` has resolved.
 */
async function startProxy(origin, pagePath, options, onReport, slowed) {
  const server = createServer((request, response) => {
    if (request.url === START_PATH) {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(`<!doctype html><title>start</title><script>fetch('/__bench/go').then(() => location.replace(${JSON.stringify(pagePath)}));</script>`);
      return;
    }
    if (request.url === '/__bench/go') {
      void slowed.then(() => response.end());
      return;
    }
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

/**
 * One load in a new Chromium process with a profile of its own (no cache), its renderers' main
 * threads in `cap`: the start page waits until one is, so the page loads slowed from its first byte.
 */
async function loadOnce(chrome, cap, pageUrl, options) {
  const { origin, pathname } = new URL(pageUrl);
  let reported;
  const report = new Promise((resolve, reject) => {
    reported = resolve;
    setTimeout(() => reject(new Error(`${pageUrl}: no report within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS).unref();
  });
  let capped;
  const slowed = new Promise((resolve) => (capped = resolve));
  const proxy = await startProxy(origin, pathname, options, reported, slowed);
  const profile = mkdtempSync(join(tmpdir(), 'evc-bench-'));
  const url = `http://127.0.0.1:${proxy.address().port}${START_PATH}`;
  const args = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`, `--window-size=${VIEWPORT.width},${VIEWPORT.height}`, url];
  const browser = spawn(chrome, args, { stdio: 'ignore', detached: true });
  // A renderer still becoming one when the first is capped is caught by the sweeps meanwhile.
  const stopCapping = capRenderers(browser.pid, cap, () => setTimeout(capped, 100));
  try {
    const { readyAt, windowEnd, tasks } = await report;
    const longTasks = tasks.filter((task) => task.startTime < windowEnd).sort((a, b) => a.startTime - b.startTime);
    return { readyAt, windowEnd, longTasks, blocking: blockingTimeMs(longTasks, windowEnd) };
  } finally {
    stopCapping();
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
 * in Chromium (`chrome`) with each renderer's main thread capped at `share` of one core. The control
 * counts as long as the load of ours just before it, or to its load event plus `settleMs` when that
 * is later.
 */
export async function measurePlainBlocking(chrome, pageUrl, { loads = 5, share = 0.25, settleMs = 3000 } = {}) {
  const cap = threadCap(share);
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
