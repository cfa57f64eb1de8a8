import { describe, expect, it } from 'vitest';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { defaultConfiguration } from '../domain/configuration';
import { createQuoteHandler } from './quote-handler';

const handler = createQuoteHandler({ maxBodyBytes: 2048 });
const post = (body: string, type = 'application/json') =>
  handler(new Request('https://merchant.example/api/quote', { method: 'POST', body, headers: { 'content-type': type } }));

describe('createQuoteHandler', () => {
  it('recomputes the totals from ids, partner discount included', async () => {
    const configuration = { ...defaultConfiguration(UK_CATALOGUE), front: 'racing_green' };
    const response = await post(JSON.stringify({ configuration, email: 'sam@partner-one.example' }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.totals.total).toBe(599 + 22 - 100);
    expect(body.totals.lines).toContainEqual({ name: 'Partner Discount', amount: -100 });
  });

  it('applies the flow selection rules before pricing (spec-request: 22kW forces installation)', async () => {
    const configuration = { ...defaultConfiguration(UK_CATALOGUE), cable: 'socket_22kw', advancedSolar: true };
    const body = await (await post(JSON.stringify({ configuration, flow: 'spec-request' }))).json();
    expect(body.configuration).toMatchObject({ installation: 'premium_22kw', advancedSolar: false });
  });

  it.each([
    ['GET', undefined, undefined, 405, 'method_not_allowed'],
    ['POST', '{"configuration":', 'application/json', 400, 'invalid_json'],
    ['POST', '{}', 'text/plain', 415, 'unsupported_media_type'],
    ['POST', JSON.stringify({ pad: 'x'.repeat(3000) }), 'application/json', 413, 'body_too_large'],
    ['POST', 'null', 'application/json', 400, 'invalid_body'],
    ['POST', JSON.stringify({ configuration: { front: 'gold' } }), 'application/json', 422, 'invalid_configuration'],
  ])('%s %s answers %i with a clear code', async (method, body, type, status, code) => {
    const init: RequestInit = { method };
    if (body !== undefined) init.body = body;
    if (type) init.headers = { 'content-type': type };
    const response = await handler(new Request('https://merchant.example/api/quote', init));
    expect(response.status).toBe(status);
    expect((await response.json()).error.code).toBe(code);
  });
});
