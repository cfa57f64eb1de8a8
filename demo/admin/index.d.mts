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

export interface AdminStandIn {
  /** Answers `POST /admin/api/{version}/graphql.json`. */
  handle(request: Request): Promise<Response>;
  created: CreatedDiscount[];
  failures: { set(count: number, status?: number): void; state(): { failNext: number; status: number } };
  clear(): void;
}

export const ALL_SCOPES: string[];

export function createAdminStandIn(options: { shop: DemoShop; tokens: Record<string, readonly string[]>; now?: () => Date }): AdminStandIn;
