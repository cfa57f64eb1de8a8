import { describe, expect, it } from 'vitest';
import { copyText } from './clipboard';

describe('copyText', () => {
  it('writes the text and says so', async () => {
    const written: string[] = [];
    expect(await copyText('https://shop.example/#evc=abc', { writeText: async (text) => void written.push(text) })).toBe(true);
    expect(written).toEqual(['https://shop.example/#evc=abc']);
  });

  it('reports a refusal instead of throwing', async () => {
    expect(await copyText('x', { writeText: () => Promise.reject(new DOMException('Document is not focused.', 'NotAllowedError')) })).toBe(false);
  });

  it('reports a page without the Clipboard API', async () => {
    expect(await copyText('x', null)).toBe(false);
  });
});
