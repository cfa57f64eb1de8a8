import type { ComponentType } from 'react';
import { createElement } from 'react';
import type { Root } from 'react-dom/client';
import { createRoot } from 'react-dom/client';
import { adoptStyles } from '../ui/constructable-styles';
import { kebab } from './attributes';

const PROPS = Symbol('props');
const RENDER = Symbol('render');

type Internals = HTMLElement & { [PROPS]: Record<string, unknown>; [RENDER](): void };

/** The props `element` renders with: its attributes' values, its shadow root as `container`, and what its own setters put there. */
export function propsOf(element: HTMLElement): Record<string, unknown> {
  return (element as Internals)[PROPS];
}

/** Renders `element` again with its props: at once when mounted, else by mounting it (see `elementBase`). */
export function renderAgain(element: HTMLElement): void {
  (element as Internals)[RENDER]();
}

export type ElementBase = new () => HTMLElement;

/** HTMLElement, or on a server (no DOM) a stand-in, so importing the package there defines nothing and throws nothing. */
const ElementClass: typeof HTMLElement = globalThis.HTMLElement ?? (class {} as unknown as typeof HTMLElement);

/**
 * The base class of the project's elements: a custom element that renders `component` into its
 * open shadow root, with a string prop per name of `attributes` mirroring its attribute (and a
 * property of that name that sets it). A removed or emptied attribute is undefined, so the
 * attribute table's "none" applies. The React root mounts, and `styles` are adopted, in a task of
 * its own once connected: the upgrade stays inside the defining script's task without the
 * stylesheet's parsing or React's first render. Once mounted, a change renders at once; removed
 * from the page, the element unmounts a task later unless it was put back (a move).
 */
export function elementBase<Props extends object>(component: ComponentType<Props>, attributes: readonly string[], styles: readonly string[]): ElementBase {
  const propOf = new Map(attributes.map((name) => [kebab(name), name]));

  class Element extends ElementClass {
    // Each attribute also as `data-…`, for content systems that keep only data attributes.
    static readonly observedAttributes = [...propOf.keys()].flatMap((attribute) => [attribute, `data-${attribute}`]);

    readonly [PROPS]: Record<string, unknown> = { container: this.attachShadow({ mode: 'open' }) };
    #root: Root | undefined;
    /** A mount is asked for and has not run yet. */
    #mountPending = false;
    #unmount: ReturnType<typeof setTimeout> | undefined;
    /** Properties the page set before the element was defined, set again once it is connected. */
    #early = new Map<string, unknown>();
    /** What lost focus in the current task: a removal blurs it before a move puts the element back. */
    #blurred: HTMLElement | undefined;

    constructor() {
      super();
      // Set before the upgrade, they are the element's own and hide the class's accessors; and an
      // attribute set while the upgrade runs reaches no attributeChangedCallback. So they wait.
      for (const key of Object.keys(this)) {
        if (!(key in Object.getPrototypeOf(this))) continue;
        this.#early.set(key, (this as unknown as Record<string, unknown>)[key]);
        delete (this as unknown as Record<string, unknown>)[key];
      }
      (this[PROPS]['container'] as ShadowRoot).addEventListener('focusout', (event) => {
        this.#blurred = event.target as HTMLElement;
        queueMicrotask(() => (this.#blurred = undefined));
      });
    }

    connectedCallback(): void {
      clearTimeout(this.#unmount);
      for (const [key, value] of this.#early) (this as unknown as Record<string, unknown>)[key] = value;
      this.#early.clear();
      this[RENDER]();
      // Moved by insertBefore or appendChild (as frameworks move nodes) within one task: focus goes
      // back where it was, unless something else took it meanwhile.
      const blurred = this.#blurred;
      if (blurred) queueMicrotask(() => document.activeElement === document.body && blurred.focus({ preventScroll: true }));
    }

    /** Moved with `moveBefore()`: nothing to do, the element stays as it is. */
    connectedMoveCallback(): void {}

    disconnectedCallback(): void {
      // Unmounted a task later, unless put back meanwhile (moved with appendChild or insertBefore):
      // a move keeps its state, and no root is unmounted while React renders.
      clearTimeout(this.#unmount);
      this.#unmount = setTimeout(() => {
        if (this.isConnected) return;
        this.#root?.unmount();
        this.#root = undefined;
      }, 0);
    }

    attributeChangedCallback(attribute: string): void {
      const plain = attribute.replace(/^data-/, '');
      // The attribute itself wins over its `data-` twin.
      this[PROPS][propOf.get(plain) as string] = (this.getAttribute(plain) ?? this.getAttribute(`data-${plain}`)) || undefined;
      this[RENDER]();
    }

    [RENDER](): void {
      if (this.#root) {
        this.#root.render(createElement(component, this[PROPS] as Props));
        return;
      }
      if (this.#mountPending || !this.isConnected) return;
      this.#mountPending = true;
      setTimeout(() => {
        this.#mountPending = false;
        // Removed meanwhile: connecting it asks again.
        if (!this.isConnected || this.#root) return;
        const container = this[PROPS]['container'] as ShadowRoot;
        adoptStyles(container, styles);
        this.#root = createRoot(container);
        this[RENDER]();
      }, 0);
    }
  }

  for (const name of attributes) {
    const attribute = kebab(name);
    Object.defineProperty(Element.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: Element) {
        return this[PROPS][name];
      },
      set(this: Element, value: unknown) {
        if (value === undefined || value === null) this.removeAttribute(attribute);
        else this.setAttribute(attribute, String(value));
      },
    });
  }
  return Element;
}
