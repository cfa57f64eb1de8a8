import type { SharedRuntime } from '../runtime';
import { RUNTIME_KEY } from '../runtime-key';

/**
 * In a file loaded on demand: the React of the classic script that loaded it, read from the
 * registered element class (see runtime.ts). The loader only imports such a file after defining the
 * element, so it is always there.
 */
export function hostRuntime(): SharedRuntime {
  const element = globalThis.customElements?.get('ev-charger-configurator') as unknown as Record<symbol, SharedRuntime | undefined> | undefined;
  const runtime = element?.[RUNTIME_KEY];
  if (!runtime) throw new Error('This file is loaded by <ev-charger-configurator>; load dist/ev-charger-configurator.js first.');
  return runtime;
}
