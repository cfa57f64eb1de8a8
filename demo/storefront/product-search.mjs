// The `query` and `sortKey` arguments of `products`, `collections` and `Collection.products`, for
// the parts of Shopify's search syntax a client of a small shop uses: `field:value` terms, free
// text, a trailing `*` for a prefix, `-` to negate, terms joined by AND (or a space) and OR.

const TERM = /(-?)(?:([a-z_]+):)?(?:"([^"]*)"|(\S+))/gi;

function parseTerms(text) {
  return [...text.matchAll(TERM)]
    .map(([, negate, field, quoted, bare]) => ({ negate: negate === '-', field: field?.toLowerCase(), value: (quoted ?? bare).toLowerCase() }))
    .filter(({ field, value }) => field || value !== 'and');
}

const numericTail = (gid) => /(\d+)$/.exec(gid)?.[1] ?? gid;

/** The texts a field term is compared with, for a product or a collection. */
function fieldValues(record, field) {
  switch (field) {
    case 'title':
      return [record.title];
    case 'handle':
      return [record.handle];
    case 'product_type':
      return [record.productType ?? ''];
    case 'vendor':
      return [record.vendor ?? ''];
    case 'tag':
      return record.tags ?? [];
    case 'sku':
      return (record.variantList ?? []).map((variant) => variant.sku ?? '');
    case 'id':
      return [numericTail(record.id), record.id];
    case 'available_for_sale':
      return [String(record.availableForSale ?? true)];
    case undefined:
      return [record.title, record.descriptionText, record.productType ?? '', ...(record.variantList ?? []).map((v) => v.sku ?? '')];
    default:
      return [];
  }
}

function matches(record, { negate, field, value }) {
  const prefix = value.endsWith('*');
  const wanted = prefix ? value.slice(0, -1) : value;
  const texts = fieldValues(record, field).map((text) => text.toLowerCase());
  const hit = texts.some((text) => {
    if (field === undefined) return text.includes(wanted);
    return prefix ? text.startsWith(wanted) : text === wanted;
  });
  return negate ? !hit : hit;
}

/** The records matching a Shopify search `query`; all of them for an empty one. */
export function search(records, query) {
  if (!query?.trim()) return records;
  const alternatives = query.split(/\s+OR\s+/).map(parseTerms);
  return records.filter((record) => alternatives.some((terms) => terms.every((term) => matches(record, term))));
}

const byNumericId = (a, b) => {
  const [x, y] = [numericTail(a.id), numericTail(b.id)];
  if (!/^\d+$/.test(x) || !/^\d+$/.test(y)) return x.localeCompare(y);
  const difference = BigInt(x) - BigInt(y);
  return difference === 0n ? 0 : difference > 0n ? 1 : -1;
};
const byText = (field) => (a, b) => (a[field] ?? '').localeCompare(b[field] ?? '', 'en-GB');

const ORDERS = {
  ID: byNumericId,
  TITLE: byText('title'),
  PRICE: (a, b) => a.minPricePence - b.minPricePence,
  PRODUCT_TYPE: byText('productType'),
  VENDOR: byText('vendor'),
  UPDATED_AT: (a, b) => a.updatedAt.localeCompare(b.updatedAt),
  CREATED_AT: (a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''),
  CREATED: (a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''),
};

/**
 * Records in `sortKey` order; keys without a meaning in the demo shop (BEST_SELLING, RELEVANCE,
 * COLLECTION_DEFAULT, MANUAL) keep the seed order. Ties keep the seed order too.
 */
export function sortBy(records, sortKey) {
  const order = ORDERS[sortKey];
  return order ? records.toSorted(order) : records;
}
