import { describe, expect, it } from 'vitest';
import type { CartSelectableAddressInput } from '../../domain/cart';
import { cartAttributes, cartLines } from '../../domain/cart';
import { SHARED_CODES_CATALOGUE } from '../../domain/catalogue/shared-codes.fixture';
import { UK_CATALOGUE } from '../../domain/catalogue/uk';
import type { VerifiedPartner } from '../../domain/partner';
import { checkoutConfiguration } from './checkout';
import { CONFIGURATION, byOperation, cartFixture, lineFixture, linePage, payload, testClient } from './shop.fixture';
import type { CartSelectableAddress } from './types';

const EMAIL = 'sam@partner-one.example';
const LINES = cartLines(UK_CATALOGUE, CONFIGURATION, { email: EMAIL });
const ATTRIBUTES = cartAttributes(UK_CATALOGUE, CONFIGURATION, { referral: 'newsletter', flow: 'order' });
/** DISC-3, without `partner-endpoint`: a merchant catalogue with shared codes, the discount by e-mail domain. */
const INPUT = { catalogue: SHARED_CODES_CATALOGUE, configuration: CONFIGURATION, email: EMAIL, phone: '07700 900123', referral: 'newsletter' };
const VERIFIED: VerifiedPartner = { email: EMAIL, discountId: 'partner', discountCode: 'PX-7Q2M9', token: 't', amount: 10000, expiresAt: '2030-01-01T00:00:00Z' };

const ADDRESS: CartSelectableAddressInput = {
  address: { deliveryAddress: { firstName: 'Alex', lastName: 'Morgan', address1: '1 Example Street', city: 'London', zip: 'SW1A 1AA', countryCode: 'GB' } },
  selected: true,
  oneTimeUse: true,
};
/** An address an earlier checkout left on the cart, as the API shows it. */
const SELECTABLE: CartSelectableAddress = {
  id: 'gid://shopify/CartSelectableAddress/1',
  selected: true,
  oneTimeUse: true,
  address: {
    firstName: 'Alex',
    lastName: 'Morgan',
    name: 'Alex Morgan',
    company: null,
    address1: '9 Old Road',
    address2: null,
    city: 'Leeds',
    provinceCode: null,
    zip: 'LS1 1AA',
    countryCode: 'GB',
    phone: null,
    formatted: ['9 Old Road', 'Leeds LS1 1AA', 'United Kingdom'],
  },
};

const NEW_ID = 'gid://shopify/Cart/new';
const OLD_ID = 'gid://shopify/Cart/old';
const newCart = () => cartFixture({ id: NEW_ID, checkoutUrl: 'https://shop.example/cart/c/new?key=n' });
const oldCart = (extra = {}) => cartFixture({ id: OLD_ID, checkoutUrl: 'https://shop.example/cart/c/old?key=o', ...extra });

/** A client whose existing cart already holds these discount codes, through every step of a reuse. */
function reusedCartWithCodes(held: string[]) {
  const discountCodes = held.map((code) => ({ code, applicable: true }));
  return testClient(
    byOperation({
      Cart: () => ({ cart: oldCart({ discountCodes }) }),
      CartLinesAdd: () => ({ cartLinesAdd: payload(oldCart({ discountCodes })) }),
      CartAttributesUpdate: () => ({ cartAttributesUpdate: payload(oldCart({ discountCodes })) }),
      CartBuyerIdentityUpdate: () => ({ cartBuyerIdentityUpdate: payload(oldCart({ discountCodes })) }),
      CartDiscountCodesUpdate: () => ({ cartDiscountCodesUpdate: payload(oldCart()) }),
    }),
  );
}

