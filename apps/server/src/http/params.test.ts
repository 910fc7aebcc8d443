import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './apiError';
import { readParams } from './params';

const app = Fastify();
beforeAll(async () => {
  await app.register(fastifyFormbody);
  await app.register(fastifyMultipart);
  const handler = (multipart: boolean) => async (request: Parameters<typeof readParams>[0]) => {
    try {
      const { params, files } = await readParams(request, multipart);
      return { params, files: files.map((f) => ({ field: f.field, filename: f.filename, size: f.data.length })) };
    } catch (error) {
      return { error: error instanceof ApiError ? error.errorName : String(error) };
    }
  };
  app.post('/upload', handler(true));
  app.post('/form', handler(false));
  app.get('/form', handler(false));
});
afterAll(() => app.close());

function multipartBody(boundary: string) {
  return [
    `--${boundary}`,
    'Content-Disposition: form-data; name="lockId"',
    '',
    '42',
    `--${boundary}`,
    'Content-Disposition: form-data; name="photo"; filename="face.jpg"',
    'Content-Type: image/jpeg',
    '',
    'JPEGDATA',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

describe('reading call parameters', () => {
  it('reads a GET query', async () => {
    const response = await app.inject({ method: 'GET', url: '/form?a=1&b=x' });
    expect(response.json()).toEqual({ params: { a: '1', b: 'x' }, files: [] });
  });

  it('reads a form-encoded POST', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/form',
      payload: 'a=1&b=%E6%9D%8E',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.json()).toEqual({ params: { a: '1', b: '李' }, files: [] });
  });

  it('reads multipart fields as parameters and keeps files apart', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      payload: multipartBody('xyz'),
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(response.json()).toEqual({
      params: { lockId: '42' },
      files: [{ field: 'photo', filename: 'face.jpg', size: 8 }],
    });
  });

  it('refuses multipart where a call takes no upload', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/form',
      payload: multipartBody('xyz'),
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(response.json()).toEqual({ error: 'unsupportedContentType' });
  });

  it('refuses repeated parameters', async () => {
    const response = await app.inject({ method: 'GET', url: '/form?a=1&a=2' });
    expect(response.json()).toEqual({ error: 'badParameter' });
  });
});
