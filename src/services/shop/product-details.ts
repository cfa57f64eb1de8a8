import type { InstallationId, InstallationOption } from '../../domain/catalogue/schema';
import type { ShopClient } from './client';
import type { QueryCacheOptions } from './query-cache';
import { createQueryCache } from './query-cache';
import type { ProductDetails } from './types';

/** CART-7: installation images are asked for at 200x200. */
export const INSTALLATION_IMAGE_SIZE = 200;

/**
 * CART-7: resized to 200x200 by a filename suffix before the extension, query string kept:
 * `…/foo.jpg?v=1` → `…/foo_200x200.jpg?v=1`. A file name without an extension gets the suffix
 * at its end; the query and fragment are left as they are.
 */
export function resizeImageUrl(url: string, width = INSTALLATION_IMAGE_SIZE, height = INSTALLATION_IMAGE_SIZE): string {
  const tailAt = url.search(/[?#]/);
  const path = tailAt === -1 ? url : url.slice(0, tailAt);
  const tail = tailAt === -1 ? '' : url.slice(tailAt);
  const nameAt = path.lastIndexOf('/') + 1;
  const dotAt = path.lastIndexOf('.');
  const suffix = `_${width}x${height}`;
  const resized = dotAt > nameAt ? `${path.slice(0, dotAt)}${suffix}${path.slice(dotAt)}` : `${path}${suffix}`;
  return `${resized}${tail}`;
}

/** What the shop gives each installation variant (CAT-5, CART-7). */
export interface InstallationDetails {
  name: string;
  description: string;
  /** The product image at 200x200; absent when the product has no image. */
  image?: string;
}

/**
 * CART-7: the product's name, description and image fill the installation variants (the
 * three that include an installation; "no install" keeps its own text). An empty result fills
 * nothing, so the step keeps the catalogue's names.
 */
export function installationDetails(
  installations: readonly InstallationOption[],
  details: ProductDetails | null,
): Partial<Record<InstallationId, InstallationDetails>> {
  if (!details || (!details.title && !details.description && !details.imageUrl)) return {};
  // Only a web address becomes an image: a `javascript:` or `data:` one from a bad answer is left out.
  const imageUrl = details.imageUrl && /^https?:\/\//i.test(details.imageUrl) ? details.imageUrl : null;
  const filled: InstallationDetails = {
    name: details.title,
    description: details.description,
    ...(imageUrl ? { image: resizeImageUrl(imageUrl) } : {}),
  };
  return Object.fromEntries(
    installations.filter((installation) => installation.includesInstallation).map((installation) => [installation.id, filled]),
  );
}

export interface ProductDetailsLoader {
  /** CART-7 product query, cached and retried; null when there is no such product. */
  load(productId: string): Promise<ProductDetails | null>;
  clear(): void;
}

/** CART-7: the cache rule around the product query. */
export function createProductDetailsLoader(
  client: Pick<ShopClient, 'fetchProductDetails'>,
  options: QueryCacheOptions = {},
): ProductDetailsLoader {
  const cache = createQueryCache<ProductDetails | null>(options);
  return {
    load: (productId) => cache.get(productId, () => client.fetchProductDetails(productId)),
    clear: () => cache.clear(),
  };
}
