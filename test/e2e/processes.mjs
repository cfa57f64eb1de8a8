// Demo scripts as child processes, as a merchant runs them: each started with only the environment
// it is given, found at the address of the JSON "listening" line it prints, and stopped by its own
// PID; and demo/handlers-server.mjs configured as a spec-request relay.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNT } from '../../demo/mail/index.mjs';

/** The page origin the relays allow. */
export const ORIGIN = 'https://portal.example';
/** A spec request the relay accepts. */
export const { valid: VALID_SPEC_REQUEST } = JSON.parse(readFileSync(new URL('../fixtures/relay-fuzz/spec-request.json', import.meta.url), 'utf8'));

/** A JSON line as an object, or undefined when the line is not JSON. */
export const parsed = (line) => {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
};

/** Children started here and not yet exited, each with the promise of its exit. */
const running = new Map();
// A test process that ends without stopAll() still takes its children with it.
process.once('exit', () => {
  for (const child of running.keys()) child.kill('SIGKILL');
});

/**
 * `demo/{script}` as a child process, kept in `running` until it exits; `exited` resolves with its
 * exit code and signal.
 */
function spawnDemo(script, env, stderr) {
  const child = spawn(process.execPath, [fileURLToPath(new URL(`../../demo/${script}`, import.meta.url))], {
    env,
    stdio: ['ignore', 'pipe', stderr],
  });
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  running.set(child, exited);
  return { child, exited };
}

/**
 * Runs `demo/{script}` as a child process until it prints where it listens. `lines` collects its
 * standard output, line by line; `exited` resolves with its exit code and signal.
 */
export async function startScript(script, env) {
  const { child, exited } = spawnDemo(script, { PATH: process.env.PATH, ...env }, 'pipe');
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const lines = [];
  /** Waiters for a line: each a test of its record and the resolver of its promise. */
  const waiting = new Set();
  const listening = new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (text) => {
      lines.push(text);
      const record = parsed(text);
      if (record?.listening) resolve(record.listening);
      if (record !== undefined) for (const waiter of waiting) if (waiter.test(record)) waiter.resolve(record);
    });
    void exited.then(({ code, signal }) => reject(new Error(`${script} ended (${signal ?? code}) before listening: ${stderr}`)));
  });

  /** The first JSON line's record (already printed or still to come) that `test` accepts, within `withinMs` (a bound for never). */
  function line(test, withinMs = 60_000) {
    const seen = lines.map(parsed).find((record) => record !== undefined && test(record));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = {
        test,
        resolve: (record) => {
          clearTimeout(timer);
          waiting.delete(waiter);
          resolve(record);
        },
      };
      const timer = setTimeout(() => {
        waiting.delete(waiter);
        reject(new Error(`${script} printed no such line within ${withinMs} ms`));
      }, withinMs);
      waiting.add(waiter);
    });
  }

  return { child, url: await listening, lines, exited, line };
}

/**
 * `node demo/server.mjs` on a free loopback port, as its own process: its pictures are painted there,
 * never holding up the Playwright driver in the test's process. Resolves to { url, close }.
 */
export async function startDemoProcess() {
  const { child, exited } = spawnDemo('server.mjs', { ...process.env, PORT: '0' }, 'inherit');
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (text) => {
      const found = /^Demo server: (\S+)$/.exec(text);
      if (found) resolve(found[1]);
    });
    void exited.then(({ code, signal }) => reject(new Error(`demo/server.mjs ended (${signal ?? code}) before listening`)));
  });
  return {
    url,
    close: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Kills every child still running, each by its PID, and resolves once all have exited. */
export async function stopAll() {
  const exits = [...running];
  for (const [child] of exits) child.kill('SIGKILL');
  await Promise.all(exits.map(([, exited]) => exited));
}

/** demo/handlers-server.mjs's environment for a relay to the Mailgun stand-in at `mailgunBaseUrl` (demo/mail/mailgun-server.mjs), with `more`. */
export const relayEnv = (mailgunBaseUrl, more = {}) => ({
  PORT: '0',
  ALLOWED_ORIGINS: ORIGIN,
  MAILGUN_API_KEY: DEMO_ACCOUNT.apiKey,
  MAILGUN_DOMAIN: DEMO_ACCOUNT.domain,
  MAILGUN_BASE_URL: mailgunBaseUrl,
  SPEC_REQUEST_TO: 'orders@company.example',
  ...more,
});

/** Posts a spec request (by default the valid one under a new key) to a relay from the allowed page. */
export const sendSpecRequest = (relayUrl, body = { ...VALID_SPEC_REQUEST, idempotencyKey: randomUUID() }) =>
  fetch(new URL('api/spec-request', relayUrl), {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
