/**
 * Test helpers for the wizard's steps (vitest + happy-dom): the wizard open in a store, fake
 * ordering services, and the wizard's own controls.
 */
import { act } from 'react';
import { vi } from 'vitest';
import type { StepName } from '../../domain/wizard';
import { wizardNavigation } from '../../stores/wizard-navigation';
import type { OrderServices, PlacedOrder } from '../../services/order-services';
import type { UiOptions } from '../options-context';
import type { Rendered, RenderOptions } from '../testing';
import { render, update } from '../testing';
import { Wizard } from '../Wizard';

export type FakeOrderServices = OrderServices & {
  installationDetails: ReturnType<typeof vi.fn<OrderServices['installationDetails']>>;
  captureLead: ReturnType<typeof vi.fn<OrderServices['captureLead']>>;
  checkout: ReturnType<typeof vi.fn<OrderServices['checkout']>>;
  proceed: ReturnType<typeof vi.fn<OrderServices['proceed']>>;
};

export const CART_ID = 'gid://shopify/Cart/test-cart';

/** A cart the shop built: as shown (the default), or with other figures. */
export function placedOrder(comparison: Partial<PlacedOrder['comparison']> = {}): PlacedOrder {
  return {
    cartId: CART_ID,
    reusableCartId: CART_ID,
    checkoutUrl: 'https://shop.example/checkout',
    comparison: { shown: 0, charged: 0, differences: [], matches: true, ...comparison },
    totals: { currency: 'GBP', total: (comparison.charged ?? 0) / 100, lines: [] },
  };
}

export function fakeOrderServices(overrides: Partial<OrderServices> = {}): FakeOrderServices {
  return {
    checkoutAvailable: true,
    installationDetails: vi.fn<OrderServices['installationDetails']>(async () => ({})),
    captureLead: vi.fn<OrderServices['captureLead']>(async () => {}),
    checkout: vi.fn<OrderServices['checkout']>(async () => placedOrder()),
    proceed: vi.fn<OrderServices['proceed']>(() => true),
    ...overrides,
  } as FakeOrderServices;
}

export interface WizardOptions extends Pick<RenderOptions, 'catalogue' | 'verifiedPartnerDiscounts'> {
  order?: OrderServices | undefined;
  step?: StepName;
  smallScreen?: boolean;
  options?: Partial<UiOptions>;
}

export interface RenderedWizard extends Rendered {
  reportError: ReturnType<typeof vi.fn<NonNullable<UiOptions['reportError']>>>;
  /** Moves the wizard to a step, as navigation would have. */
  goTo(step: StepName): void;
}

/** The ordering wizard, open, on `step` (default: the first). */
export function renderWizard({ order, step, smallScreen = false, options = {}, catalogue, verifiedPartnerDiscounts }: WizardOptions = {}): RenderedWizard {
  const reportError = vi.fn<NonNullable<UiOptions['reportError']>>();
  const rendered = render(<Wizard />, { options: { order, reportError, ...options }, catalogue, verifiedPartnerDiscounts });
  const { store } = rendered;
  const goTo = (target: StepName) => update(() => store.setState((state) => ({ wizard: { ...state.wizard, step: target } })));
  update(() => {
    wizardNavigation(store).setSmallScreen(smallScreen);
    store.getState().actions.openWizard();
  });
  if (step) goTo(step);
  return { ...rendered, reportError, goTo };
}

export const wizardDialog = (scope: ParentNode) => {
  const dialog = scope.querySelector<HTMLDialogElement>('dialog.evc-wizard');
  if (!dialog) throw new Error('No wizard dialog');
  return dialog;
};

/** The wizard's own Continue (the 22kW dialog has a Continue of its own). */
export const nextButton = (scope: ParentNode) => scope.querySelector<HTMLButtonElement>('[part~="next-button"]');

/**
 * Whether the wizard's Continue is announced as disabled (MOVE-9): aria-disabled, so it stays
 * focusable and a press shows the error summary instead of moving on.
 */
export const continueDisabled = (scope: ParentNode) => nextButton(scope)?.getAttribute('aria-disabled') === 'true';

/** Presses the wizard's Continue as a buyer does, whether or not it is announced as disabled. */
export const pressContinue = (scope: ParentNode) => update(() => nextButton(scope)?.click());

/** The step's error summary ("There is a problem"), shown after a Continue that found problems. */
export const errorSummary = (scope: ParentNode) => scope.querySelector<HTMLElement>('.evc-error-summary');

/** The error summary's links' texts, in order. */
export const summaryLinks = (scope: ParentNode) => [...(errorSummary(scope)?.querySelectorAll('a') ?? [])].map((link) => (link.textContent ?? '').trim());

export const backButton = (scope: ParentNode) => scope.querySelector<HTMLButtonElement>('[part~="back-button"]');

/** The text that describes a control (its price and details), by aria-describedby. */
export function descriptionOf(element: Element): string {
  const root = element.getRootNode() as Document;
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => (root.getElementById(id)?.textContent ?? '').replace(/\s+/g, ' ').trim())
    .join(' ');
}

/** Lets pending promise callbacks (fake services) run and React re-render. */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
