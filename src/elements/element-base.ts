import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import { adoptStyles } from '../ui/constructable-styles';
import { kebab } from './attributes';

/**
 * The symbols @r2wc/core (1.3, under @r2wc/react-to-web-component 2.1.1) registers for an element's
 * props, its render (mount or update), its mounted React root and whether it counts as connected.
 */
const PROPS: unique symbol = Symbol.for('r2wc.props') as never;
const RENDER: unique symbol = Symbol.for('r2wc.render') as never;
const CONTEXT: unique symbol = Symbol.for('r2wc.context') as never;

/** What r2wc's element holds and does, as the extension below uses it. */
interface R2wcElement extends HTMLElement {
  [PROPS]: Record<string, unknown>;
  [CONTEXT]?: unknown;
  [RENDER](): void;
  connectedCallback(): void;
  disconnectedCallback(): void;
}

/** The props `element` renders with: its attributes' values, its shadow root as `container`, and what its own setters put there. */
export function propsOf(element: HTMLElement): Record<string, unknown> {
  return (element as R2wcElement)[PROPS];
}

/** Renders `element` again with its props: at once when mounted, else by mounting it (see `elementBase`). */
export function renderAgain(element: HTMLElement): void {
  (element as R2wcElement)[RENDER]();
}

export type ElementBase = new () => HTMLElement;

/**
 * The base class of the project's elements: the class `@r2wc/react-to-web-component` makes of
 * `component` (an open shadow root as `container`, a string prop and a property per name of
 * `attributes`, mounted on connection and rendered again on each change), extended where the
 * elements' contract asks more of it (docs/decisions/element-wrapper-r2wc.md):
 * - an attribute removed is undefined and one emptied is "", and each is taken as `data-…` too (its
 *   property cleared, the `data-…` twin counts again);
 * - the React root mounts, and `styles` are adopted, in a task of its own once connected;
 * - a move (removed and put back within a task, or `moveBefore()`) keeps the React tree and focus;
 * - properties the page set before the element was defined are applied once it is connected.
 * On a server (no DOM) it is a stand-in, so importing the package there defines nothing and throws nothing.
 */
export function elementBase<Props extends object>(component: ComponentType<Props>, attributes: readonly string[], styles: readonly string[]): ElementBase {
  if (!globalThis.HTMLElement) return class {} as unknown as ElementBase;
  const propOf = new Map(attributes.map((name) => [kebab(name), name]));
  const Base = r2wc(component, {
    shadow: 'open',
    // A list of names: each a string prop, r2wc's default.
    props: [...attributes] as Exclude<Extract<keyof Props, string>, 'container'>[],
  }) as unknown as new () => R2wcElement;

  class Element extends Base {
    // r2wc's attributes, each also as `data-…`, for content systems that keep only data attributes.
    static readonly observedAttributes = [...propOf.keys()].flatMap((attribute) => [attribute, `data-${attribute}`]);

    /** A mount is asked for and has not run yet. */
    #mountPending = false;
    #unmount: ReturnType<typeof setTimeout> | undefined;
    /** Properties the page set before the element was defined, set again once it is connected. */
    #early = new Map<string, unknown>();
    /** What lost focus in the current task: a removal blurs it before a move puts the element back. */
    #blurred: HTMLElement | undefined;

    constructor() {
      super();
      // Set before the upgrade, they are the element's own and hide r2wc's accessors; and an
      // attribute set while the upgrade runs reaches no attributeChangedCallback. So they wait.
      for (const key of Object.keys(this)) {
        if (!(key in Object.getPrototypeOf(this))) continue;
        this.#early.set(key, (this as unknown as Record<string, unknown>)[key]);
        delete (this as unknown as Record<string, unknown>)[key];
      }
      (this.shadowRoot as ShadowRoot).addEventListener('focusout', (event) => {
        this.#blurred = event.target as HTMLElement;
        queueMicrotask(() => (this.#blurred = undefined));
      });
    }

    override connectedCallback(): void {
      clearTimeout(this.#unmount);
      for (const [key, value] of this.#early) (this as unknown as Record<string, unknown>)[key] = value;
      this.#early.clear();
      super.connectedCallback();
      // Moved by insertBefore or appendChild (as frameworks move nodes) within one task: focus goes
      // back where it was, unless something else took it meanwhile.
      const blurred = this.#blurred;
      if (blurred) queueMicrotask(() => document.activeElement === document.body && blurred.focus({ preventScroll: true }));
    }

    /** Moved with `moveBefore()`: nothing to do, the element stays as it is (r2wc has no such callback, so it would unmount and mount again). */
    connectedMoveCallback(): void {}

    override disconnectedCallback(): void {
      // r2wc unmounts at once; here a task later, unless put back meanwhile (moved with appendChild
      // or insertBefore): a move keeps its state, and no root is unmounted while React renders.
      clearTimeout(this.#unmount);
      this.#unmount = setTimeout(() => {
        if (!this.isConnected) super.disconnectedCallback();
      }, 0);
    }

    /** r2wc's own skips a removed or emptied value, so the old one would stay in use; and it knows no `data-…` twin. */
    attributeChangedCallback(attribute: string): void {
      const plain = attribute.replace(/^data-/, '');
      // The attribute itself wins over its `data-` twin; an emptied one stays "", as `image-cdn=""` means no image CDN.
      this[PROPS][propOf.get(plain) as string] = this.getAttribute(plain) ?? this.getAttribute(`data-${plain}`) ?? undefined;
      this[RENDER]();
    }

    /** r2wc mounts within the upgrade, in the task of the script defining the element: here, in a task of its own. */
    override [RENDER](): void {
      if (this[CONTEXT]) {
        super[RENDER]();
        return;
      }
      if (this.#mountPending || !this.isConnected) return;
      this.#mountPending = true;
      setTimeout(() => {
        this.#mountPending = false;
        // Removed meanwhile: connecting it asks again.
        if (!this.isConnected || this[CONTEXT]) return;
        adoptStyles(this.shadowRoot as ShadowRoot, styles);
        super[RENDER]();
      }, 0);
    }
  }
  for (const name of attributes) {
    // r2wc's setter keeps a nullish value as the prop when there is no attribute to remove, which would hide a `data-…` twin: read the attributes again.
    const descriptor = Object.getOwnPropertyDescriptor(Base.prototype, name) as PropertyDescriptor;
    const set = descriptor.set as (this: Element, value: unknown) => void;
    Object.defineProperty(Element.prototype, name, {
      ...descriptor,
      set(this: Element, value: unknown) {
        set.call(this, value);
        if (value === undefined || value === null) this.attributeChangedCallback(kebab(name));
      },
    });
  }
  return Element;
}
