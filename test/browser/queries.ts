/**
 * Role-and-name queries inside a shadow root, so tests find controls the way people do and keep
 * working when the layout around them changes. Names follow the parts of the accessible-name rules
 * our components use: aria-labelledby, aria-label, a fieldset's legend, then the text.
 */

const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

export function accessibleName(element: Element): string {
  const root = element.getRootNode() as ShadowRoot | Document;
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) return labelledBy.split(/\s+/).map((id) => text(root.getElementById(id))).join(' ');
  const label = element.getAttribute('aria-label');
  if (label) return label.trim();
  if (element instanceof HTMLFieldSetElement) return text(element.querySelector('legend'));
  return text(element);
}

const ROLE_SELECTORS: Record<string, string> = {
  button: 'button, [role="button"]',
  dialog: 'dialog, [role="dialog"]',
  radiogroup: '[role="radiogroup"]',
};

/** Every element of `role` named `name` under `scope` (visible or not). */
export function allByRole(scope: ParentNode, role: keyof typeof ROLE_SELECTORS, name: string | RegExp): HTMLElement[] {
  const selector = ROLE_SELECTORS[role] ?? '';
  return [...scope.querySelectorAll<HTMLElement>(selector)].filter((element) => {
    const actual = accessibleName(element);
    return typeof name === 'string' ? actual === name : name.test(actual);
  });
}

export function byRole(scope: ParentNode, role: keyof typeof ROLE_SELECTORS, name: string | RegExp): HTMLElement {
  const [first] = allByRole(scope, role, name);
  if (!first) throw new Error(`No ${role} named ${String(name)}`);
  return first;
}

/** The element that has focus, looking through open shadow roots. */
export function deepActiveElement(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
