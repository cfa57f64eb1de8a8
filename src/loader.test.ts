import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Runs the loader afresh (it does its work as it is evaluated) and resolves with what it reported. */
async function runLoader(): Promise<string[]> {
  const reported: string[] = [];
  vi.stubGlobal('reportError', (error: Error) => reported.push(error.message));
  vi.resetModules();
  await import('./loader');
  // The import of elements.js fails in this environment; its report comes a few ticks later.
  await vi.waitFor(() => expect(reported.length).toBeGreaterThan(0), { timeout: 30_000 });
  return reported;
}

describe('the classic script (src/loader.ts)', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('without a currentScript (a module tag) imports elements.js beside the tag that names it', async () => {
    document.head.innerHTML = '<script src="https://cdn.example/other.js"></script><script type="module" src="https://cdn.example/evc/1.2/ev-charger-configurator.js?v=3"></script>';
    const [message] = await runLoader();
    expect(message).toMatch(/^ev-charger-configurator\.js: the elements could not be loaded from https:\/\/cdn\.example\/evc\/1\.2\/elements\.js \(/);
  });

  it('names CORS for a file on another origin, and tells each element on the page, in words for the buyer and as evc-error', async () => {
    document.head.innerHTML = '<script src="https://cdn.example/evc/ev-charger-configurator.js"></script>';
    document.body.innerHTML = '<ev-charger-configurator></ev-charger-configurator><ev-charger-contact><p>Call us</p></ev-charger-contact>';
    const errors: { code: string; message: string }[] = [];
    document.addEventListener('evc-error', (event) => errors.push((event as CustomEvent<{ code: string; message: string }>).detail));
    const [message] = await runLoader();
    expect(message).toContain('from another origin than the page, it needs CORS: its server must send Access-Control-Allow-Origin');
    expect(errors).toEqual([
      { code: 'elements-load-failed', message },
      { code: 'elements-load-failed', message },
    ]);
    const [configurator, contact] = document.body.children;
    expect(configurator?.textContent).toBe('The configurator could not be loaded. Please reload the page.');
    // What the page put inside stays as it is.
    expect(contact?.innerHTML).toBe('<p>Call us</p>');
  });

  it('does not speak of CORS for a file on the page\'s own origin', async () => {
    document.head.innerHTML = `<script src="${location.origin}/evc/ev-charger-configurator.js"></script>`;
    const [message] = await runLoader();
    expect(message).toMatch(/^ev-charger-configurator\.js: the elements could not be loaded from .*\)\.$/);
    expect(message).not.toContain('CORS');
  });

  it('says how to add it when no script names it', async () => {
    document.head.innerHTML = '<script src="https://cdn.example/evc/not-ours.js"></script>';
    expect(await runLoader()).toEqual([
      'ev-charger-configurator.js must be added with a <script src="…/ev-charger-configurator.js">: it loads its other files from beside that URL.',
    ]);
  });
});
