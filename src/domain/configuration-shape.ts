import * as v from 'valibot';
import { INSTALLATION_ID_MESSAGE, INSTALLATION_IDS, PAYMENT_TYPE_MESSAGE, PAYMENT_TYPES } from './catalogue/ids';

/**
 * Structural schema of a saved or submitted configuration, for the schemas of the relay's request
 * bodies (spec-request.ts, direct-debit.ts). `parseConfiguration` checks the same structure by hand,
 * with the same messages (a test holds them together), so that the page's script carries no schema
 * library for saved state and share links. A module of its own: bundles split code by module.
 */
export const ConfigurationShape = v.object({
  front: v.string(),
  body: v.string(),
  cable: v.string(),
  installation: v.picklist(INSTALLATION_IDS, INSTALLATION_ID_MESSAGE),
  surgeProtection: v.boolean(),
  advancedSolar: v.boolean(),
  renewable: v.boolean(),
  cableHook: v.boolean(),
  hookColour: v.string(),
  display: v.boolean(),
  extendedWarranty: v.boolean(),
  paymentType: v.nullable(v.picklist(PAYMENT_TYPES, PAYMENT_TYPE_MESSAGE)),
  offer: v.nullable(v.string()),
});
