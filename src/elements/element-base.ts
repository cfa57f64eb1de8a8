import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import { adoptStyles } from '../ui/constructable-styles';
import { kebab } from './attributes';

/**
 * r2wc's (`@r2wc/react-to-web-component` 2.1.1) registered symbols: an element's props bag, its
 * re-render, and its mounted React root (absent until the first mount).
 */
const PROPS_SYMBOL = Symbol.for('r2wc.props');
const RENDER_SYMBOL = Symbol.for('r2wc.render');
const CONTEXT_SYMBOL = Symbol.for('r2wc.context');

type R2wcInternals = HTMLElement & Record<symbol, unknown>;

/** The props r2wc renders `element` with (attributes parsed, plus what the element's setters put there). */
export function propsOf(element: HTMLElement): Record<string, unknown> {
  return (element as R2wcInternals)[PROPS_SYMBOL] as Record<string, unknown>;
}

/** Renders `element` again with its props: at once when mounted, else by mounting it (see `elementBase`). */
export function renderAgain(element: HTMLElement): void {
  ((element as R2wcInternals)[RENDER_SYMBOL] as () => void).call(element);
}

/**
 * r2wc ignores an attribute that is removed or set to "", so the element would go on using the old
 * value (a removed `storefront-endpoint` still sent calls there). Called after r2wc's own
 * `attributeChangedCallback`, this forgets the value and renders again, so the attribute table's
 * "none" default applies.
 */
function forgetRemovedAttribute(element: HTMLElement, attribute: string, value: string | null, props: readonly string[]): void {
  if (value !== null && value !== '') return;
  const prop = props.find((name) => kebab(name) === attribute);
  const bag = (element as R2wcInternals)[PROPS_SYMBOL] as Record<string, unknown> | undefined;
  if (!prop || !bag) return;
  bag[prop] = undefined;
  renderAgain(element);
}

export type ElementBase = new () => HTMLElement & { attributeChangedCallback(name: string, old: string | null, value: string | null): void };

/**
 * The base class of the project's elements: r2wc's element for `component`, an open shadow root,
 * every attribute of `attributes` (prop names) passed as a string, with two changes to r2wc:
 * - a removed or emptied attribute is forgotten (`forgetRemovedAttribute`);
 * - the element mounts its React root, and adopts `styles`, in a task of its own, once, when
 *   connected. r2wc mounts from the upgrade itself, inside the task of the script that defines the
 *   element, and renders again for every attribute; the stylesheet's parsing and React's first
 *   render now stay out of that task, so neither makes it a longer one. Once mounted, changes
 *   render at once, as r2wc does.
 */
export function elementBase<Props extends object>(component: ComponentType<Props>, attributes: readonly string[], styles: readonly string[]): ElementBase {
  const Base = r2wc(component, {
    shadow: 'open',
    props: Object.fromEntries(attributes.map((name) => [name, 'string'])) as Partial<Record<Exclude<Extract<keyof Props, string>, 'container'>, 'string'>>,
  }) as unknown as ElementBase;
  const r2wcRender = (Base.prototype as unknown as Record<symbol, (this: HTMLElement) => void>)[RENDER_SYMBOL] as (this: HTMLElement) => void;
  const mounted = (element: HTMLElement) => Boolean((element as R2wcInternals)[CONTEXT_SYMBOL]);

  class Element extends Base {
    /** A mount is asked for and has not run yet. */
    #mountPending = false;

    [RENDER_SYMBOL](): void {
      if (mounted(this)) {
        r2wcRender.call(this);
        return;
      }
      if (this.#mountPending) return;
      this.#mountPending = true;
      setTimeout(() => {
        this.#mountPending = false;
        // Removed meanwhile (or never added): connecting it asks again.
        if (!this.isConnected || mounted(this)) return;
        if (this.shadowRoot) adoptStyles(this.shadowRoot, styles);
        r2wcRender.call(this);
      }, 0);
    }

    override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
      super.attributeChangedCallback(name, old, value);
      forgetRemovedAttribute(this, name, value, attributes);
    }
  }
  return Element;
}
