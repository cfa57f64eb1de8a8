// A cart's delivery addresses as the Storefront API keeps them since 2025-01 (`cart.delivery`,
// `CartInput.delivery`, `cartDeliveryAddressesAdd/Update/Remove`, `cartDeliveryAddressesReplace`
// from 2025-10): at most 20, at most one selected (the one the checkout opens with), each checked
// as its `validationStrategy` asks. PAY-4: the buyer's delivery address.
import { randomUUID } from 'node:crypto';

/** "A cart can have up to 20 delivery addresses" (cartDeliveryAddressesAdd). */
const MAX_DELIVERY_ADDRESSES = 20;
/** Longest address field the demo shop takes; Shopify documents no figure, so this is a demo choice. */
const MAX_ADDRESS_FIELD_LENGTH = 255;

const TEXT_FIELDS = ['firstName', 'lastName', 'company', 'address1', 'address2', 'city', 'provinceCode', 'zip', 'phone'];
/** What Shopify's checkout asks of every address; the demo shop ships to the UK only. */
const REQUIRED_FIELDS = ['lastName', 'address1', 'city', 'zip'];
const HTML_TAG = /<[^>]*>/;
const URL_TEXT = /\b(?:https?:\/\/|www\.)\S/i;
const EMOJI = /\p{Extended_Pictographic}/u;
const E164 = /^\+[1-9]\d{6,14}$/;
const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;

const userError = (code, field, message) => ({ code, field: field.map(String), message });

const countryNames = new Intl.DisplayNames(['en-GB'], { type: 'region' });

/**
 * `DeliveryAddressValidationStrategy`: COUNTRY_CODE_ONLY (the default) checks the country code
 * alone; STRICT checks every field as the checkout would, and refuses the change when one fails.
 */
function checkFields(address, strategy, path, errors) {
  const before = errors.length;
  if (!address.countryCode) errors.push(userError('ADDRESS_FIELD_IS_REQUIRED', [...path, 'countryCode'], 'Country is required.'));
  if (strategy !== 'STRICT') return errors.length === before;
  for (const field of REQUIRED_FIELDS) {
    if (!address[field]?.trim()) errors.push(userError('ADDRESS_FIELD_IS_REQUIRED', [...path, field], `${field} is required.`));
  }
  for (const field of TEXT_FIELDS) {
    const value = address[field];
    if (value == null) continue;
    const at = [...path, field];
    if (value.length > MAX_ADDRESS_FIELD_LENGTH) errors.push(userError('ADDRESS_FIELD_IS_TOO_LONG', at, `${field} is too long.`));
    else if (HTML_TAG.test(value)) errors.push(userError('ADDRESS_FIELD_CONTAINS_HTML_TAGS', at, `${field} contains HTML tags.`));
    else if (URL_TEXT.test(value)) errors.push(userError('ADDRESS_FIELD_CONTAINS_URL', at, `${field} contains a URL.`));
    else if (EMOJI.test(value)) errors.push(userError('ADDRESS_FIELD_CONTAINS_EMOJIS', at, `${field} contains emojis.`));
  }
  if (address.phone != null && !E164.test(address.phone)) {
    errors.push(userError('ADDRESS_FIELD_DOES_NOT_MATCH_EXPECTED_PATTERN', [...path, 'phone'], 'Enter a phone number in E.164 form.'));
  }
  if (address.countryCode === 'GB' && address.zip?.trim() && !UK_POSTCODE.test(address.zip.trim())) {
    errors.push(userError('INVALID_ZIP_CODE_FOR_COUNTRY', [...path, 'zip'], 'Enter a valid postcode for United Kingdom.'));
  }
  return errors.length === before;
}

/** A `CartAddressInput`'s address: "exactly one kind", and the demo shop has no customer accounts. */
function addressOf(input, strategy, path, errors) {
  const { deliveryAddress, copyFromCustomerAddressId } = input ?? {};
  if ((deliveryAddress == null) === (copyFromCustomerAddressId == null)) {
    errors.push(userError('INVALID', path, 'Give exactly one kind of delivery address.'));
    return undefined;
  }
  if (copyFromCustomerAddressId != null) {
    errors.push(userError('INVALID', [...path, 'copyFromCustomerAddressId'], 'The demo shop has no customer accounts.'));
    return undefined;
  }
  const address = Object.fromEntries(TEXT_FIELDS.map((field) => [field, deliveryAddress[field] ?? null]));
  address.countryCode = deliveryAddress.countryCode ?? null;
  return checkFields(address, strategy, [...path, 'deliveryAddress'], errors) ? address : undefined;
}

const sameAddress = (a, b) => [...TEXT_FIELDS, 'countryCode'].every((field) => (a[field] ?? null) === (b[field] ?? null));

/** "Sets exactly one address as pre-selected": two in one request are refused. */
function checkOneSelected(inputs, path, errors) {
  const selected = inputs.flatMap((input, index) => (input.selected ? [index] : []));
  for (const index of selected.slice(1)) {
    errors.push(userError('ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED', [...path, index, 'selected'], 'Only one delivery address can be selected.'));
  }
}

/**
 * cartDeliveryAddressesReplace, and cartCreate's `delivery.addresses`: the list becomes exactly these
 * `CartSelectableAddressInput`s; an address with the same details as an earlier one is not added again
 * and gives a DUPLICATE_DELIVERY_ADDRESS warning. User errors go to `errors`; the caller keeps no change then.
 */
export function replaceAddresses(inputs, path, errors, warnings, cartId) {
  checkOneSelected(inputs, path, errors);
  const next = [];
  inputs.forEach((input, index) => {
    const address = addressOf(input.address, input.validationStrategy, [...path, index, 'address'], errors);
    if (!address) return;
    const existing = next.find((entry) => sameAddress(entry.address, address));
    if (existing) {
      warnings.push({ code: 'DUPLICATE_DELIVERY_ADDRESS', message: 'A delivery address with the same details already exists on this cart.', target: cartId });
      if (input.selected) existing.selected = true;
      return;
    }
    next.push({ id: `gid://shopify/CartSelectableAddress/${randomUUID()}`, selected: input.selected ?? false, oneTimeUse: input.oneTimeUse ?? false, address });
  });
  if (next.length > MAX_DELIVERY_ADDRESSES) {
    errors.push(userError('TOO_MANY_DELIVERY_ADDRESSES', path, `A cart holds at most ${MAX_DELIVERY_ADDRESSES} delivery addresses.`));
  }
  return next;
}

/** A `CartSelectableAddress` as the API shows it (its `CartDeliveryAddress` with name and area). */
export function selectableAddressView({ id, selected, oneTimeUse, address }) {
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ') || null;
  const country = address.countryCode ? countryNames.of(address.countryCode) : null;
  return {
    id,
    selected,
    oneTimeUse,
    address: {
      __typename: 'CartDeliveryAddress',
      ...address,
      name,
      country,
      formattedArea: [address.city, address.provinceCode, country].filter(Boolean).join(', ') || null,
    },
  };
}

/**
 * `CartDeliveryAddress.formatted(withName, withCompany)`: the address as lines, the UK way (town and
 * postcode on one line).
 */
export function formattedAddress(address, { withName = false, withCompany = true } = {}) {
  return [
    withName ? address.name : null,
    withCompany ? address.company : null,
    address.address1,
    address.address2,
    [address.city, address.provinceCode, address.zip].filter(Boolean).join(' '),
    address.country,
  ].filter(Boolean);
}
