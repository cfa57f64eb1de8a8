// The buyer flows of flows.mjs, for the engines of engines.mjs: an order to the demo checkout, a
// monthly order through the GoCardless drop-in stand-in, a specification request to "sent", and axe
// on the wizard. Controls are found the way flows.mjs finds them (role and accessible name).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AXE_TAGS } from './a11y-checks.mjs';
import { DATE_OF_BIRTH, SPEC_REQUEST_SENT } from './flows.mjs';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs in the page: the control `query` names inside the element's top open dialog (`scope:
 * 'element'` the whole shadow root, `'page'` outside the element, `'dropin'` the drop-in's overlay),
 * by kind and accessible name (the start of it, or all of it with `exact`). With `set`, fills it;
 * with `probe`, answers whether it exists (and is enabled); else returns it.
 */
function find(query) {
  /* global document */
  const host = document.querySelector('ev-charger-configurator');
  const root = host.shadowRoot;
  const normal = (text) => (text ?? '').replace(/\s+/g, ' ').trim();
  const nameOf = (node) => {
    const labelledBy = node.getAttribute('aria-labelledby');
    if (labelledBy) return normal(labelledBy.split(/\s+/).map((id) => node.getRootNode().getElementById(id)?.textContent).join(' '));
    if (node.getAttribute('aria-label')) return normal(node.getAttribute('aria-label'));
    if (node.labels?.length) return normal(node.labels[0].textContent);
    return normal(node.textContent);
  };
  const scopes = {
    element: () => root,
    page: () => document,
    dropin: () => document.querySelector('[data-gocardless-dropin]')?.shadowRoot,
    dialog: () => [...root.querySelectorAll('dialog[open]')].at(-1),
  };
  const scope = scopes[query.scope ?? 'dialog']();
  if (!scope) return query.probe ? false : null;
  const selector = {
    button: 'button',
    radio: 'input[type=radio]',
    checkbox: 'input[type=checkbox]',
    textbox: 'input:not([type=radio]):not([type=checkbox]), textarea',
    combobox: 'select',
    text: '*',
  }[query.kind];
  const named = (name) => query.name === undefined || (query.exact ? name === query.name : query.contains ? name.includes(query.name) : name.startsWith(query.name));
  const candidates = [...scope.querySelectorAll(selector)].filter(
    (node) => node.getClientRects().length > 0 && !(query.outsideDialogs && node.closest('dialog')) && (query.kind === 'text' ? normal(node.textContent) === query.name : named(nameOf(node))),
  );
  const found = query.last ? candidates.at(-1) : candidates[0];
  if (query.set !== undefined && found) {
    const prototype = Object.getPrototypeOf(found);
    Object.getOwnPropertyDescriptor(prototype, 'value').set.call(found, query.set);
    found.dispatchEvent(new Event('input', { bubbles: true }));
    found.dispatchEvent(new Event('change', { bubbles: true }));
    return true;
  }
  if (query.probe) return Boolean(found) && !found.disabled && (query.checked === undefined || found.checked === query.checked);
  return found ?? null;
}

/** The verbs the flows use, over an engine page (engines.mjs). */
function driver(page) {
  const describe = (query) => `${query.kind} "${query.name ?? ''}"${query.scope ? ` in ${query.scope}` : ''}`;
  const waitFor = (query) => page.waitFor(find, describe(query), { args: [{ ...query, probe: true }] });
  /**
   * Clicks until `done` (a page function) holds, three times at most: a click can land before the
   * control's handler is attached, or beside it while the step's layout still moves.
   */
  const clickUntil = async (query, done, what, args = []) => {
    for (let attempt = 1; ; attempt += 1) {
      await waitFor(query);
      // A slow page may have taken the last click after all: a second one would untick a checkbox.
      if (attempt > 1 && (await page.evaluate(done, ...args))) return true;
      await page.click(find, query);
      try {
        return await page.waitFor(done, what, { args, within: attempt < 3 ? 3_000 : undefined });
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  };
  return {
    waitFor,
    clickUntil,
    async click(query) {
      await waitFor(query);
      await page.click(find, query);
    },
    /** Clicks a radio or checkbox until it is checked. */
    check: (query) => clickUntil(query, find, `${describe(query)} checked`, [{ ...query, probe: true, checked: true }]),
    async fill(query, value) {
      await waitFor(query);
      await page.evaluate(find, { ...query, set: value });
    },
    /** The wizard's own Continue (or "Continue to checkout"), once it is enabled. */
    next: async () => {
      const query = { kind: 'button', name: 'Continue', last: true };
      await waitFor(query);
      await page.click(find, query);
    },
    async waitForUrl(pattern) {
      await page.waitFor((source) => new RegExp(source).test(globalThis.location.href), `a URL matching ${pattern}`, { args: [pattern.source] });
    },
  };
}

/** Opens `path` with nothing kept from an earlier flow (the element keeps the buyer's choices in web storage). */
async function visit(page, url, path) {
  await page.goto(url(path));
  await page.evaluate(() => {
    globalThis.localStorage.clear();
    globalThis.sessionStorage.clear();
  });
  await page.goto(url(path));
}

/** Opens the wizard with the page's Continue. */
async function openWizard(page, on) {
  await on.clickUntil(
    { kind: 'button', name: 'Continue', exact: true, scope: 'element', outsideDialogs: true },
    () => Boolean(globalThis.document.querySelector('ev-charger-configurator').shadowRoot.querySelector('dialog[open]')),
    'the wizard',
  );
}

/** 7kW 8.5m tethered, standard installation with its terms, the digital display, then `plan`; fills the contact step. */
async function configure(page, on, plan, { first, last, email }) {
  await openWizard(page, on);
  await on.check({ kind: 'radio', name: '7kW with 8.5m cable' });
  await on.next();
  await on.check({ kind: 'radio', name: 'Standard', exact: true });
  await on.check({ kind: 'checkbox', name: 'terms', contains: true });
  await on.next();
  await on.next(); // options
  await on.check({ kind: 'checkbox', name: 'Digital display' });
  await on.next(); // extras
  await on.check({ kind: 'radio', name: plan });
  await on.next();
  await on.fill({ kind: 'textbox', name: 'First name', exact: true }, first);
  await on.fill({ kind: 'textbox', name: 'Last name', exact: true }, last);
  await on.fill({ kind: 'textbox', name: 'E-mail address', exact: true }, email);
  await on.fill({ kind: 'textbox', name: 'Phone number', exact: true }, '07700 900123');
}

/** An order paid in full, from the page to the demo checkout. */
export async function orderToCheckout(page, url) {
  const on = driver(page);
  await visit(page, url, '/dist-examples/marketing-site.html');
  await configure(page, on, 'Pay in full', { first: 'Sam', last: 'Lee', email: 'sam.lee@example.com' });
  await on.next();
  await on.waitForUrl(/\/demo-checkout\/[^/?]+/);
}

/** A monthly order: finance, the Direct Debit through the drop-in stand-in, then the demo invoice. */
export async function monthlyThroughDropin(page, url) {
  const on = driver(page);
  await visit(page, url, '/dist-examples/marketing-site.html');
  await configure(page, on, 'Pay monthly', { first: 'Alex', last: 'Morgan', email: 'alex.morgan@example.com' });
  await on.next();
  await on.fill({ kind: 'combobox', name: 'Title', exact: true }, 'Dr');
  await on.fill({ kind: 'textbox', name: 'Legal name', exact: true }, 'Alexandra Morgan');
  await on.fill({ kind: 'textbox', name: 'Address line 1', exact: true }, '1 Example Street');
  await on.fill({ kind: 'textbox', name: 'City', exact: true }, 'London');
  await on.fill({ kind: 'textbox', name: 'Postcode', exact: true }, 'sw1a 1aa');
  await on.fill({ kind: 'textbox', name: 'Date of birth' }, DATE_OF_BIRTH);
  await on.check({ kind: 'checkbox', name: 'I accept the monthly payment terms', exact: true });
  await on.check({ kind: 'checkbox', name: 'I agree to a credit check', exact: true });
  await on.next();
  await on.click({ kind: 'button', name: 'Set up your Direct Debit', exact: true });
  await on.click({ kind: 'button', name: 'Set up Direct Debit', exact: true, scope: 'dropin' });
  await page.waitFor(() => Boolean(globalThis.document.querySelector('ev-charger-configurator').shadowRoot.querySelector('[data-mandate="complete"]')), 'the mandate');
  await on.next();
  await on.waitForUrl(/\/demo-invoice\//);
}

/** A specification request on the leasing portal, to its "sent" confirmation. */
export async function specRequestSent(page, url) {
  const on = driver(page);
  await visit(page, url, '/dist-examples/mobilize-portal.html');
  await openWizard(page, on);
  await on.fill({ kind: 'textbox', name: 'E-mail address', exact: true }, 'ada@example.com');
  await on.next();
  await on.check({ kind: 'radio', name: 'Tethered', exact: true });
  await on.check({ kind: 'radio', name: '7kW with 8.5m cable' });
  await on.next();
  await on.check({ kind: 'checkbox' });
  await on.next();
  await on.check({ kind: 'checkbox', name: 'Digital display', exact: true });
  await on.next();
  await on.fill({ kind: 'textbox', name: 'First name', exact: true }, 'Ada');
  await on.fill({ kind: 'textbox', name: 'Last name', exact: true }, 'Lovelace');
  await on.fill({ kind: 'textbox', name: 'Phone number', exact: true }, '07700 900123');
  await on.next();
  await on.waitFor({ kind: 'text', name: SPEC_REQUEST_SENT, scope: 'element' });
}

/**
 * Opens the wizard on the order page with a click on the page's Continue (which scrolls it into
 * view first) and takes a screenshot: the top `rows` rows of pixels, each as one string of colours.
 */
export async function wizardTopRows(page, url, rows) {
  const on = driver(page);
  await visit(page, url, '/dist-examples/marketing-site.html');
  await openWizard(page, on);
  // Once the wizard has put focus on its title, two frames: the screenshot shows it painted.
  await page.waitFor(() => {
    let active = globalThis.document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active?.matches('dialog[open] [part~="dialog-title"]') === true;
  }, "the wizard's title to take focus");
  await page.evaluate(() => new Promise((resolve) => globalThis.requestAnimationFrame(() => globalThis.requestAnimationFrame(resolve))));
  const png = await page.screenshot();
  return page.evaluate(
    async (bytes, count) => {
      const bitmap = await globalThis.createImageBitmap(new globalThis.Blob([new Uint8Array(bytes)], { type: 'image/png' }));
      const canvas = new globalThis.OffscreenCanvas(bitmap.width, count);
      const context = canvas.getContext('2d');
      context.drawImage(bitmap, 0, 0);
      const { data } = context.getImageData(0, 0, bitmap.width, count);
      return Array.from({ length: count }, (_, row) => data.slice(row * bitmap.width * 4, (row + 1) * bitmap.width * 4).join(','));
    },
    [...png],
    rows,
  );
}

/**
 * Opens the wizard on the order page, Tabs from its title to its last control (Continue), presses
 * Tab, then Shift+Tab; returns the accessible names of what had focus after each of the last three.
 */
export async function tabAroundWizard(page, url) {
  const on = driver(page);
  await visit(page, url, '/dist-examples/marketing-site.html');
  await openWizard(page, on);
  await on.waitFor({ kind: 'button', name: 'Continue', last: true });
  const focused = () =>
    page.evaluate(() => {
      let active = globalThis.document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return globalThis.document.hasFocus() ? (active?.getAttribute('aria-label') ?? active?.textContent.trim()) : 'outside the page';
    });
  // Real Tabs from where opening put focus: a script's focus() is not one in every engine's driver.
  for (let presses = 0; (await focused()) !== 'Continue'; presses += 1) {
    if (presses === 40) throw new Error(`Tab did not reach Continue in 40 presses; focus is on ${await focused()}`);
    await page.press('Tab');
  }
  const stops = [await focused()];
  await page.press('Tab');
  stops.push(await focused());
  await page.press('Tab', { shift: true });
  stops.push(await focused());
  return stops;
}

/** Opens the wizard on the order page and returns axe's violations in it, as readable lines. */
export async function wizardAxeViolations(page, url) {
  const on = driver(page);
  await visit(page, url, '/dist-examples/marketing-site.html');
  await openWizard(page, on);
  return page.evaluate(
    async (source, tags) => {
      if (!('axe' in globalThis)) {
        const script = globalThis.document.createElement('script');
        script.textContent = source;
        globalThis.document.head.append(script);
      }
      const dialog = globalThis.document.querySelector('ev-charger-configurator').shadowRoot.querySelector('dialog[open]');
      const result = await globalThis.axe.run(dialog, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      const looked = [...result.passes, ...result.violations].some((rule) => rule.nodes.some((node) => Array.isArray(node.target[0])));
      return [
        ...(looked ? [] : ['axe checked nothing inside the shadow root']),
        ...result.violations.map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.flat().join(' >>> ')).join(', ')}`),
      ];
    },
    AXE_SOURCE,
    AXE_TAGS,
  );
}
