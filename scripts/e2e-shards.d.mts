// Types of e2e-shards.mjs, for test/unit/e2e-shards.test.ts.

export function splitByDuration(names: string[], table: Record<string, number>, count: number): Array<{ files: string[]; total: number }>;
