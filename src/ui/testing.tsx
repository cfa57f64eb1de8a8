/**
 * Test helpers for components (vitest + happy-dom): render inside a store and options of the
 * test's choosing, and find things by role and name the way people and the e2e tests do.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Catalogue } from '../domain/catalogue/schema';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import type { Flow } from '../domain/wizard';
import type { ConfiguratorStore } from '../stores/configurator-store';
import { createConfiguratorStore } from '../stores/configurator-store';
import type { StorageTargets } from '../stores/persistence';
import { memoryStorage } from '../stores/persistence';
import type { UiOptions } from './options-context';
import { UiOptionsContext } from './options-context';
import { StoreContext } from './store-context';
import { mountStartAgain, mountViewer, mountWizard } from './wizard-mount';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export const TEST_CDN = 'https://images.example/evc';

const mounted: Root[] = [];

export interface Rendered {
  store: ConfiguratorStore;
  container: HTMLElement;
}

export interface RenderOptions {
  flow?: Flow;
  options?: Partial<UiOptions>;
  storage?: StorageTargets;
  /** The embedded catalogue unless a test needs another (a merchant's with shared partner codes). */
  catalogue?: Catalogue;
  /** True for an element with `partner-endpoint`. */
  verifiedPartnerDiscounts?: boolean;
}

export function render(ui: ReactNode, { flow = 'order', options = {}, storage, catalogue = UK_CATALOGUE, verifiedPartnerDiscounts }: RenderOptions = {}): Rendered {
  const store = createConfiguratorStore({
    catalogue,
    flow,
    verifiedPartnerDiscounts,
    storageKey: 'ui-test',
    // A test passes its own storage to see what survives a reload.
    storage: storage ?? { choices: memoryStorage(), personal: memoryStorage() },
  });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted.push(root);
  act(() =>
    root.render(
      <StoreContext.Provider value={store}>
        <UiOptionsContext.Provider value={{ instanceId: 'test', imageCdn: TEST_CDN, loadWizard: async () => ({ mountWizard, mountViewer, mountStartAgain }), ...options }}>{ui}</UiOptionsContext.Provider>
      </StoreContext.Provider>,
    ),
  );
  return { store, container };
}

/** Unmounts everything `render` mounted (call in afterEach). */
export function cleanup(): void {
  for (const root of mounted.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
}

/** Runs a store action or DOM event inside act(), so React has re-rendered when it returns. */
export function update(change: () => void): void {
  act(change);
}

export async function updateAsync(change: () => Promise<void> | void): Promise<void> {
  await act(async () => {
    await change();
  });
}

/** Types into a field the way React sees it, then leaves it. */
export function typeInto(field: HTMLInputElement, value: string): void {
  update(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  update(() => {
    field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    field.dispatchEvent(new FocusEvent('blur'));
  });
}

const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

function nameOf(element: Element): string {
  const root = element.getRootNode() as Document | ShadowRoot;
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) return labelledBy.split(/\s+/).map((id) => text(root.getElementById(id))).join(' ');
  const label = element.getAttribute('aria-label');
  if (label) return label.trim();
  if (element.id) {
    const labels = root.querySelectorAll(`label[for="${element.id}"]`);
    if (labels.length > 0) return [...labels].map(text).join(' ');
  }
  if (element.tagName === 'FIGURE') return text(element.querySelector('figcaption'));
  if (element.tagName === 'TABLE') return text(element.querySelector('caption'));
  return text(element);
}

const ROLES = {
  button: 'button',
  link: 'a[href]',
  radio: 'input[type="radio"]',
  checkbox: 'input[type="checkbox"]',
  radiogroup: '[role="radiogroup"]',
  group: '[role="group"], fieldset:not([role])',
  dialog: 'dialog',
  figure: 'figure',
  table: 'table',
  textbox: 'input:not([type]), input[type="text"], input[type="url"], input[type="email"], input[type="tel"]',
} as const;

export function allByRole<E extends HTMLElement = HTMLElement>(scope: ParentNode, role: keyof typeof ROLES, name?: string | RegExp): E[] {
  return [...scope.querySelectorAll<E>(ROLES[role])].filter((element) => {
    if (name === undefined) return true;
    const actual = nameOf(element);
    return typeof name === 'string' ? actual === name : name.test(actual);
  });
}

export function byRole<E extends HTMLElement = HTMLElement>(scope: ParentNode, role: keyof typeof ROLES, name?: string | RegExp): E {
  const [first, second] = allByRole<E>(scope, role, name);
  if (!first) throw new Error(`No ${role} named ${String(name)}`);
  if (second) throw new Error(`More than one ${role} named ${String(name)}`);
  return first;
}

/** Picks a colour the way a buyer does: the radio named by the colour, inside the named group. */
export function chooseColour(scope: ParentNode, group: 'Front' | 'Body', colour: string): void {
  const radio = byRole<HTMLInputElement>(byRole(scope, 'radiogroup', group), 'radio', colour);
  update(() => radio.click());
}

/** The status regions' texts, in document order. */
export function statusTexts(scope: ParentNode): string[] {
  return [...scope.querySelectorAll('[role="status"]')].map(text).filter(Boolean);
}

export { text as textOf };