describe('checkoutConfiguration', () => {
  it('creates one cart with every line, the attributes, the buyer and the partner code in one call', async () => {
    const { client, requests } = testClient(byOperation({ CartCreate: () => ({ cartCreate: payload(newCart()) }) }));
    const result = await checkoutConfiguration(client, INPUT);
    expect(requests.map((r) => r.operation)).toEqual(['CartCreate']);
    expect(requests[0]!.variables).toEqual({
      input: {
        lines: LINES,
        attributes: ATTRIBUTES,
        buyerIdentity: { email: EMAIL, phone: '+447700900123' },
        discountCodes: ['PARTNER100'],
      },
    });
    expect(LINES.length).toBeGreaterThan(5);
    expect(result).toMatchObject({ cartId: NEW_ID, checkoutUrl: 'https://shop.example/cart/c/new?key=n&_fd=0', warnings: [] });
  });

  it.each([
    ['a verified partner: its single-use code, never the shared one', SHARED_CODES_CATALOGUE, VERIFIED, ['PX-7Q2M9']],
    ['a verified partner, in the embedded catalogue', UK_CATALOGUE, VERIFIED, ['PX-7Q2M9']],
    ['a partner e-mail not yet verified: no code', SHARED_CODES_CATALOGUE, undefined, undefined],
  ])('with partner-endpoint, %s', async (_case, catalogue, verifiedPartner, codes) => {
    const { client, requests } = testClient(byOperation({ CartCreate: () => ({ cartCreate: payload(newCart()) }) }));
    await checkoutConfiguration(client, { ...INPUT, catalogue, verifiedPartnerDiscounts: true, verifiedPartner });
    expect((requests[0]!.variables as { input: Record<string, unknown> }).input['discountCodes']).toEqual(codes);
  });

  it('with partner-endpoint, a reused cart loses a shared code and gets the single-use one', async () => {
    const { client, requests } = reusedCartWithCodes(['PARTNER100', 'SPRING']);
    await checkoutConfiguration(client, { ...INPUT, existingCartId: OLD_ID, verifiedPartnerDiscounts: true, verifiedPartner: VERIFIED });
    expect(requests.at(-1)!.variables).toEqual({ cartId: OLD_ID, discountCodes: ['SPRING', 'PX-7Q2M9'] });
  });

  it('sends no discount code and no phone when neither applies', async () => {
    const { client, requests } = testClient(byOperation({ CartCreate: () => ({ cartCreate: payload(newCart()) }) }));
    await checkoutConfiguration(client, { ...INPUT, email: 'sam@example.com', phone: 'call me' });
    const input = (requests[0]!.variables as { input: Record<string, unknown> }).input;
    expect(input.buyerIdentity).toEqual({ email: 'sam@example.com' });
    expect(input).not.toHaveProperty('discountCodes');
  });

  it('replaces an expired or unknown cart id by a new cart, without an error', async () => {
    const { client, requests } = testClient(
      byOperation({
        Cart: () => ({ cart: null }),
        CartCreate: () => ({ cartCreate: payload(newCart()) }),
      }),
    );
    const result = await checkoutConfiguration(client, { ...INPUT, existingCartId: OLD_ID });
    expect(requests.map((r) => r.operation)).toEqual(['Cart', 'CartCreate']);
    expect(result.cartId).toBe(NEW_ID);
  });

  it('reuses a cart the shop still has: lines replaced, then attributes, buyer and codes', async () => {
    const previous = oldCart({ lines: linePage([lineFixture('1')]), discountCodes: [{ code: 'SPRING', applicable: true }] });
    const { client, requests } = testClient(
      byOperation({
        Cart: () => ({ cart: previous }),
        CartLinesRemove: () => ({ cartLinesRemove: payload(oldCart({ discountCodes: previous.discountCodes })) }),
        CartLinesAdd: () => ({ cartLinesAdd: payload(oldCart({ discountCodes: previous.discountCodes })) }),
        CartAttributesUpdate: () => ({ cartAttributesUpdate: payload(oldCart({ discountCodes: previous.discountCodes })) }),
        CartBuyerIdentityUpdate: () => ({ cartBuyerIdentityUpdate: payload(oldCart({ discountCodes: previous.discountCodes })) }),
        CartDiscountCodesUpdate: ({ discountCodes }) => ({
          cartDiscountCodesUpdate: payload(
            oldCart({ discountCodes: (discountCodes as string[]).map((code) => ({ code, applicable: true })) }),
          ),
        }),
      }),
    );
    const result = await checkoutConfiguration(client, { ...INPUT, existingCartId: OLD_ID });
    expect(requests.map((r) => r.operation)).toEqual([
      'Cart',
      'CartLinesRemove',
      'CartLinesAdd',
      'CartAttributesUpdate',
      'CartBuyerIdentityUpdate',
      'Cart',
      'CartDiscountCodesUpdate',
    ]);
    expect(requests[2]!.variables).toEqual({ cartId: OLD_ID, lines: LINES });
    expect(requests[6]!.variables).toEqual({ cartId: OLD_ID, discountCodes: ['SPRING', 'PARTNER100'] });
    expect(result).toMatchObject({ cartId: OLD_ID, checkoutUrl: 'https://shop.example/cart/c/old?key=o&_fd=0' });
  });

  it("gives a new cart the buyer's delivery address, pre-selected, in the same call", async () => {
    const { client, requests } = testClient(byOperation({ CartCreate: () => ({ cartCreate: payload(newCart()) }) }));
    await checkoutConfiguration(client, { ...INPUT, deliveryAddress: ADDRESS });
    expect(requests.map((r) => r.operation)).toEqual(['CartCreate']);
    expect((requests[0]!.variables as { input: Record<string, unknown> }).input['delivery']).toEqual({ addresses: [ADDRESS] });
  });

  it.each<[string, CartSelectableAddressInput | undefined, boolean, CartSelectableAddressInput[] | null]>([
    ['an address given: it replaces whatever the cart had', ADDRESS, true, [ADDRESS]],
    ['an address given to a cart without one', ADDRESS, false, [ADDRESS]],
    ['no address, the cart holds an earlier one: cleared', undefined, true, []],
    ['no address, the cart has none: no call', undefined, false, null],
  ])('reuses a cart: its delivery addresses (%s)', async (_case, deliveryAddress, cartHasOne, expected) => {
    const delivery = { addresses: cartHasOne ? [SELECTABLE] : [] };
    const { client, requests } = testClient(
      byOperation({
        Cart: () => ({ cart: oldCart({ delivery }) }),
        CartLinesAdd: () => ({ cartLinesAdd: payload(oldCart({ delivery })) }),
        CartAttributesUpdate: () => ({ cartAttributesUpdate: payload(oldCart({ delivery })) }),
        CartBuyerIdentityUpdate: () => ({ cartBuyerIdentityUpdate: payload(oldCart({ delivery })) }),
        CartDeliveryAddressesReplace: () => ({ cartDeliveryAddressesReplace: payload(oldCart()) }),
        CartDiscountCodesUpdate: () => ({ cartDiscountCodesUpdate: payload(oldCart()) }),
      }),
    );
    await checkoutConfiguration(client, { ...INPUT, existingCartId: OLD_ID, deliveryAddress });
    const replaced = requests.filter((r) => r.operation === 'CartDeliveryAddressesReplace');
    expect(replaced.map((r) => r.variables)).toEqual(expected === null ? [] : [{ cartId: OLD_ID, addresses: expected }]);
  });

  it('drops a partner code the new e-mail no longer earns, keeping other codes', async () => {
    const { client, requests } = reusedCartWithCodes(['PARTNER100', 'SPRING']);
    await checkoutConfiguration(client, { ...INPUT, email: 'sam@example.com', existingCartId: OLD_ID });
    expect(requests.at(-1)!.variables).toEqual({ cartId: OLD_ID, discountCodes: ['SPRING'] });
  });

  it('collects the warnings of every step', async () => {
    const warning = { code: 'MERCHANDISE_NOT_ENOUGH_STOCK', message: 'Only 0 left', target: 'gid://shopify/CartLine/9' };
    const { client } = testClient(
      byOperation({ CartCreate: () => ({ cartCreate: payload(newCart(), { warnings: [warning] }) }) }),
    );
    const { warnings } = await checkoutConfiguration(client, INPUT);
    expect(warnings.map((w) => w.code)).toEqual(['NOT_ENOUGH_IN_STOCK']);
  });

  it('rejects with the mapped user error when the shop refuses a line', async () => {
    const userErrors = [{ field: ['input', 'lines', '0'], message: 'No such variant', code: 'INVALID_MERCHANDISE_LINE' }];
    const { client } = testClient(byOperation({ CartCreate: () => ({ cartCreate: payload(null, { userErrors }) }) }));
    await expect(checkoutConfiguration(client, INPUT)).rejects.toMatchObject({ code: 'LINE_ITEM_NOT_FOUND' });
  });
});
