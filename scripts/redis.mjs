// Finds the redis-server that the Redis store tests and the relay benchmark start (TOOLCHAIN: Redis).
import { findSystemTool } from './system-tool.mjs';

/** Where Debian's redis-server package puts it. */
export const REDIS_SERVER = '/usr/bin/redis-server';

/**
 * The redis-server executable: REDIS_SERVER_PATH, else Debian's; as root, installs Debian's
 * redis-server with apt-get when it is missing. Exits with a message naming REDIS_SERVER_PATH otherwise.
 */
export function findRedisServer() {
  return findSystemTool({ name: 'redis-server', envVar: 'REDIS_SERVER_PATH', candidates: [REDIS_SERVER], aptPackage: 'redis-server' });
}
