// The demo server (demo/server.mjs) in a child process on a free loopback port: scripts/ may not
// import demo/ (eslint.config.js), and the bench only needs its URL.
import { spawn } from 'node:child_process';

/** Starts `node demo/server.mjs` with PORT=0; resolves with its URL and a close function. */
export async function startDemo() {
  const child = spawn(process.execPath, ['demo/server.mjs'], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
  };
  try {
    const url = await new Promise((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`the demo server gave no URL in 30 s:\n${output}`)), 30_000);
      child.stdout.on('data', (chunk) => {
        output += chunk;
        const match = /Demo server: (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the demo server exited (${code}):\n${output}`));
      });
    });
    // Its later output (errors of requests) still shows; nothing else reads the pipe.
    child.stdout.pipe(process.stdout);
    return { url, close };
  } catch (error) {
    await close();
    throw error;
  }
}
