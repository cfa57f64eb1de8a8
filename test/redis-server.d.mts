// Types of redis-server.mjs, for the TypeScript tests that start one.

export interface RunningRedis {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Its data directory, removed by `stop()`. */
  dir: string;
  /** Stops this server (its PID only), resolves once it has exited, and removes its directory. */
  stop(): Promise<void>;
  /** Ends the server with `signal` (default SIGTERM) and starts it again on the same port and directory. */
  restart(options?: { signal?: NodeJS.Signals }): Promise<void>;
}

export interface StartRedisOptions {
  /** Default true: an append-only file fsynced on every write; false keeps nothing across a restart. */
  durable?: boolean;
}

export function startRedis(options?: StartRedisOptions): Promise<RunningRedis>;
