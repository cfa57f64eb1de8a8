// A throwaway redis-server for the Redis store tests and the relay benchmark: a free loopback port,
// a fresh data directory (removed on stop), stopped by its own PID. Durable by default (append-only
// file, fsync on every write), as the handlers refuse a Redis that forgets on restart.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REDIS_SERVER } from '../scripts/redis.mjs';

const READY_WITHIN_MS = 10_000;
const POLL_MS = 25;
const OUTPUT_KEPT = 2000;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether a Redis on `port` answers PING with PONG. */
function answersPing(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      answer += data;
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One redis-server process on `port` with its data in `dir`, resolved once it answers PING. */
async function spawnServer(path, port, dir, durable) {
  const persistence = durable ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
  const child = spawn(
    path,
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', ...persistence, '--daemonize', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Kept short and always read, so a chatty server never blocks on a full pipe.
  let output = '';
  const keep = (data) => (output = (output + data).slice(-OUTPUT_KEPT));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  let running = true;
  exited.then(() => (running = false));
  // A test process that dies without stop() still takes its server with it.
  const killOnExit = () => child.kill();
  process.once('exit', killOnExit);

  async function kill(signal = 'SIGTERM') {
    process.removeListener('exit', killOnExit);
    if (running) child.kill(signal);
    await exited;
  }

  const deadline = Date.now() + READY_WITHIN_MS;
  while (!(await answersPing(port))) {
    if (!running || Date.now() > deadline) {
      await kill();
      throw new Error(`redis-server on port ${port} did not answer PING (${path}):\n${output}`);
    }
    await sleep(POLL_MS);
  }
  return kill;
}

/**
 * Starts redis-server (REDIS_SERVER_PATH, else Debian's) and resolves once it answers PING.
 * `durable: false` starts one that keeps nothing across a restart.
 * @param {{ durable?: boolean }} [options]
 */
export async function startRedis({ durable = true } = {}) {
  const path = process.env.REDIS_SERVER_PATH || REDIS_SERVER;
  if (!existsSync(path)) {
    throw new Error(
      `No redis-server at ${path}. Set REDIS_SERVER_PATH to a redis-server executable, or run \`npm test\`, ` +
        'which installs Debian\'s redis-server when run as root.',
    );
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'evc-redis-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  let kill;
  try {
    kill = await spawnServer(path, port, dir, durable);
  } catch (error) {
    removeDir();
    throw error;
  }

  async function stop() {
    await kill();
    removeDir();
  }

  /** Ends this server with `signal` and starts it again on the same port and directory. */
  async function restart({ signal = 'SIGTERM' } = {}) {
    await kill(signal);
    kill = await spawnServer(path, port, dir, durable);
  }

  return { url: `redis://127.0.0.1:${port}`, port, dir, stop, restart };
}
