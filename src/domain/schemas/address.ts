import { formObject, requiredWith } from './fields';
import { MESSAGES } from './messages';

/** VALID-10 address form: street, city and postcode required. */
export const AddressSchema = formObject({
  street: requiredWith(MESSAGES.street),
  city: requiredWith(MESSAGES.city),
  postcode: requiredWith(MESSAGES.postcode),
});
