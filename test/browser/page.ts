/** Page helpers for browser tests that exercise the built files. */

/** Built classic script, served from the repository root by @web/test-runner. */
export const BUNDLE_URL = '/dist/ev-charger-configurator.js';

/**
 * Adds a classic `<script src>` and resolves once it has run, with the errors its execution raised
 * (a classic script's exceptions reach `window`'s error event, not the code that inserted it).
 */
export function loadScript(src: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      errors.push(event.error ?? event.message);
      event.preventDefault();
    };
    const script = document.createElement('script');
    script.src = src;
    script.addEventListener('load', () => {
      window.removeEventListener('error', onError);
      resolve(errors);
    });
    script.addEventListener('error', () => {
      window.removeEventListener('error', onError);
      reject(new Error(`Could not load ${src}`));
    });
    window.addEventListener('error', onError);
    document.head.append(script);
  });
}

/** Polls until `probe` returns a value other than undefined/null/false, or fails after `timeoutMs`. */
export async function waitFor<T>(probe: () => T | undefined | null | false, what: string, timeoutMs = 3000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (performance.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
