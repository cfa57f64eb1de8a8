import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE } from '../../domain/catalogue/uk';
import { installationDetails } from './product-details';

const details = (imageUrl: string | null) => ({ id: 'gid://shopify/Product/1', title: 'Installation', description: 'Fitted.', imageUrl });

describe('installationDetails: the shop image only as a web address (bad input)', () => {
  it('keeps an https image, at 200x200', () => {
    expect(installationDetails(UK_CATALOGUE.installations, details('https://cdn.shopify.com/s/files/fit.jpg?v=2')).premium_7kw?.image).toBe(
      'https://cdn.shopify.com/s/files/fit_200x200.jpg?v=2',
    );
  });

  it.each(['javascript:window.__pwned=1', 'data:image/svg+xml,<svg onload="alert(1)"/>', '//evil.example/x.jpg', ' vbscript:x'])('leaves %j out and keeps the text', (url) => {
    const filled = installationDetails(UK_CATALOGUE.installations, details(url)).premium_7kw;
    expect(filled).toEqual({ name: 'Installation', description: 'Fitted.' });
  });
});
