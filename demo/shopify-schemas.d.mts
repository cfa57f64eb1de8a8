// Types of shopify-schemas.mjs, for the TypeScript tests that check documents against Shopify's schemas.
import type { GraphQLError, GraphQLSchema } from 'graphql';

export type ShopifyApi = 'admin' | 'storefront';
export const PINNED_VERSION: string;
export const OLDEST_SUPPORTED_VERSION: string;
export function publishedVersions(api: ShopifyApi): string[];
export function servedVersion(api: ShopifyApi, requested: string): string | null;
export function shopifySchema(api: ShopifyApi, version: string): GraphQLSchema;
export function adminSchema(version: string): GraphQLSchema;
export function storefrontSchema(version: string): GraphQLSchema;
export function requestProblems(
  api: ShopifyApi,
  version: string,
  request: { query: string; variables?: Record<string, unknown> | null; operationName?: string | null },
): readonly GraphQLError[];
