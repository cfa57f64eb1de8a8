// Types of blocking.mjs, for test/unit/bench-sizes.test.ts.
import type { Browser } from 'playwright-core';
import type { LongTask } from './stats.mjs';

export const VIEWPORT: { width: number; height: number };
export function ourScripts(requests: string[], origin: string): string[];

export interface Load {
  readyAt: number;
  windowEnd: number;
  longTasks: LongTask[];
  blocking: number;
  requests: string[];
}
export function measureBlocking(
  browser: Browser,
  pageUrl: string,
  controlUrl: string,
  options?: { loads?: number; cpuRate?: number; settleMs?: number },
): Promise<{ ours: Array<Load & { scripts: string[] }>; control: Load[]; medians: { ours: number; control: number } }>;
export function checkSlowdown(
  browser: Browser,
  origin: string,
  options?: { cpuRate?: number; rounds?: number },
): Promise<{ atOne: number; slowed: number; ratio: number }>;
