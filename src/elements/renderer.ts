/**
 * React DOM's client renderer, as the elements reach it. In module builds (ESM users, tests) it is
 * an ordinary import, evaluated with the rest of the module graph, so `loadRenderer` has nothing
 * to do. The classic script's build (tsup.config.ts) puts renderer-on-first-use.ts in this file's
 * place, where React DOM's client is evaluated on the first call instead: see there for why.
 */
export function loadRenderer(): void {}
