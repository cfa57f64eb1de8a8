import { describe, expect, it } from 'vitest';
import { checkoutAddress } from './order-services';

const PAGE = 'https://shop.example/products/charger';

describe('checkoutAddress: only a web address is a checkout (issue 7, bad input)', () => {
  it.each([
    ['https://shop.example/checkouts/cn/abc?_fd=0', 'https://shop.example/checkouts/cn/abc?_fd=0'],
    ['http://127.0.0.1:5173/demo-checkout/1?_fd=0', 'http://127.0.0.1:5173/demo-checkout/1?_fd=0'],
    ['/checkout', 'https://shop.example/checkout'],
  ])('takes %s', (url, expected) => {
    expect(checkoutAddress(url, PAGE)).toBe(expected);
  });

  it.each([
    'javascript:window.__pwned=1//?_fd=0',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'http://[::1',
  ])('refuses %j with a shop error', (url) => {
    expect(() => checkoutAddress(url, PAGE)).toThrow(expect.objectContaining({ code: 'UNKNOWN_ERROR' }));
  });
});
