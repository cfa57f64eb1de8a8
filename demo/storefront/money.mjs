// Money in the stand-in: whole pence inside, the Storefront API's MoneyV2 outside.

/**
 * A Storefront `Decimal` amount as Shopify writes it: pounds with trailing zeros dropped but one
 * decimal kept (4900 → "49.0", 4250 → "42.5", 4255 → "42.55").
 */
export function decimalAmount(pence) {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  const pounds = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}${pounds}.${rest.endsWith('0') ? rest[0] : rest}`;
}

/** An Admin API `Money` amount as Shopify writes it: pounds with two decimals, "599.00". */
export const adminMoney = (pence) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/** A `MoneyV2` in GBP (PRICE-1). */
export const moneyV2 = (pence) => ({ __typename: 'MoneyV2', amount: decimalAmount(pence), currencyCode: 'GBP' });

const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** "£1,234.00" for the demo checkout page (PRICE-1). */
export const formatGbp = (pence) => GBP.format(pence / 100);
