import { describe, expect, it } from 'vitest';
import css from './fixtures/sample.css';

// STYLE-1: CSS files are bundled as strings and adopted as constructable stylesheets.
describe('CSS imports under vitest', () => {
  it('load as the file text, like the build', () => {
    expect(css).toBe(':host {\n  color: rgb(1, 2, 3);\n}\n');
  });

  it('parse into a constructable stylesheet', () => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    expect(sheet.cssRules).toHaveLength(1);
  });
});
