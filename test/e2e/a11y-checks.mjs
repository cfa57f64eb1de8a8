// Shared checks of the accessibility tests: axe-core on a part of the element, the
// association of validation messages, what has focus and whether it shows, and the layout at a
// narrow viewport. Every function that takes a callback to page.evaluate runs that callback in the
// browser, where the element's shadow root is open.
/* global document, getComputedStyle, innerWidth, innerHeight */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * WCAG 2.0, 2.1 and 2.2, levels A and AA. axe-core 4.14 tags no rule wcag22a (the new 2.2 A criteria,
 * consistent help and redundant entry, are not machine-checkable) and one wcag22aa (target-size);
 * it accepts both tags.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** The element's open dialogs, innermost last (a dialog opened from the wizard sits inside it). */
export const openDialog = (element) => element.locator('dialog[open]').last();

/**
 * Runs axe on `scope` (a locator: the element, or one of its dialogs) and returns its violations
 * as readable lines. Fails when axe looked at nothing inside the shadow root.
 */
export async function axeViolations(scope) {
  const page = scope.page();
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ path: AXE });
  const found = await scope.evaluate(async (node, tags) => {
    const result = await globalThis.axe.run(node, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    // A target with a shadow path is an array of selectors: proof axe looked inside the shadow root.
    const all = [...result.passes, ...result.violations, ...result.incomplete];
    if (!all.some((rule) => rule.nodes.some((entry) => Array.isArray(entry.target[0])))) {
      return [{ id: 'no-shadow-content', impact: 'test', help: 'axe checked nothing inside the shadow root', nodes: [] }];
    }
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((entry) => ({ target: entry.target.flat().join(' >>> '), html: entry.html, summary: entry.failureSummary })),
    }));
  }, AXE_TAGS);
  return found.flatMap((violation) => [
    `${violation.id} (${violation.impact}): ${violation.help}`,
    ...violation.nodes.map((entry) => `  at ${entry.target}\n     ${entry.html}\n     ${entry.summary?.replace(/\n/g, '\n     ')}`),
  ]);
}

export async function assertNoAxeViolations(scope, where) {
  const lines = await axeViolations(scope);
  assert.deepEqual(lines, [], `axe (${AXE_TAGS.join(', ')}) violations in ${where}:\n${lines.join('\n')}`);
}

/**
 * Validation messages inside `scope` (field messages, the error summary and the hint beside
 * Continue): a field's message must describe an invalid control (aria-invalid, aria-describedby)
 * and is not a live region (the error summary is what is read after Continue, by taking focus: a
 * live message as well would be read twice); a summary must be a focusable group named "There is a
 * problem" with a link per problem, each naming a field's problem; a hint must describe Continue.
 * Returns the messages found and the problems.
 */
export async function validationMessages(scope) {
  return scope.evaluate((root) => {
    const shadow = root.getRootNode();
    const visible = (node) => node.getClientRects().length > 0;
    const describing = (message) =>
      [...root.querySelectorAll('[aria-describedby]')].filter((control) => control.getAttribute('aria-describedby').split(/\s+/).includes(message.id));
    const live = (message) => Boolean(message.closest('[role="alert"], [role="status"], [aria-live="polite"], [aria-live="assertive"]'));
    const problems = [];
    const fieldMessages = [...root.querySelectorAll('.evc-field-error')].filter(visible);
    for (const message of fieldMessages) {
      const text = message.textContent.trim();
      if (!message.id || shadow.getElementById(message.id) !== message) problems.push(`"${text}" has no unique id`);
      const controls = describing(message);
      if (controls.length === 0) problems.push(`"${text}" describes no control`);
      for (const control of controls) {
        if (control.getAttribute('aria-invalid') !== 'true') problems.push(`"${text}" describes ${control.outerHTML.slice(0, 80)}, which is not aria-invalid`);
      }
      if (live(message)) problems.push(`"${text}" is a live region as well as a description`);
    }
    const summaries = [...root.querySelectorAll('.evc-error-summary')].filter(visible);
    for (const summary of summaries) {
      const title = shadow.getElementById(summary.getAttribute('aria-labelledby') ?? '')?.textContent.trim();
      if (summary.getAttribute('role') !== 'group' || title !== 'There is a problem') problems.push(`the error summary is not a group named "There is a problem" (${title})`);
      if (summary.getAttribute('tabindex') !== '-1') problems.push('the error summary cannot take focus');
      const links = [...summary.querySelectorAll('a[href]')].map((link) => link.textContent.trim());
      if (links.length === 0 || links.some((link) => link === '')) problems.push(`the error summary's links are ${JSON.stringify(links)}`);
    }
    const hints = [...root.querySelectorAll('.evc-wizard-hint')].filter(visible);
    for (const hint of hints) {
      const text = hint.textContent.trim();
      const controls = describing(hint);
      if (!controls.some((control) => control.textContent.trim().startsWith('Continue'))) problems.push(`the hint "${text}" does not describe Continue`);
    }
    return {
      fields: fieldMessages.map((message) => message.textContent.trim()),
      summaries: summaries.map((summary) => [...summary.querySelectorAll('a')].map((link) => link.textContent.trim())),
      hints: hints.map((hint) => hint.textContent.trim()),
      problems,
    };
  });
}

