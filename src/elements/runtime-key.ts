/**
 * Where the classic script's React travels to the files it loads on demand: a property of the
 * registered element class under this key. Its own module, free of imports, so the on-demand
 * files can read it without pulling React in (runtime.ts imports React).
 */
export const RUNTIME_KEY = Symbol.for('ev-charger-configurator.runtime');
