// Types of first-load.mjs, for test/unit/first-load.test.ts.

export interface Metafile {
  outputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[]; inputs: Record<string, { bytesInOutput: number }> }>;
}
export const LOADER: string;
export const ENTRY: string;
export function metafileOf(dist: string, build: 'loader' | 'page' | 'viewer'): Metafile;
export function staticClosure(meta: Metafile, entry: string): string[];
export function modulesIn(meta: Metafile, files: string[]): Set<string>;
export function firstLoadFiles(dist: string): string[];
