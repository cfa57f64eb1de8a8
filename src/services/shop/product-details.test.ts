import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE } from '../../domain/catalogue/uk';
import { httpError, networkError, ShopError } from './errors';
import { createProductDetailsLoader, installationDetails, resizeImageUrl } from './product-details';
import { retryDelay } from './query-cache';
import type { ProductDetails } from './types';

const DETAILS: ProductDetails = {
  id: 'gid://shopify/Product/7',
  title: 'Home installation',
  description: 'Fitted by our engineers.',
  imageUrl: 'https://cdn.shopify.example/files/install.jpg?v=1',
};

describe('resizeImageUrl (CART-7)', () => {
  it.each([
    ['foo.jpg?v=1', 'foo_200x200.jpg?v=1'],
    ['https://cdn.shopify.example/s/files/1/install.png', 'https://cdn.shopify.example/s/files/1/install_200x200.png'],
    ['https://cdn.shopify.example/files/in.stall.webp?v=2&w=1#top', 'https://cdn.shopify.example/files/in.stall_200x200.webp?v=2&w=1#top'],
    ['https://cdn.shopify.example/files/install?v=1', 'https://cdn.shopify.example/files/install_200x200?v=1'],
    ['https://cdn.shopify.example/v1.2/install', 'https://cdn.shopify.example/v1.2/install_200x200'],
  ])('%s → %s', (url, resized) => {
    expect(resizeImageUrl(url)).toBe(resized);
  });
});

describe('installationDetails (CART-7)', () => {
  it('fills the three installation variants with name, description and the 200x200 image', () => {
    const filled = installationDetails(UK_CATALOGUE.installations, DETAILS);
    const expected = {
      name: 'Home installation',
      description: 'Fitted by our engineers.',
      image: 'https://cdn.shopify.example/files/install_200x200.jpg?v=1',
    };
    expect(filled).toEqual({ premium_7kw: expected, standard_7kw: expected, premium_22kw: expected });
  });

  it('fills nothing from an empty result', () => {
    expect(installationDetails(UK_CATALOGUE.installations, null)).toEqual({});
    expect(installationDetails(UK_CATALOGUE.installations, { id: 'x', title: '', description: '', imageUrl: null })).toEqual({});
  });

  it('leaves the image out when the product has none', () => {
    const filled = installationDetails(UK_CATALOGUE.installations, { ...DETAILS, imageUrl: null });
    expect(filled.premium_7kw).toEqual({ name: 'Home installation', description: 'Fitted by our engineers.' });
  });
});

/** A loader over a scripted fetchProductDetails, with a hand-moved clock and a sleep that records. */
function setup(answers: (() => Promise<ProductDetails | null>)[]) {
  let now = 1_000_000;
  const delays: number[] = [];
  const calls: string[] = [];
  const client = {
    fetchProductDetails(id: string) {
      calls.push(id);
      const answer = answers.shift();
      if (!answer) throw new Error('no more answers');
      return answer();
    },
  };
  const loader = createProductDetailsLoader(client, {
    clock: () => now,
    sleep: async (ms) => {
      delays.push(ms);
    },
  });
  return { loader, delays, calls, advance: (ms: number) => (now += ms) };
}

const ok = (details: ProductDetails | null) => () => Promise.resolve(details);
const fail = (error: ShopError) => () => Promise.reject(error);

describe('createProductDetailsLoader (CART-7 cache rule)', () => {
  it('retries a failing query 3 times, waiting 1 s, 2 s and 4 s', async () => {
    const { loader, delays, calls } = setup([fail(networkError()), fail(httpError(503)), fail(networkError()), ok(DETAILS)]);
    await expect(loader.load(DETAILS.id)).resolves.toEqual(DETAILS);
    expect(calls).toHaveLength(4);
    expect(delays).toEqual([1000, 2000, 4000]);
  });

  it('gives up after the third retry with the last error', async () => {
    const last = networkError();
    const { loader, delays, calls } = setup([fail(networkError()), fail(networkError()), fail(networkError()), fail(last)]);
    await expect(loader.load(DETAILS.id)).rejects.toBe(last);
    expect(calls).toHaveLength(4);
    expect(delays).toEqual([1000, 2000, 4000]);
  });

  it('does not retry what another try cannot cure', async () => {
    const { loader, calls } = setup([fail(new ShopError('GRAPHQL_ERROR', '[]'))]);
    await expect(loader.load(DETAILS.id)).rejects.toMatchObject({ code: 'GRAPHQL_ERROR' });
    expect(calls).toHaveLength(1);
  });

  it('doubles the delay up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('answers from the cache within 5 minutes of the last use, and each use restarts the 5 minutes', async () => {
    const { loader, calls, advance } = setup([ok(DETAILS)]);
    await loader.load(DETAILS.id);
    advance(4 * 60_000);
    await expect(loader.load(DETAILS.id)).resolves.toEqual(DETAILS);
    advance(4 * 60_000);
    await expect(loader.load(DETAILS.id)).resolves.toEqual(DETAILS);
    expect(calls).toHaveLength(1);
  });

  it('discards an entry unused for 5 minutes', async () => {
    const renamed = { ...DETAILS, title: 'Renamed' };
    const { loader, calls, advance } = setup([ok(DETAILS), ok(renamed)]);
    await loader.load(DETAILS.id);
    advance(5 * 60_000);
    await expect(loader.load(DETAILS.id)).resolves.toEqual(renamed);
    expect(calls).toHaveLength(2);
  });

  it('shares one load between callers and caches an empty result too', async () => {
    const { loader, calls } = setup([ok(null)]);
    const [a, b] = await Promise.all([loader.load(DETAILS.id), loader.load(DETAILS.id)]);
    expect([a, b, await loader.load(DETAILS.id)]).toEqual([null, null, null]);
    expect(calls).toHaveLength(1);
  });

  it('keeps no failure: the next load asks again', async () => {
    const { loader, calls } = setup([fail(new ShopError('GRAPHQL_ERROR', '[]')), ok(DETAILS)]);
    await expect(loader.load(DETAILS.id)).rejects.toBeInstanceOf(ShopError);
    await expect(loader.load(DETAILS.id)).resolves.toEqual(DETAILS);
    expect(calls).toHaveLength(2);
  });

  it('keys the cache by product id', async () => {
    const { loader, calls } = setup([ok(DETAILS), ok(null)]);
    await loader.load('gid://shopify/Product/7');
    await loader.load('gid://shopify/Product/8');
    expect(calls).toEqual(['gid://shopify/Product/7', 'gid://shopify/Product/8']);
  });
});
