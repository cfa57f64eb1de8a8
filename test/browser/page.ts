/** Page helpers for browser tests that exercise the built files. */

/** The built classic script (the loader of the elements' module), served from the repository root by @web/test-runner. */
export const BUNDLE_URL = '/dist/ev-charger-configurator.js';

/**
 * Adds the script tag of the built loader (a classic one unless `type` says otherwise) and resolves
 * once both elements are defined (the loader imports their module from beside itself), with the
 * errors raised meanwhile: a script's exceptions, and the loader's reportError, reach `window`'s
 * error event, not the code that inserted it.
 */
export function loadElements(type?: 'module'): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      errors.push(event.error ?? event.message);
      event.preventDefault();
    };
    const done = () => window.removeEventListener('error', onError);
    const script = document.createElement('script');
    if (type) script.type = type;
    script.src = BUNDLE_URL;
    script.addEventListener('load', () => {
      const defined = Promise.all(['ev-charger-configurator', 'ev-charger-contact'].map((name) => customElements.whenDefined(name)));
      // A loader that reported an error defines nothing: the errors are the answer then.
      const failed = new Promise((settle) => setTimeout(() => errors.length > 0 && settle(undefined), 50));
      void Promise.race([defined, failed]).then(() => {
        done();
        resolve(errors);
      });
    });
    script.addEventListener('error', () => {
      done();
      reject(new Error(`Could not load ${BUNDLE_URL}`));
    });
    window.addEventListener('error', onError);
    document.head.append(script);
  });
}

/**
 * Polls until `probe` returns a value other than undefined/null/false, or fails after `timeoutMs`:
 * a bound for never, which a loaded machine (other test stages beside these) does not reach.
 */
export async function waitFor<T>(probe: () => T | undefined | null | false, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (performance.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

/**
 * Scrolls `element` into the middle of the viewport and resolves with its box once that box has held
 * through two rendering frames: the page's sections skip rendering off screen (content-visibility)
 * and take their real height only in the frame after they come into view, which moves what is below.
 */
export async function settledBoxInView(element: () => Element): Promise<DOMRect> {
  const deadline = performance.now() + 30_000;
  let previous: DOMRect | undefined;
  for (let held = 0; ; ) {
    element().scrollIntoView({ block: 'center', behavior: 'instant' });
    await nextFrame();
    const box = element().getBoundingClientRect();
    const same = previous && box.x === previous.x && box.y === previous.y && box.width === previous.width && box.height === previous.height;
    held = same && box.top >= 0 && box.bottom <= innerHeight ? held + 1 : 0;
    if (held >= 2) return box;
    if (performance.now() > deadline) throw new Error('Timed out after 30000 ms waiting for the element to keep its place in view');
    previous = box;
  }
}
