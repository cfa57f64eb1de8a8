/** How many images are asked for in one idle period. */
const PER_IDLE_PERIOD = 4;

/**
 * Asks for `sources` a few per idle period, outside React: no render, no element in the document,
 * so the buyer's clicks never wait behind it: the browser keeps what it fetched, and an `<img>` made
 * for one later shows it without a request. `asked` holds the sources already asked for; no image is
 * kept, so an element removed from its page leaves nothing behind.
 * Returns the cancel for what is not yet asked for.
 */
export function preloadWhenIdle(sources: readonly string[], asked: Set<string>): () => void {
  const waiting = sources.filter((source) => !asked.has(source));
  let cancel = whenIdle(next);
  function next(): void {
    for (const source of waiting.splice(0, PER_IDLE_PERIOD)) {
      const image = new Image();
      image.fetchPriority = 'low';
      image.src = source;
      asked.add(source);
    }
    if (waiting.length > 0) cancel = whenIdle(next);
  }
  return () => cancel();
}

/** Runs `work` in the browser's next idle period (a short timer where there is no idle callback); returns the cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 50);
  return () => clearTimeout(timer);
}
