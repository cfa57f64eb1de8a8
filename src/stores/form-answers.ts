import type { FormValues } from '../domain/forms';
import type { ConfiguratorStore } from './configurator-store';
import { requestChange } from './configurator-store';

/**
 * The buyer's answers change. Only the wizard's steps ask for them; this acts through the store's
 * state as the wizard's moves do. A
 * partner discount verified for one e-mail is dropped when the e-mail changes (unless the change
 * brings its own); a change to what a specification request says is handled as a change of choices
 * is (requestChange).
 */
export function updateForm(store: ConfiguratorStore, changes: Partial<FormValues>): void {
  store.setState((state) => {
    const form = { ...state.form, ...changes };
    if (form.email !== state.form.email && !changes.verifiedPartner) form.verifiedPartner = undefined;
    return { form, ...requestChange(state, { ...state, form }) };
  });
}
