// Stand-in for the Shopify Admin GraphQL API, as far as the partner-discount handler uses it:
// `POST /admin/api/{version}/graphql.json` with an `X-Shopify-Access-Token`, running
// `discountCodeBasicCreate` and `codeDiscountNodeByCode` against the part of Shopify's Admin schema
// they need (written from Shopify's reference, 2025-10). It checks what Shopify checks when a code
// discount is created (code, title, startsAt, customerGets and one of context or customerSelection
// required; unique codes; an end after the start), answers the real payload with `userErrors`, and
// adds each created code to the Storefront stand-in's shop: single-use codes are held by the first
// cart they are applied to, so a second cart gets `applicable: false`. The demo shop takes fixed
// amounts off the whole order only; other discount values are refused with INVALID.
import { GraphQLError, buildSchema, execute, parse, validate } from './graphql.mjs';
import { createFailureSwitch } from './control.mjs';

const SCHEMA = /* GraphQL */ `
  scalar DateTime
  scalar Decimal

  type Query {
    codeDiscountNodeByCode(code: String!): DiscountCodeNode
  }

  type Mutation {
    discountCodeBasicCreate(basicCodeDiscount: DiscountCodeBasicInput!): DiscountCodeBasicCreatePayload
  }

  input DiscountCodeBasicInput {
    appliesOncePerCustomer: Boolean
    code: String
    combinesWith: DiscountCombinesWithInput
    context: DiscountContextInput
    customerGets: DiscountCustomerGetsInput
    customerSelection: DiscountCustomerSelectionInput
    endsAt: DateTime
    recurringCycleLimit: Int
    startsAt: DateTime
    title: String
    usageLimit: Int
  }

  input DiscountCombinesWithInput {
    orderDiscounts: Boolean
    productDiscounts: Boolean
    shippingDiscounts: Boolean
  }

  enum DiscountBuyerSelection {
    ALL
  }

  input DiscountContextInput {
    all: DiscountBuyerSelection
    customers: DiscountCustomersInput
    customerSegments: DiscountCustomerSegmentsInput
  }

  input DiscountCustomerSelectionInput {
    all: Boolean
    customers: DiscountCustomersInput
    customerSegments: DiscountCustomerSegmentsInput
  }

  input DiscountCustomersInput {
    add: [ID!]
    remove: [ID!]
  }

  input DiscountCustomerSegmentsInput {
    add: [ID!]
    remove: [ID!]
  }

  input DiscountCustomerGetsInput {
    appliesOnOneTimePurchase: Boolean
    appliesOnSubscription: Boolean
    items: DiscountItemsInput
    value: DiscountCustomerGetsValueInput
  }

  input DiscountItemsInput {
    all: Boolean
  }

  input DiscountCustomerGetsValueInput {
    discountAmount: DiscountAmountInput
    percentage: Float
  }

  input DiscountAmountInput {
    amount: Decimal
    appliesOnEachItem: Boolean
  }

  type DiscountCodeBasicCreatePayload {
    codeDiscountNode: DiscountCodeNode
    userErrors: [DiscountUserError!]!
  }

  type DiscountUserError {
    code: DiscountErrorCode
    extraInfo: String
    field: [String!]
    message: String!
  }

  enum DiscountErrorCode {
    BLANK
    END_DATE_BEFORE_START_DATE
    GREATER_THAN
    INVALID
    PRESENT
    TAKEN
  }

  type DiscountCodeNode {
    id: ID!
    codeDiscount: DiscountCode!
  }

  union DiscountCode = DiscountCodeBasic

  enum DiscountStatus {
    ACTIVE
    EXPIRED
    SCHEDULED
  }

  type DiscountCodeBasic {
    appliesOncePerCustomer: Boolean!
    asyncUsageCount: Int!
    codes(first: Int): DiscountRedeemCodeConnection!
    createdAt: DateTime!
    endsAt: DateTime
    startsAt: DateTime!
    status: DiscountStatus!
    title: String!
    usageLimit: Int
  }

  type DiscountRedeemCodeConnection {
    nodes: [DiscountRedeemCode!]!
  }

  type DiscountRedeemCode {
    asyncUsageCount: Int!
    code: String!
    id: ID!
  }
`;

const VERSION = /^(\d{4}-(0[1-9]|1[0-2])|unstable)$/;
const DECIMAL = /^\d{1,9}(\.\d{1,2})?$/;

const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

let schema;

/** A user error as Shopify words it: the input path, the code and a sentence. */
const userError = (field, code, message) => ({ field: ['basicCodeDiscount', ...field], code, message, extraInfo: null });

