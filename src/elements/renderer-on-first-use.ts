import type * as ReactDomClient from 'react-dom/client';

/**
 * Stands in for both `react-dom/client` and renderer.ts in the classic script (tsup.config.ts):
 * React DOM's client module is evaluated on the first call of `loadRenderer` (element-base.ts does
 * that in a task of its own before the first mount), not while the script itself runs.
 *
 * Why (Total Blocking Time): React DOM's client makes `Error` objects as it is evaluated.
 * With DevTools' protocol attached (Lighthouse, the performance panel) V8 records each new error's
 * stack with line and column, and re-parses every function on the stack for their positions the
 * first time. Evaluated with the script, that stack holds the whole script's top level twice over
 * (the program and its wrapping function) as well as React DOM's module, all parsed in the script's
 * task; without the protocol the same errors cost next to nothing. Evaluated here, from a short stack, only React DOM's own module is re-parsed, and in
 * a task of its own.
 */
let client: typeof ReactDomClient | undefined;

export function loadRenderer(): typeof ReactDomClient {
  // A require, not an import: esbuild evaluates the CommonJS module where it is called. This file's
  // own 'react-dom/client' resolves to the real module (the build's stand-in plugin skips it).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred evaluation, see above
  client ??= require('react-dom/client') as typeof ReactDomClient;
  return client;
}

export const createRoot: typeof ReactDomClient.createRoot = (container, options) => loadRenderer().createRoot(container, options);

export const hydrateRoot: typeof ReactDomClient.hydrateRoot = (container, children, options) => loadRenderer().hydrateRoot(container, children, options);

/** React DOM's version is React's: the two packages are released together and must match. */
export { version } from 'react';
