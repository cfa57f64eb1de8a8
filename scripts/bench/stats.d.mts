// Types of stats.mjs, for test/unit/bench-stats.test.ts.

export function median(values: number[]): number;
export function unionLength(intervals: Array<[number, number]>): number;
export const SCRIPT_EVENTS: string[];

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: Record<string, unknown>;
}
export function scriptTimeMs(traceEvents: TraceEvent[], scriptUrl: string | ((url: string) => boolean), options?: { modulesWithoutUrl?: boolean }): number;

export interface LongTask {
  startTime: number;
  duration: number;
}
export const LONG_TASK_MS: number;
export function blockingTimeMs(longTasks: LongTask[], until?: number): number;

export interface Budget {
  limit: number;
  direction: 'at-most' | 'at-least';
}
export function withinBudget(value: number, budget: Budget): boolean;
export function formatKb(bytes: number): string;
export function formatMs(ms: number): string;
export function formatTable(headings: string[], rows: Array<string | unknown[]>): string;
