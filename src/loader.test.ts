import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Runs the loader afresh (it does its work as it is evaluated) and resolves with what it reported. */
async function runLoader(): Promise<string[]> {
  const reported: string[] = [];
  vi.stubGlobal('reportError', (error: Error) => reported.push(error.message));
  vi.resetModules();
  await import('./loader');
  // The import of elements.js fails in this environment; its report comes a few ticks later.
  await vi.waitFor(() => expect(reported.length).toBeGreaterThan(0));
  return reported;
}

describe('the classic script (src/loader.ts)', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
  });

  it('without a currentScript (a module tag) imports elements.js beside the tag that names it', async () => {
    document.head.innerHTML = '<script src="https://cdn.example/other.js"></script><script type="module" src="https://cdn.example/evc/1.2/ev-charger-configurator.js?v=3"></script>';
    const [message] = await runLoader();
    expect(message).toMatch(/^ev-charger-configurator\.js: the elements could not be loaded from https:\/\/cdn\.example\/evc\/1\.2\/elements\.js \(/);
  });

  it('says how to add it when no script names it', async () => {
    document.head.innerHTML = '<script src="https://cdn.example/evc/not-ours.js"></script>';
    expect(await runLoader()).toEqual([
      'ev-charger-configurator.js must be added with a <script src="…/ev-charger-configurator.js">: it loads its other files from beside that URL.',
    ]);
  });
});
