import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../shared/errors.js';
import { z } from '../../shared/zod.js';
import { jsonErrorHandler } from './error-handler.js';
import { serializerCompiler, validatorCompiler } from './validation.js';

// The wiring every route relies on, on a bare Fastify: requests are checked against the declared
// schemas with the API's 400s, and answers leave through theirs, so an unlisted field never does.
const app = Fastify();
beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(jsonErrorHandler);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/things/:id',
    {
      schema: {
        params: z.object({ id: z.string().regex(/^\w+$/, 'id is not valid') }),
        body: z.object({
          name: z.string({ error: 'Name is required' }),
          size: z.object({ width: z.number({ error: 'Width must be a number' }) }).optional(),
        }),
        response: { 200: z.object({ id: z.string(), name: z.string() }), 400: ErrorBodySchema },
      },
    },
    // The handler hands back more than the schema lists, as a row read with selectAll would.
    async (request) =>
      ({ id: request.params.id, name: request.body.name, secret: 'hash', passwordHash: 'x' }) as {
        id: string;
        name: string;
      },
  );
  await app.ready();
});
afterAll(() => app.close());

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });

describe('route schemas', () => {
  it('send only the fields the response schema lists', async () => {
    const response = await post('/things/a1', { name: 'Ana', extra: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'a1', name: 'Ana' });
  });

  it('refuse a bad field with 400 invalid_field naming it, nested paths joined by dots', async () => {
    expect((await post('/things/a1', {})).json()).toEqual({
      error: { code: 'invalid_field', message: 'Name is required', field: 'name' },
    });
    expect((await post('/things/a1', { name: 'A', size: { width: 'x' } })).json()).toEqual({
      error: { code: 'invalid_field', message: 'Width must be a number', field: 'size.width' },
    });
    expect((await post('/things/a%20b', { name: 'A' })).json()).toEqual({
      error: { code: 'invalid_field', message: 'id is not valid', field: 'id' },
    });
  });

  it('refuse a body that is not an object with 400 invalid_body and no field', async () => {
    for (const payload of [[1], 'text', null]) {
      const response = await app.inject({
        method: 'POST',
        url: '/things/a1',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'invalid_body', message: 'The request body must be a JSON object' },
      });
    }
  });
});
