// STYLE-2: host pages theme the element only through `--evc-*` custom properties
// and `::part()` names; checked in Chromium against the built classic script.
import { expect } from 'chai';
import { after, before, describe, it } from './mocha';
import { loadElements, waitFor } from './page';
import { byRole } from './queries';

describe('theming from the host page (built element in Chromium)', () => {
  let host: HTMLElement;
  let root: ShadowRoot;
  const pageSheet = new CSSStyleSheet();

  before(async () => {
    expect(await loadElements()).to.deep.equal([]);
    pageSheet.replaceSync(`
      ev-charger-configurator.themed { --evc-accent: rgb(1, 2, 3); --evc-header: rgb(4, 5, 6); --evc-radius: 3px; }
      ev-charger-configurator.themed::part(front-picker) { background-color: rgb(7, 8, 9); }
      ev-charger-configurator.themed::part(summary) { color: rgb(10, 11, 12); }
      p, h2, h3, fieldset, label { color: rgb(255, 0, 0) !important; background-color: rgb(255, 0, 0) !important; }
    `);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, pageSheet];
    host = document.createElement('ev-charger-configurator');
    host.className = 'themed';
    host.setAttribute('persist', 'none');
    document.body.append(host);
    root = await waitFor(() => host.shadowRoot, 'the shadow root');
    await waitFor(() => root.querySelector('[role="radiogroup"]'), 'the pickers to render');
  });

  after(() => {
    host.remove();
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== pageSheet);
  });

  it('takes --evc-accent, --evc-header and --evc-radius set on the element', () => {
    const chosen = root.querySelector('input[type="radio"]:checked')?.closest('label');
    expect(chosen, 'the chosen swatch').to.not.equal(null);
    expect(getComputedStyle(chosen as Element).borderTopColor).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(chosen as Element).borderTopLeftRadius).to.equal('3px');
    const heading = root.querySelector('h2');
    expect(getComputedStyle(heading as Element).color, 'headings take the header colour').to.equal('rgb(4, 5, 6)');
  });

  it('exposes the pickers and the summary as parts', () => {
    expect(getComputedStyle(byRole(root, 'radiogroup', 'Front')).backgroundColor).to.equal('rgb(7, 8, 9)');
    expect(getComputedStyle(root.querySelector('[part~="summary"]') as Element).color).to.equal('rgb(10, 11, 12)');
  });

  it('keeps the page’s own element rules out of the shadow root', () => {
    const legend = byRole(root, 'radiogroup', 'Front').querySelector('legend') as Element;
    expect(getComputedStyle(legend).color).to.not.equal('rgb(255, 0, 0)');
    expect(getComputedStyle(root.querySelector('h2') as Element).backgroundColor).to.not.equal('rgb(255, 0, 0)');
  });
});
