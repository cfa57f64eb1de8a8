/**
 * Single-use discount codes made in the shop through the Shopify Admin GraphQL API
 * (`discountCodeBasicCreate`), for the partner-discount handler.
 */
import type { Pence } from '../domain/money';
import { moneyInput } from '../domain/money';
import type { ShopAdminFailure, ShopAdminOptions } from './shop-admin';
import { safely } from './operations';
import { accessDenied, shopAdmin } from './shop-admin';

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


/** `DiscountCodeBasicInput` for a single-use code: a fixed amount split across the whole order, for any buyer. */
export function singleUseDiscountInput(discount: SingleUseDiscount): Record<string, unknown> {
  return {
    title: discount.title,
    code: discount.code,
    startsAt: new Date(discount.startsAt).toISOString(),
    endsAt: new Date(discount.endsAt).toISOString(),
    context: { all: 'ALL' },
    customerGets: { value: { discountAmount: { amount: moneyInput(discount.amount), appliesOnEachItem: false } }, items: { all: true } },
    usageLimit: 1,
    appliesOncePerCustomer: true,
  };
}

interface CreateData {
  discountCodeBasicCreate?: {
    codeDiscountNode?: { id?: unknown } | null;
    userErrors?: { field?: string[] | null; code?: string | null; message?: string }[];
  } | null;
}

/** Creates single-use codes in one shop; failures are reported to `onFailure` and never thrown. */
export function createShopDiscounts(options: ShopAdminOptions, onFailure?: (failure: ShopAdminFailure) => void) {
  const request = shopAdmin(options, onFailure);

  async function create(discount: SingleUseDiscount): Promise<CreateOutcome> {
    const answer = await request<CreateData>(DISCOUNT_CODE_BASIC_CREATE, { basicCodeDiscount: singleUseDiscountInput(discount) });
    if (!answer.ok) return answer;
    const result = answer.data?.discountCodeBasicCreate;
    const userErrors = result?.userErrors ?? [];
    if (userErrors.length > 0 && userErrors.every((userError) => userError.code === 'TAKEN' && userError.field?.at(-1) === 'code')) return { ok: true };
    if (userErrors.length > 0) {
      safely(onFailure, { status: answer.status, errors: userErrors });
      return { ok: false, permanent: true };
    }
    // GraphQL `errors` and no node: throttled (a later try may pass), or the token lacks its scope.
    if (!result?.codeDiscountNode) {
      safely(onFailure, { status: answer.status, errors: answer.errors });
      return { ok: false, permanent: accessDenied(answer.errors) };
    }
    return { ok: true };
  }

  return { create };
}
