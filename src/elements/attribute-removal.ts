import { kebab } from './attributes';

/** r2wc's registered symbols for an element's props bag and its re-render. */
const PROPS_SYMBOL = Symbol.for('r2wc.props');
const RENDER_SYMBOL = Symbol.for('r2wc.render');

/**
 * `@r2wc/react-to-web-component` (2.1.1) ignores an attribute that is removed or set to "", so the
 * element would go on using the old value (a removed `storefront-endpoint` still sent calls there).
 * Called from an element's `attributeChangedCallback` after r2wc's own, this forgets the value and
 * renders again, so the attribute table's "none" default applies.
 */
export function forgetRemovedAttribute(element: HTMLElement, attribute: string, value: string | null, props: readonly string[]): void {
  if (value !== null && value !== '') return;
  const prop = props.find((name) => kebab(name) === attribute);
  const self = element as unknown as Record<symbol, unknown>;
  const bag = self[PROPS_SYMBOL] as Record<string, unknown> | undefined;
  if (!prop || !bag) return;
  bag[prop] = undefined;
  (self[RENDER_SYMBOL] as (() => void) | undefined)?.call(element);
}
