// WebKitGTK through WebKitWebDriver's W3C WebDriver HTTP endpoints (fetch), under xvfb-run: what the
// browser tests' launcher and the end-to-end tests use to drive WebKit. Paths come from
// scripts/engines.mjs (WEBKIT_DRIVER_PATH, XVFB_RUN_PATH).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { findWebkitDriver, findXvfbRun } from '../scripts/engines.mjs';

/** The W3C key codes of the named keys the tests press. */
export const KEYS = { Tab: '\uE004', Enter: '\uE007', Escape: '\uE00C', Space: '\uE00D', ArrowLeft: '\uE012', ArrowUp: '\uE013', ArrowRight: '\uE014', ArrowDown: '\uE015', Shift: '\uE008' };

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

/** Starts WebKitWebDriver on a free loopback port and opens one session; `close()` ends both. */
export async function startWebkit() {
  const port = await freePort();
  // Its own process group, so close() stops xvfb-run, Xvfb and the driver together.
  const child = spawn(findXvfbRun(), ['-a', findWebkitDriver(), `--port=${port}`], { detached: true, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  const call = async (method, path, body) => {
    const response = await fetch(`${base}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    const answer = await response.json();
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${answer.value?.error} ${answer.value?.message}`);
    return answer.value;
  };
  const ready = async () => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode})`);
      const status = await call('GET', '/status').catch(() => undefined);
      if (status?.ready) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await ready();
  const { sessionId } = await call('POST', '/session', { capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { args: ['--automation'] } } } });
  const session = (method, path = '', body) => call(method, `/session/${sessionId}${path}`, body);
  return {
    goto: (url) => session('POST', '/url', { url }),
    url: () => session('GET', '/url'),
    /** Runs `script` (a function body; `arguments` holds `args`). */
    execute: (script, args = []) => session('POST', '/execute/sync', { script, args }),
    executeAsync: (script, args = []) => session('POST', '/execute/async', { script, args }),
    /** Presses each named key (KEYS) or character in turn, through the input pipeline. */
    press: (keys) =>
      session('POST', '/actions', {
        actions: [{ type: 'key', id: 'keyboard', actions: keys.flatMap((key) => [{ type: 'keyDown', value: KEYS[key] ?? key }, { type: 'keyUp', value: KEYS[key] ?? key }]) }],
      }),
    /** Presses one named key with Shift held. */
    pressWithShift: (key) =>
      session('POST', '/actions', {
        actions: [{ type: 'key', id: 'keyboard', actions: [{ type: 'keyDown', value: KEYS.Shift }, { type: 'keyDown', value: KEYS[key] ?? key }, { type: 'keyUp', value: KEYS[key] ?? key }, { type: 'keyUp', value: KEYS.Shift }] }],
      }),
    /** A left click at viewport point (x, y), through the input pipeline. */
    clickAt: (x, y) =>
      session('POST', '/actions', {
        actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: [{ type: 'pointerMove', origin: 'viewport', x: Math.round(x), y: Math.round(y) }, { type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 }] }],
      }),
    screenshot: async () => Buffer.from(await session('GET', '/screenshot'), 'base64'),
    async close() {
      await session('DELETE').catch(() => undefined);
      try {
        process.kill(-child.pid);
      } catch {
        // Already gone.
      }
    },
  };
}
