// Types of index.mjs, for the TypeScript tests that drive it in process.
import type { DemoShop } from '../storefront/stand-in.mjs';

/** A discount the stand-in made, as its input gave it. */
export interface CreatedDiscount {
  id: string;
  code: string;
  title: string;
  /** The Decimal amount off, as sent ("100.00"). */
  amount: string;
  startsAt: string;
  endsAt: string | null;
  usageLimit: number | null;
  appliesOncePerCustomer: boolean;
  createdAt: string;
}

/** A live draft order the stand-in made, as its invoice page reads it. */
export interface DemoDraftOrder {
  id: string;
  name: string;
  token: string;
  invoiceUrl: string;
  email: string | null;
  phone: string | null;
  note: string | null;
  tags: string[];
  customAttributes: { key: string; value: string | null }[];
  shippingAddress: Record<string, string> | null;
  reserveInventoryUntil: string | null;
  acceptAutomaticDiscounts: boolean | null;
  allowDiscountCodesInCheckout: boolean;
  lines: { variant: { id: string }; title: string; quantity: number; unitPence: number; customAttributes: { key: string; value: string | null }[] }[];
  appliedDiscount: { title: string | null; description: string; value: number; valueType: string; amountPence: number } | null;
  /** Pence: the lines' prices, then less the discount, and the VAT within that total. */
  subtotal: number;
  total: number;
  tax: number;
}

export interface AdminStandIn {
  /** Answers `POST /admin/api/{version}/graphql.json`. */
  handle(request: Request): Promise<Response>;
  created: CreatedDiscount[];
  /** The live draft orders made, in order. */
  draftOrders: DemoDraftOrder[];
  draftOrderByToken(token: string): DemoDraftOrder | undefined;
  failures: { set(count: number, status?: number): void; state(): { failNext: number; status: number } };
  clear(): void;
}

export const ALL_SCOPES: string[];

export function createAdminStandIn(options: { shop: DemoShop; tokens: Record<string, readonly string[]>; now?: () => Date }): AdminStandIn;
