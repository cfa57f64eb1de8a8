/**
 * The monthly plan's draft orders in the shop, through the Shopify Admin GraphQL API: every document
 * the direct-debit handler sends (the variants' prices, `draftOrderCalculate`, `draftOrderCreate`,
 * `draftOrderDelete`) and what each answer means. The token needs `write_draft_orders` and
 * `read_products`.
 */
import type { DraftOrderInput } from '../domain/draft-order';
import type { Pence } from '../domain/money';
import type { RequestNotes } from './operations';
import { safely } from './operations';
import type { ShopAdminFailure, ShopAdminOptions } from './shop-admin';
import { accessDenied, shopAdmin } from './shop-admin';

/** The shop's currency and tax setting, and each variant's current price. */
export const MONTHLY_PLAN_PRICES = /* GraphQL */ `
  query MonthlyPlanPrices($ids: [ID!]!) {
    shop {
      currencyCode
      taxesIncluded
    }
    nodes(ids: $ids) {
      ... on ProductVariant {
        id
        price
        availableForSale
      }
    }
  }
`;

/** What a draft charges, in the shop's currency; and what every mutation answers when it refuses. */
const TOTAL = 'totalPriceSet { shopMoney { amount currencyCode } }';
const USER_ERRORS = 'userErrors { field message }';

/** What the draft would charge, before anything is created. */
export const MONTHLY_PLAN_DRAFT_CALCULATE = /* GraphQL */ `
  mutation MonthlyPlanDraftCalculate($input: DraftOrderInput!) {
    draftOrderCalculate(input: $input) {
      calculatedDraftOrder { ${TOTAL} }
      ${USER_ERRORS}
    }
  }
`;

export const MONTHLY_PLAN_DRAFT_CREATE = /* GraphQL */ `
  mutation MonthlyPlanDraftCreate($input: DraftOrderInput!) {
    draftOrderCreate(input: $input) {
      draftOrder { id invoiceUrl ${TOTAL} }
      ${USER_ERRORS}
    }
  }
`;

/** A draft made but not handed out (its total moved, or another instance's was kept) is deleted. */
export const MONTHLY_PLAN_DRAFT_DELETE = /* GraphQL */ `
  mutation MonthlyPlanDraftDelete($input: DraftOrderDeleteInput!) {
    draftOrderDelete(input: $input) {
      deletedId
      ${USER_ERRORS}
    }
  }
`;

/** Every document the handler sends, by operation name. */
export const DRAFT_ORDER_DOCUMENTS = {
  MonthlyPlanPrices: MONTHLY_PLAN_PRICES,
  MonthlyPlanDraftCalculate: MONTHLY_PLAN_DRAFT_CALCULATE,
  MonthlyPlanDraftCreate: MONTHLY_PLAN_DRAFT_CREATE,
  MonthlyPlanDraftDelete: MONTHLY_PLAN_DRAFT_DELETE,
} as const;

/**
 * How a call ended: its value, or a failure already reported. `failed`: a retry may pass (a 5xx,
 * throttling, a timeout, an answer without what was asked); `rejected`: the shop refused the token
 * or its scope, so a retry fails alike; `refused`: the shop's `userErrors`, whose messages are for
 * the operator.
 */
export type AdminOutcome<T> = { ok: true; value: T } | { ok: false; kind: 'failed' | 'rejected' } | { ok: false; kind: 'refused'; messages: string[] };

export interface ShopVariant {
  price: Pence;
  availableForSale: boolean;
}

export interface ShopPrices {
  currencyCode: string;
  taxesIncluded: boolean;
  /** The variants the shop has, by id; an id it does not know is missing. */
  variants: Map<string, ShopVariant>;
}

export interface CreatedDraftOrder {
  id: string;
  invoiceUrl: string;
  total: Pence;
}

/** Pence of an Admin API Money or Decimal amount ("599.00", "250.0", "250"), or undefined for anything else. */
export function penceOf(amount: unknown): Pence | undefined {
  if (typeof amount !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(amount)) return undefined;
  const [pounds, pence = ''] = amount.split('.');
  return Number(pounds) * 100 + Number(pence.padEnd(2, '0'));
}

interface UserErrorShape {
  field?: string[] | null;
  message?: string;
}

type Payload = { userErrors?: UserErrorShape[] } | null | undefined;

const totalOf = (set: unknown) => penceOf((set as { shopMoney?: { amount?: unknown } } | null | undefined)?.shopMoney?.amount);

