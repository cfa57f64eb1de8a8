/**
 * Waiting in the elements' unit tests (vitest + happy-dom). An element renders on React's schedule:
 * the configurator first shows its loading line and draws its page in a background render, and
 * its events come from effects just after, so how long anything takes depends on the machine's
 * load. Tests poll for what they need, never sleep a fixed time.
 */

/** How long one wait lasts before the test fails: a bound for never, which a loaded 2-core machine does not reach. */
export const WAIT_LIMIT_MS = 30_000;

/** A test's own limit (vitest's default is 5 s): above a few waits, so a wait's message is what fails it. */
export const TEST_TIMEOUT_MS = 120_000;

const POLL_MS = 10;

/**
 * Polls `condition` until it gives a truthy value, and returns that value. After `timeoutMs` it
 * fails naming `what`, which never came; `what` may be a function, called then, to say what was seen instead.
 */
export async function until<T>(
  condition: () => T | null | undefined | false | 0 | '',
  what: string | (() => string),
  timeoutMs = WAIT_LIMIT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = condition();
    if (value) return value;
    if (Date.now() >= deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Waits until every configurator and contact element in the document has drawn its content: the
 * configurator its page (`.evc-app`) or, when it cannot start, its error panel; the contact element its block.
 */
export async function elementsRendered(scope: ParentNode = document): Promise<void> {
  const hosts = () => [...scope.querySelectorAll('ev-charger-configurator, ev-charger-contact')];
  const drawn = (host: Element) => Boolean(host.shadowRoot?.querySelector(host.localName === 'ev-charger-contact' ? '.evc-contact' : '.evc-app, .evc-error'));
  await until(
    () => hosts().every(drawn),
    () => `every element to render (still waiting: ${hosts().filter((host) => !drawn(host)).map((host) => host.outerHTML.replace(/>.*$/s, '>')).join(', ')})`,
  );
}
