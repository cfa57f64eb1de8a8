import { defaultConfiguration } from '../domain/configuration';
import type { ContinueEffects, StepName } from '../domain/wizard';
import { back, continueEffects, continueHidden, highPowerConfirmedEffects, needsHighPowerConfirmation, next, normaliseStep, stepsFor, walkTo } from '../domain/wizard';
import type { ConfiguratorState, ConfiguratorStore } from './configurator-store';
import { navigationContext } from './configurator-store';
import { choose, chooseOffer } from './wizard-choices';

/**
 * The wizard's moves (MOVE-2..11): Continue, Back, the 22kW dialog's answers, the way back to a refused
 * answer, and the small-screen switch that adds or drops the summary step. Only the wizard makes
 * them; they act through the store's own actions and state, as its choices do.
 */
export interface WizardNavigation {
  /** MOVE-2 Continue; returns the side effects the caller performs (product fetch), or null when it did not move. */
  goNext(): { effects: ContinueEffects; finished: boolean } | null;
  /** MOVE-4 Back; on the first step it closes the wizard. */
  goBack(): void;
  /** MOVE-7: the 22kW dialog's "continue": confirms and moves on. */
  confirmHighPower(): ContinueEffects;
  /** The 22kW dialog's "go back": returns to the previous cable. */
  declineHighPower(): void;
  /** Takes the buyer back to an earlier step to correct an answer a handler refused (or the nearest applicable one). */
  goToStep(step: StepName): void;
  /** The wizard's width crossed the small-screen breakpoint: the summary step applies on small screens only. */
  setSmallScreen(small: boolean): void;
}

/** MOVE-10 `wizardSteps`: the walked path, up to and including the step the buyer is on. */
export function selectWizardSteps(state: Pick<ConfiguratorState, 'flow' | 'form' | 'wizard'>): StepName[] {
  return walkTo(state.flow, state.form.wizardSteps, state.wizard.step);
}

/** The wizard moved to `step`, with the walked path brought up to it (every move of the buyer's goes through here). */
export function stepMove(state: ConfiguratorState, step: StepName): Pick<ConfiguratorState, 'wizard' | 'form'> {
  return {
    wizard: { ...state.wizard, step },
    form: { ...state.form, wizardSteps: walkTo(state.flow, selectWizardSteps(state), step) },
  };
}

/** Whether the 22kW confirmation dialog is showing (MOVE-7). */
export function selectAwaitingHighPower(state: ConfiguratorState): boolean {
  return state.wizard.open && needsHighPowerConfirmation(navigationContext(state), state.wizard.step);
}

export function wizardNavigation(store: ConfiguratorStore): WizardNavigation {
  const moveTo = (step: StepName) => store.setState((state) => stepMove(state, step));
  return {
    goNext: () => {
      const state = store.getState();
      const context = navigationContext(state);
      const current = state.wizard.step;
      if (continueHidden(context, current)) return null;
      const effects = continueEffects(context, current);
      if (effects.resetOffer && state.configuration.offer !== null) chooseOffer(store, null);
      const result = next(navigationContext(store.getState()), current);
      if (result.type === 'step') moveTo(result.step);
      return { effects, finished: result.type === 'finish' };
    },
    goBack: () => {
      const state = store.getState();
      const result = back(navigationContext(state), state.wizard.step);
      if (result.type === 'close') state.actions.closeWizard();
      else moveTo(result.step);
    },
    confirmHighPower: () => {
      store.setState((state) => ({ wizard: { ...state.wizard, highPowerConfirmed: true } }));
      const context = navigationContext(store.getState());
      const effects = highPowerConfirmedEffects(context);
      const result = next(context, store.getState().wizard.step);
      if (result.type === 'step') moveTo(result.step);
      return effects;
    },
    declineHighPower: () => {
      const { catalogue, configuration, previousCable } = store.getState();
      const fallback = previousCable && previousCable !== configuration.cable ? previousCable : defaultConfiguration(catalogue).cable;
      choose(store, { type: 'chooseCable', cable: fallback });
    },
    goToStep: (step) => {
      const state = store.getState();
      if (stepsFor(state.flow).some((definition) => definition.name === step)) moveTo(normaliseStep(navigationContext(state), step));
    },
    setSmallScreen: (smallScreen) => {
      if (smallScreen === store.getState().smallScreen) return;
      store.setState({ smallScreen });
      // Not a move of the buyer's: the walked path is cut back to the step by selectWizardSteps.
      store.setState((state) => ({ wizard: { ...state.wizard, step: normaliseStep(navigationContext(state), state.wizard.step) } }));
    },
  };
}
