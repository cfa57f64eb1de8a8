// @vitest-environment node
// The bench's control page (scripts/bench/control.mjs): the example page without our script tag.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startControlPage, withoutScript } from '../../scripts/bench/control.mjs';

const EXAMPLE = 'dist-examples/marketing-site.html';
const SCRIPT = 'ev-charger-configurator.js';

describe('bench control page', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  it('takes out only the script tag that loads our file', () => {
    const html = '<head>\n  <script src="/dist/ev-charger-configurator.js" defer></script>\n  <script src="/other.js"></script>\n</head>';
    expect(withoutScript(html, SCRIPT)).toBe('<head>\n  <script src="/other.js"></script>\n</head>');
  });

  it('refuses a page without the tag, so the control can never be the page itself', () => {
    expect(() => withoutScript('<p>no script</p>', SCRIPT)).toThrow('the page has no <script> tag for ev-charger-configurator.js');
    // The dot is literal: a look-alike name does not count.
    expect(() => withoutScript('<script src="/ev-charger-configuratorXjs"></script>', SCRIPT)).toThrow();
  });

  it('serves the marketing page, element markup kept, script gone, on loopback', async () => {
    const page = await startControlPage(EXAMPLE, SCRIPT);
    closers.push(page.close);
    expect(page.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const response = await fetch(page.url);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).not.toContain(SCRIPT);
    expect(body).toContain('<ev-charger-configurator');
    expect(body.length).toBeLessThan(readFileSync(EXAMPLE, 'utf8').length);
    expect((await fetch(new URL('/dist/ev-charger-configurator.js', page.url))).status).toBe(404);
  });
});
