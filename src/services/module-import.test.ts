import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoadError } from './module-import';
import { builtFileImporter, setBuiltFilesUrl } from './module-import';

const WIZARD = 'https://cdn.example/evc/wizard.js';
const offline = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
const failure = (loading: Promise<unknown>) => loading.then(() => undefined, (error: unknown) => error as LoadError);

/** Resource Timing as the browser keeps it: each URL's response status (0 for a network failure). */
const timing = (statuses: Record<string, number>) =>
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) => (name in statuses ? [{ name, responseStatus: statuses[name] } as unknown as PerformanceEntry] : []));

afterEach(() => {
  vi.restoreAllMocks();
  // The files' URL is the page's: the files that share this module graph load the bundle's own.
  setBuiltFilesUrl(undefined);
});

describe('builtFileImporter', () => {
  it("without elements.js's URL (a bundler's build), imports the bundle's own file, each time", async () => {
    const importBuilt = vi.fn().mockImplementationOnce(offline).mockResolvedValue({ mountWizard() {} });
    const load = builtFileImporter('wizard.js', 'The wizard', importBuilt);
    expect((await failure(load()))?.message).toBe('The wizard could not be loaded: Failed to fetch dynamically imported module');
    await expect(load()).resolves.toHaveProperty('mountWizard');
    expect(importBuilt).toHaveBeenCalledTimes(2);
  });

  it('imports the file beside elements.js by URL, and after a failure with a fresh query', async () => {
    setBuiltFilesUrl('https://cdn.example/evc/elements.js');
    timing({ [WIZARD]: 0 });
    const importBuilt = vi.fn();
    const importModule = vi.fn().mockImplementationOnce(offline).mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue({ mountWizard() {} });
    const load = builtFileImporter('wizard.js', 'The wizard', importBuilt, importModule);

    const first = await failure(load());
    expect(first?.message).toBe(`The wizard could not be loaded from ${WIZARD}: Failed to fetch dynamically imported module`);
    expect(first?.reload).toBeUndefined();
    expect((await failure(load()))?.message).toBe(`The wizard could not be loaded from ${WIZARD}?retry=1: offline`);
    await expect(load()).resolves.toHaveProperty('mountWizard');
    expect(importBuilt).not.toHaveBeenCalled();
    expect(importModule.mock.calls).toEqual([[WIZARD], [`${WIZARD}?retry=1`], [`${WIZARD}?retry=2`]]);
  });

  it('says only a reload helps when the file itself arrived (a file it imports failed, which the browser keeps)', async () => {
    setBuiltFilesUrl('https://cdn.example/evc/elements.js');
    timing({ [WIZARD]: 200 });
    const error = await failure(builtFileImporter('wizard.js', 'The wizard', vi.fn(), offline)());
    expect(error?.message).toBe(`The wizard could not be loaded from ${WIZARD}: a file it needs did not arrive; reload the page to try again`);
    expect(error?.reload).toBe(true);
  });
});