/** What Shopify refuses in a new basic code discount, or an empty list. */
function problems(input, taken) {
  const errors = [];
  for (const [field, label] of [['code', 'Code'], ['title', 'Title'], ['startsAt', 'Starts at'], ['customerGets', 'Customer gets']]) {
    if (input[field] == null || input[field] === '') errors.push(userError([field], 'BLANK', `${label} can't be blank`));
  }
  if (input.context == null && input.customerSelection == null) errors.push(userError(['context'], 'BLANK', "Context can't be blank"));
  if (input.context != null && input.customerSelection != null) {
    errors.push(userError(['customerSelection'], 'PRESENT', 'Only one of context or customerSelection can be given'));
  }
  if (input.code && taken(input.code)) errors.push(userError(['code'], 'TAKEN', 'Code must be unique. Please try a different code.'));
  if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
    errors.push(userError(['endsAt'], 'END_DATE_BEFORE_START_DATE', 'Ends at needs to be after starts_at'));
  }
  const value = input.customerGets?.value;
  if (input.customerGets != null) {
    const amount = value?.discountAmount?.amount;
    if (amount == null || value.percentage != null || input.customerGets.items?.all !== true || value.discountAmount.appliesOnEachItem === true) {
      errors.push(userError(['customerGets'], 'INVALID', 'The demo shop takes only a fixed amount off the whole order (discountAmount, items: { all: true }).'));
    } else if (!DECIMAL.test(String(amount)) || Number(amount) <= 0) {
      errors.push(userError(['customerGets', 'value', 'discountAmount', 'amount'], 'GREATER_THAN', 'Value must be greater than 0'));
    }
  }
  return errors;
}

/**
 * @param {{ shop: ReturnType<import('./catalogue.mjs').seedShop>, accessToken: string, now?: () => Date }} options
 *   the Storefront stand-in's shop, the demo's Admin token
 */
export function createAdminStandIn({ shop, accessToken, now = () => new Date() }) {
  /** Every discount created, in order: what the Admin API holds (and tests read). */
  const created = [];
  const failures = createFailureSwitch();

  const node = (discount) => {
    // A held single-use code counts as used: its cart is the one that may use it.
    const usage = shop.discounts.get(discount.code.toLowerCase())?.heldBy === undefined ? 0 : 1;
    const at = now().getTime();
    const status = discount.endsAt && Date.parse(discount.endsAt) <= at ? 'EXPIRED' : Date.parse(discount.startsAt) > at ? 'SCHEDULED' : 'ACTIVE';
    return {
      id: discount.id,
      codeDiscount: {
        __typename: 'DiscountCodeBasic',
        title: discount.title,
        appliesOncePerCustomer: discount.appliesOncePerCustomer,
        asyncUsageCount: usage,
        codes: { nodes: [{ id: `gid://shopify/DiscountRedeemCode/${discount.number}`, code: discount.code, asyncUsageCount: usage }] },
        createdAt: discount.createdAt,
        startsAt: discount.startsAt,
        endsAt: discount.endsAt,
        status,
        usageLimit: discount.usageLimit,
      },
    };
  };

  const resolvers = {
    codeDiscountNodeByCode: ({ code }) => {
      const found = created.find((discount) => discount.code.toLowerCase() === code.toLowerCase());
      return found ? node(found) : null;
    },
    discountCodeBasicCreate: ({ basicCodeDiscount: input }) => {
      const userErrors = problems(input, (code) => shop.discounts.has(code.toLowerCase()));
      if (userErrors.length > 0) return { codeDiscountNode: null, userErrors };
      const number = created.length + 1;
      const amount = String(input.customerGets.value.discountAmount.amount);
      const discount = {
        id: `gid://shopify/DiscountCodeNode/${number}`,
        number,
        code: input.code,
        title: input.title,
        amount,
        startsAt: input.startsAt,
        endsAt: input.endsAt ?? null,
        usageLimit: input.usageLimit ?? null,
        appliesOncePerCustomer: input.appliesOncePerCustomer ?? false,
        createdAt: now().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      };
      created.push(discount);
      const value = Math.round(Number(amount) * 100);
      if (discount.usageLimit === 1) shop.addSingleUseCode({ code: discount.code, title: discount.title, value });
      else shop.discounts.set(discount.code.toLowerCase(), { code: discount.code, title: discount.title, value });
      return { codeDiscountNode: node(discount), userErrors: [] };
    },
  };

  async function handle(request) {
    const match = /^\/admin\/api\/([^/]+)\/graphql\.json$/.exec(new URL(request.url).pathname);
    if (request.method !== 'POST' || !match || !VERSION.test(match[1])) return json(404, { errors: 'Not Found' });
    const failStatus = failures.take();
    if (failStatus !== null) return json(failStatus, { errors: 'The demo Admin API is unavailable (failure switch).' });
    if (request.headers.get('x-shopify-access-token') !== accessToken) {
      return json(401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    }
    let body;
    try {
      body = JSON.parse(await request.text());
    } catch {
      return json(400, { errors: 'The request body is not valid JSON.' });
    }
    const { query, variables = null, operationName = null } = body ?? {};
    if (typeof query !== 'string') return json(400, { errors: 'The request body has no query.' });
    let document;
    try {
      document = parse(query);
    } catch (error) {
      return json(200, { errors: [error instanceof GraphQLError ? error : { message: String(error) }] });
    }
    schema ??= buildSchema(SCHEMA);
    const invalid = validate(schema, document);
    if (invalid.length > 0) return json(200, { errors: invalid });
    return json(200, await execute({ schema, document, rootValue: resolvers, variableValues: variables, operationName }));
  }

  return { handle, created, failures };
}
