/**
 * Entry of `dist/wizard.js`, the order and specification-request wizard loaded on demand. Its build
 * maps react, react-dom and the JSX runtime to the classic script's own (shared-runtime/), so the
 * wizard adds only its own code.
 */
export { mountWizard } from '../ui/wizard-mount';
// The ordering flow's shop client and lead capture travel with the wizard, which alone uses them.
export { createOrderServices } from './order-services';
