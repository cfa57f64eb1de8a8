import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { ConfiguratorState, ConfiguratorStore } from '../stores/configurator-store';
import { selectTotals } from '../stores/configurator-store';
import type { Configuration } from '../domain/configuration';
import type { Totals } from '../domain/pricing';

/** Each element hands its own store down (SAVE-2). */
export const StoreContext = createContext<ConfiguratorStore | null>(null);

export function useConfiguratorStore(): ConfiguratorStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('A configurator component was rendered outside its element');
  return store;
}

export function useConfigurator<T>(selector: (state: ConfiguratorState) => T): T {
  return useStore(useConfiguratorStore(), selector);
}

export function useTotals(): Totals {
  return useConfigurator(selectTotals);
}

/**
 * Whether `configuration` is still the current choice: a yes or no, so a component that needs only
 * that re-renders when it flips, not on every choice (a colour click re-renders less).
 */
export function useIsCurrentConfiguration(configuration: Configuration | undefined): boolean {
  return useConfigurator((state) => configuration !== undefined && state.configuration === configuration);
}
