import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { define } from './define';
import type { EvcErrorDetail } from './events';
import { TEST_TIMEOUT_MS, until } from './testing';

// The browser's viewer service, faked: WebGL present, and the viewer file unreachable.
vi.mock('../services/webgl', () => ({ webglAvailable: () => true }));
vi.mock('../services/viewer', () => ({
  webglAvailable: () => true,
  browserViewer: {
    webglAvailable: () => true,
    loadViewer: (url: string) => Promise.reject(new Error(`The 3D viewer could not be loaded from ${url}: offline`)),
  },
}));

// The 3D dialog's content comes with the wizard file, which the page imports by URL: here, its entry.
vi.mock('../services/module-import', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../services/module-import')>()),
  importByUrl: () => import('../app/wizard-entry'),
}));

// EVENT-6, ERR-1: failures the buyer is shown reach the page as evc-error, fired by the element.
describe('<ev-charger-configurator> 3D view failures', { timeout: TEST_TIMEOUT_MS }, () => {
  beforeAll(() => define());
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('fires evc-error when the viewer file cannot be loaded, and shows "Try again"', async () => {
    const errors: EvcErrorDetail[] = [];
    document.addEventListener('evc-error', (event) => errors.push(event.detail));
    document.body.innerHTML =
      '<ev-charger-configurator persist="none" model-src="/models/charger.glb" viewer-src="/dist/model-viewer.js" wizard-src="/dist/wizard.js"></ev-charger-configurator>';
    const root = await until(() => document.querySelector('ev-charger-configurator')?.shadowRoot, 'the shadow root');
    const button = await until(
      () => Array.from(root.querySelectorAll('button')).find((candidate) => candidate.textContent === 'View in 3D'),
      'the "View in 3D" button',
    );
    button.click();
    await until(() => root.querySelector('[role="alert"]'), 'the error');
    expect(root.querySelector('[role="alert"]')?.textContent).toContain('Try again');
    expect(errors).toEqual([
      { code: 'viewer-load-failed', message: `The 3D viewer could not be loaded from ${new URL('/dist/model-viewer.js', document.baseURI).href}: offline` },
    ]);
  });
});