/**
 * What has focus, through shadow roots: its tag, type, name, whether it is checked, where it is,
 * and whether its focus indicator shows (an outline or a box shadow on it, or on the label that
 * draws it for a transparent input such as a colour swatch's radio), on screen.
 */
export function focused(page) {
  return page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active || active === document.body || active === document.documentElement) return { tag: 'BODY', name: '', visible: false, why: 'nothing has focus' };
    const labelText = (node) => (node.labels?.[0]?.textContent ?? '').trim();
    const labelledBy = (node) =>
      (node.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .map((id) => node.getRootNode().getElementById?.(id)?.textContent.trim() ?? '')
        .join(' ')
        .trim();
    const name = active.getAttribute('aria-label') || labelledBy(active) || labelText(active) || active.textContent.trim();
    const painter = getComputedStyle(active).opacity === '0' ? active.closest('label') : active;
    const style = painter ? getComputedStyle(painter) : undefined;
    const outline = style !== undefined && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && style.outlineColor !== 'rgba(0, 0, 0, 0)';
    const shadow = style !== undefined && style.boxShadow !== 'none';
    const box = (painter ?? active).getBoundingClientRect();
    const onScreen = box.width > 0 && box.height > 0 && box.right > 0 && box.bottom > 0 && box.left < innerWidth && box.top < innerHeight;
    const inElement = active.getRootNode() !== document;
    const why = !painter ? 'a transparent control without a label' : !(outline || shadow) ? 'no outline or box shadow' : !onScreen ? 'off screen' : '';
    return {
      tag: active.tagName,
      type: active.getAttribute('type') ?? '',
      name,
      checked: active.checked === true,
      inElement,
      inDialog: active.closest('dialog')?.getAttribute('aria-labelledby') ? labelledBy(active.closest('dialog')) : '',
      focusVisible: active.matches(':focus-visible'),
      visible: why === '',
      why,
    };
  });
}

/** A short description of a focus stop for messages. */
export const describeFocus = (stop) => `${stop.tag.toLowerCase()}${stop.type ? `[${stop.type}]` : ''} "${stop.name.slice(0, 60)}"`;

/**
 * Sets the viewport and, with the wizard open, waits for its layout to follow (small below 768 px
 * of its own width).
 */
export async function resize(page, width, height) {
  await page.setViewportSize({ width, height });
  await page.waitForFunction((layout) => {
    const frame = document.querySelector('ev-charger-configurator').shadowRoot.querySelector('dialog[open] .evc-wizard-frame');
    return !frame || frame.dataset.layout === layout;
  }, width >= 768 ? 'large' : 'small');
}

/**
 * Every check of one wizard step or dialog (`scope`): axe and the validation messages in the large
 * layout at 1280x800 (unless `large` is false: the small screen's own summary step); the layout at
 * 640x400 (1280x800 at 200% zoom, where the wizard's body scrolls) with axe again in the small
 * layout; the layout at 320x640. Ends at 320 px. Returns the validation messages found.
 */
