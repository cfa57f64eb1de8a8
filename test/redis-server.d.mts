// Types of redis-server.mjs, for the TypeScript tests that start one.

export interface RunningRedis {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Stops this server (its PID only) and resolves once it has exited. */
  stop(): Promise<void>;
}

export function startRedis(): Promise<RunningRedis>;
