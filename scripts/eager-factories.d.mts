export function commonJsHelper(code: string): string | undefined;
export function eagerFactories(code: string, file: string): { code: string; count: number };
export function lazyFactories(code: string, file: string): number;