export async function checkEverywhere(page, scope, where, { large = true } = {}) {
  let messages;
  if (large) {
    await resize(page, 1280, 800);
    await assertNoAxeViolations(scope, `${where} (1280x800)`);
    messages = await validationMessages(scope);
    assert.deepEqual(messages.problems, [], `validation messages on ${where}`);
  }
  await resize(page, 640, 400);
  assert.deepEqual(await layoutProblems(page), [], `layout of ${where} at 640x400`);
  await assertNoAxeViolations(scope, `${where} (640x400)`);
  await resize(page, 320, 640);
  assert.deepEqual(await layoutProblems(page), [], `layout of ${where} at 320x640`);
  return messages ?? (await validationMessages(scope));
}

/**
 * Layout problems of the element (and its open dialogs) at the current viewport: sideways scrolling
 * of the page or of a dialog, controls that stick out of their dialog or the viewport or are smaller
 * than 24x24 CSS px (WCAG 2.5.8; links inside a sentence are exempt), and text wider than its box.
 */
export function layoutProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    const host = document.querySelector('ev-charger-configurator');
    const root = host.shadowRoot;
    const page = document.documentElement;
    if (page.scrollWidth > page.clientWidth) problems.push(`the page scrolls sideways by ${page.scrollWidth - page.clientWidth}px`);
    const dialogs = [...root.querySelectorAll('dialog[open]')];
    const top = dialogs.at(-1);
    const scope = top ?? root;
    const frame = top ? top.getBoundingClientRect() : { left: 0, right: innerWidth };
    for (const dialog of dialogs) {
      for (const box of [dialog, ...dialog.querySelectorAll('.evc-modal-body')]) {
        if (box.scrollWidth > box.clientWidth + 1) problems.push(`${box.className || 'dialog'} scrolls sideways by ${box.scrollWidth - box.clientWidth}px`);
      }
      const rect = dialog.getBoundingClientRect();
      if (rect.left < 0 || rect.right > innerWidth + 0.5) problems.push(`${dialog.className} is wider than the viewport (${rect.left}..${rect.right})`);
    }
    const shown = (node) => node.getClientRects().length > 0 && getComputedStyle(node).visibility !== 'hidden';
    const describe = (node) => `${node.tagName.toLowerCase()} "${(node.getAttribute('aria-label') || node.labels?.[0]?.textContent || node.textContent).trim().slice(0, 40)}"`;
    const controls = [...scope.querySelectorAll('button, input, select, textarea, a[href], summary, [tabindex]:not([tabindex="-1"])')].filter(shown);
    for (const control of controls) {
      // A transparent radio is drawn by its label (colour swatches): the label is the target.
      const target = getComputedStyle(control).opacity === '0' ? (control.closest('label') ?? control) : control;
      const box = target.getBoundingClientRect();
      if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) problems.push(`${describe(control)} sticks out sideways (${Math.round(box.left)}..${Math.round(box.right)})`);
      const inSentence = [...control.parentElement.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim() !== '');
      const inline = control.tagName === 'A' && getComputedStyle(control).display === 'inline' && inSentence;
      if (!inline && (box.width < 24 || box.height < 24)) problems.push(`${describe(control)} is ${box.width.toFixed(1)}x${box.height.toFixed(1)}px, under 24x24`);
    }
    // Text wider than its box: a block that holds text and scrolls, or a text line past the frame.
    for (const node of scope.querySelectorAll('*')) {
      if (!shown(node)) continue;
      const ownText = [...node.childNodes].some((child) => child.nodeType === 3 && child.textContent.trim() !== '');
      if (!ownText) continue;
      const style = getComputedStyle(node);
      if (style.display !== 'inline' && style.overflowX === 'visible' && node.scrollWidth > node.clientWidth + 1 && node.clientWidth > 0) {
        problems.push(`the text of ${describe(node)} overflows its box (${node.scrollWidth} > ${node.clientWidth})`);
      }
      for (const box of node.getClientRects()) {
        if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) {
          problems.push(`the text of ${describe(node)} runs outside (${Math.round(box.left)}..${Math.round(box.right)})`);
          break;
        }
      }
    }
    return problems;
  });
}

/**
 * The installation step with its terms message showing: the terms ticked and unticked, `visit` called
 * while 'Must accept terms & conditions' shows, then the terms ticked for the way on.
 */
export async function visitTermsMessage(wizard, terms, visit) {
  await terms.check();
  await terms.uncheck();
  await wizard.getByText('Must accept terms & conditions').first().waitFor();
  await visit('installation, with its message', wizard);
  await terms.check();
}
