// Relay-style connections as the Storefront API serves them: opaque cursors, first/last/after/
// before/reverse, at most 250 per page (CART-6).
import { GraphQLError } from './graphql.mjs';

export const MAX_PAGE_SIZE = 250;

const encode = (key) => Buffer.from(JSON.stringify({ position: key })).toString('base64url');

function decode(cursor) {
  try {
    const { position } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof position === 'number' && Number.isFinite(position)) return position;
  } catch {
    // Reported below, as for any cursor this server did not hand out.
  }
  throw new GraphQLError(`Invalid cursor: ${cursor}`);
}

function checkSize(name, value) {
  if (value != null && (value < 0 || value > MAX_PAGE_SIZE)) {
    throw new GraphQLError(`The "${name}" argument must be between 0 and ${MAX_PAGE_SIZE}.`);
  }
}

/**
 * One page of `items`. `keyOf` gives each item a number that grows along the list and stays with
 * the item (cart lines use their creation sequence, so a cursor survives the removal of lines
 * before it); a cursor carries that number.
 */
export function paginate(items, { first, last, after, before, reverse = false }, keyOf = (_item, index) => index) {
  if (first == null && last == null) throw new GraphQLError('you must provide one of first or last');
  checkSize('first', first);
  checkSize('last', last);
  const keyed = items.map((item, index) => ({ item, key: keyOf(item, index) }));
  const ordered = reverse ? keyed.reverse() : keyed;
  const isAfter = (key, cursor) => (reverse ? key < cursor : key > cursor);
  let start = 0;
  let end = ordered.length;
  if (after != null) {
    const cursor = decode(after);
    const found = ordered.findIndex(({ key }) => isAfter(key, cursor));
    start = found === -1 ? ordered.length : found;
  }
  if (before != null) {
    const cursor = decode(before);
    const found = ordered.findIndex(({ key }) => !isAfter(cursor, key));
    end = Math.max(start, found === -1 ? ordered.length : found);
  }
  if (first != null) end = Math.min(end, start + first);
  if (last != null) start = Math.max(start, end - last);
  const edges = ordered.slice(start, end).map(({ item, key }) => ({ cursor: encode(key), node: item }));
  return {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: {
      hasNextPage: end < ordered.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** A connection with nothing in it, for lists the demo shop keeps empty (delivery groups). */
export const emptyConnection = () => ({
  edges: [],
  nodes: [],
  filters: [],
  totalCount: '0',
  pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
});
