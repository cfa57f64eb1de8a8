// Types of sizes.mjs, for test/unit/bench-sizes.test.ts.

export const MAIN_SCRIPT: string;
export const PACKAGE_ENTRIES: string[];
export function relativeImports(code: string): string[];
export function resolveRelative(from: string, specifier: string): string;
export function onDemandFiles(files: string[], firstLoad: string[], importsOf: (file: string) => string[]): string[];
export function scriptFilesUnder(distDir: string): string[];
export function importsIn(distDir: string): (file: string) => string[];
export function sizeOf(path: string): { bytes: number; gzip: number };
