/**
 * Single-use discount codes made in the shop through the Shopify Admin GraphQL API
 * (`discountCodeBasicCreate`), for the partner-discount handler. The Admin token lives only in
 * these options and the `X-Shopify-Access-Token` header.
 */
import type { Pence } from '../domain/money';
import { deadline } from './mailgun';
import { safely } from './operations';

export interface ShopAdminOptions {
  /** `https://{shop}.myshopify.com/admin/api/{version}/graphql.json`, version 2025-10 or later (the mutation's `context`). */
  adminEndpoint: string;
  /** An Admin API access token with the `write_discounts` scope. */
  adminToken: string;
  /** The fetch used to call the Admin API; tests and the demo hand in a stand-in. */
  fetch?: typeof fetch;
  /** Give up on one call after this long; default 10 seconds. */
  timeoutMs?: number;
}

/** What the operator's hook is told of a failed call: the status, the thrown error or the shop's errors. */
export interface ShopAdminFailure {
  status?: number;
  error?: unknown;
  /** The GraphQL `errors` or the mutation's `userErrors`, as the shop answered them. */
  errors?: unknown;
}

/** A code to make: the partner's fixed amount off the whole order, once, by one customer, until `endsAt`. */
export interface SingleUseDiscount {
  code: string;
  title: string;
  amount: Pence;
  startsAt: number;
  endsAt: number;
}

/**
 * How a creation ended. `created` also when the shop already holds the code: codes are random and
 * made once per verification, so that is this code, from an earlier attempt whose answer was lost.
 * `permanent`: the shop refused the request itself (the token, its scope, the input), so a retry fails alike.
 */
export type CreateOutcome = { ok: true } | { ok: false; permanent: boolean };

/** The mutation; the payload asks for the created code so a successful answer is recognised as one. */
export const DISCOUNT_CODE_BASIC_CREATE = /* GraphQL */ `
  mutation PartnerDiscountCodeCreate($basicCodeDiscount: DiscountCodeBasicInput!) {
    discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount) {
      codeDiscountNode {
        id
        codeDiscount {
          ... on DiscountCodeBasic {
            codes(first: 1) {
              nodes {
                code
              }
            }
          }
        }
      }
      userErrors {
        field
        code
        message
      }
    }
  }
`;

/** An amount in pence as the Admin API's Decimal: "100.00". */
const decimal = (pence: Pence) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/** `DiscountCodeBasicInput` for a single-use code: a fixed amount split across the whole order, for any buyer. */
export function singleUseDiscountInput(discount: SingleUseDiscount): Record<string, unknown> {
  return {
    title: discount.title,
    code: discount.code,
    startsAt: new Date(discount.startsAt).toISOString(),
    endsAt: new Date(discount.endsAt).toISOString(),
    context: { all: 'ALL' },
    customerGets: { value: { discountAmount: { amount: decimal(discount.amount), appliesOnEachItem: false } }, items: { all: true } },
    usageLimit: 1,
    appliesOncePerCustomer: true,
  };
}

/** The Admin API's answers that say the token or the endpoint is wrong: a retry fails alike. */
const PERMANENT_STATUSES = new Set([400, 401, 402, 403, 404, 423]);

interface GraphQLErrorShape {
  extensions?: { code?: unknown };
}

interface CreatePayload {
  data?: {
    discountCodeBasicCreate?: {
      codeDiscountNode?: { id?: unknown } | null;
      userErrors?: { field?: string[] | null; code?: string | null; message?: string }[];
    } | null;
  } | null;
  errors?: unknown;
}

/** The version an Admin endpoint names, or undefined when it is no Admin GraphQL URL. */
function adminVersion(endpoint: string): string | undefined {
  if (!URL.canParse(endpoint)) return undefined;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return /^\/admin\/api\/(\d{4}-\d{2}|unstable)\/graphql\.json$/.exec(url.pathname)?.[1];
}

/** Refuses an endpoint that is no Admin GraphQL URL of version 2025-10 or later, before any buyer meets it. */
export function checkShopAdminOptions(caller: string, options: ShopAdminOptions): void {
  const version = adminVersion(options.adminEndpoint);
  if (version === undefined || (version !== 'unstable' && version < '2025-10')) {
    throw new TypeError(`${caller}: shop.adminEndpoint must be https://{shop}.myshopify.com/admin/api/{version}/graphql.json with a version from 2025-10.`);
  }
}

/** Creates single-use codes in one shop; failures are reported to `onFailure` and never thrown. */
export function createShopDiscounts(options: ShopAdminOptions, onFailure?: (failure: ShopAdminFailure) => void) {
  const { adminEndpoint, adminToken, timeoutMs = 10_000 } = options;
  const adminFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const report = (failure: ShopAdminFailure) => safely(onFailure, failure);

  async function create(discount: SingleUseDiscount): Promise<CreateOutcome> {
    let response: Response;
    let payload: CreatePayload;
    const time = deadline(timeoutMs);
    try {
      response = await time.within(
        adminFetch(adminEndpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'x-shopify-access-token': adminToken },
          body: JSON.stringify({ query: DISCOUNT_CODE_BASIC_CREATE, variables: { basicCodeDiscount: singleUseDiscountInput(discount) } }),
          signal: time.signal,
        }),
      );
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        report({ status: response.status });
        return { ok: false, permanent: PERMANENT_STATUSES.has(response.status) };
      }
      payload = (await time.within(response.json())) as CreatePayload;
    } catch (error) {
      report({ error });
      return { ok: false, permanent: false };
    }
    const result = payload?.data?.discountCodeBasicCreate;
    const userErrors = result?.userErrors ?? [];
    if (userErrors.length > 0 && userErrors.every((userError) => userError.code === 'TAKEN' && userError.field?.at(-1) === 'code')) return { ok: true };
    if (userErrors.length > 0) {
      report({ status: response.status, errors: userErrors });
      return { ok: false, permanent: true };
    }
    // GraphQL `errors` and no node: throttled (a later try may pass), or the token lacks its scope.
    if (!result?.codeDiscountNode) {
      report({ status: response.status, errors: payload?.errors });
      const denied = Array.isArray(payload?.errors) && payload.errors.some((error) => (error as GraphQLErrorShape)?.extensions?.code === 'ACCESS_DENIED');
      return { ok: false, permanent: denied };
    }
    return { ok: true };
  }

  return { create };
}