/** The draft-order calls to one shop; failures are reported to `onFailure` and answered, never thrown. */
export function createDraftOrders(options: ShopAdminOptions, onFailure?: (failure: ShopAdminFailure) => void) {
  const request = shopAdmin(options, onFailure);
  const report = (failure: ShopAdminFailure) => safely(onFailure, failure);

  /**
   * One document, its answer read by `read` (undefined: not the answer asked for). GraphQL `errors`
   * fail the call whatever `data` holds: Shopify answers throttling and a missing scope that way.
   */
  async function call<D, T>(
    query: string,
    variables: Record<string, unknown>,
    notes: RequestNotes,
    payloadOf: (data: D) => Payload,
    read: (data: D) => T | undefined,
  ): Promise<AdminOutcome<T>> {
    const answer = await request<D>(query, variables, notes);
    if (!answer.ok) return { ok: false, kind: answer.permanent ? 'rejected' : 'failed' };
    const { status, data, errors } = answer;
    if (errors !== undefined || data == null) {
      report({ status, errors });
      return { ok: false, kind: accessDenied(errors) ? 'rejected' : 'failed' };
    }
    const userErrors = payloadOf(data)?.userErrors ?? [];
    if (userErrors.length > 0) {
      report({ status, errors: userErrors });
      return { ok: false, kind: 'refused', messages: userErrors.map((userError) => `${userError.field?.join('.') ?? 'input'}: ${userError.message ?? ''}`) };
    }
    const value = read(data);
    if (value === undefined) {
      report({ status, error: new Error('The Admin API answered without what was asked.') });
      return { ok: false, kind: 'failed' };
    }
    return { ok: true, value };
  }

  return {
    /** The shop's currency, tax setting and the variants' prices. */
    prices: (ids: readonly string[], notes: RequestNotes) =>
      call<{ shop?: { currencyCode?: unknown; taxesIncluded?: unknown }; nodes?: unknown[] }, ShopPrices>(
        MONTHLY_PLAN_PRICES,
        { ids },
        notes,
        () => undefined,
        ({ shop, nodes }) => {
          if (typeof shop?.currencyCode !== 'string' || typeof shop.taxesIncluded !== 'boolean' || !Array.isArray(nodes)) return undefined;
          const variants = new Map<string, ShopVariant>();
          for (const node of nodes as ({ id?: unknown; price?: unknown; availableForSale?: unknown } | null)[]) {
            const price = penceOf(node?.price);
            if (typeof node?.id === 'string' && price !== undefined) variants.set(node.id, { price, availableForSale: node.availableForSale === true });
          }
          return { currencyCode: shop.currencyCode, taxesIncluded: shop.taxesIncluded, variants };
        },
      ),
    /** What the draft would charge in all (`totalPriceSet`), in pence. */
    calculate: (input: DraftOrderInput, notes: RequestNotes) =>
      call<{ draftOrderCalculate?: Payload & { calculatedDraftOrder?: { totalPriceSet?: unknown } | null } }, Pence>(
        MONTHLY_PLAN_DRAFT_CALCULATE,
        { input },
        notes,
        (data) => data.draftOrderCalculate,
        (data) => totalOf(data.draftOrderCalculate?.calculatedDraftOrder?.totalPriceSet),
      ),
    create: (input: DraftOrderInput, notes: RequestNotes) =>
      call<{ draftOrderCreate?: Payload & { draftOrder?: { id?: unknown; invoiceUrl?: unknown; totalPriceSet?: unknown } | null } }, CreatedDraftOrder>(
        MONTHLY_PLAN_DRAFT_CREATE,
        { input },
        notes,
        (data) => data.draftOrderCreate,
        (data) => {
          const draft = data.draftOrderCreate?.draftOrder;
          const total = totalOf(draft?.totalPriceSet);
          if (typeof draft?.id !== 'string' || typeof draft.invoiceUrl !== 'string' || total === undefined) return undefined;
          return { id: draft.id, invoiceUrl: draft.invoiceUrl, total };
        },
      ),
    /** Deletes a draft whose link no buyer was given; a failure is only reported, the buyer's answer is about what came before. */
    remove: (id: string, notes: RequestNotes) =>
      call<{ draftOrderDelete?: Payload & { deletedId?: unknown } }, string>(
        MONTHLY_PLAN_DRAFT_DELETE,
        { input: { id } },
        notes,
        (data) => data.draftOrderDelete,
        (data) => (typeof data.draftOrderDelete?.deletedId === 'string' ? data.draftOrderDelete.deletedId : undefined),
      ),
  };
}

export type DraftOrders = ReturnType<typeof createDraftOrders>;
