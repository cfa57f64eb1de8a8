import { formObject, requiredWith } from './fields';
import { MESSAGES } from './messages';

/** Spec §5 "an older address schema": street, city and postcode required. */
export const AddressSchema = formObject({
  street: requiredWith(MESSAGES.street),
  city: requiredWith(MESSAGES.city),
  postcode: requiredWith(MESSAGES.postcode),
});
