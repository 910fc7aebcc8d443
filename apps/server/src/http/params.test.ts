import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import type { Upload } from '@smartlock/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './apiError';
import { readParams } from './params';

const PHOTO: Upload = { part: 'photo', maxBytes: 1024, tooLarge: 'photoTooLarge' };

const app = Fastify();
beforeAll(async () => {
  await app.register(fastifyFormbody);
  await app.register(fastifyMultipart);
  const handler = (upload: Upload | undefined) => async (request: Parameters<typeof readParams>[0]) => {
    const checked: Record<string, string>[] = [];
    try {
      const { params, files } = await readParams(request, upload, async (fields) => {
        checked.push({ ...fields });
        if (fields.sign === 'forged') throw new ApiError('badSignature');
      });
      return {
        params,
        files: files.map((f) => ({ field: f.field, filename: f.filename, size: f.data.length })),
        checked,
      };
    } catch (error) {
      return { error: error instanceof ApiError ? error.errorName : String(error), checked };
    }
  };
  app.post('/upload', handler(PHOTO));
  app.post('/form', handler(undefined));
  app.get('/form', handler(undefined));
});
afterAll(() => app.close());

const field = (boundary: string, name: string, value: string) =>
  [`--${boundary}`, `Content-Disposition: form-data; name="${name}"`, '', value].join('\r\n');
const file = (boundary: string, name: string, data: string) =>
  [
    `--${boundary}`,
    `Content-Disposition: form-data; name="${name}"; filename="face.jpg"`,
    'Content-Type: image/jpeg',
    '',
    data,
  ].join('\r\n');

function multipartBody(
  boundary: string,
  parts = [field(boundary, 'lockId', '42'), file(boundary, 'photo', 'JPEGDATA')],
) {
  return [...parts, `--${boundary}--`, ''].join('\r\n');
}

const upload = (payload: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/upload',
    payload,
    headers: { 'content-type': 'multipart/form-data; boundary=xyz', ...headers },
  });

describe('reading call parameters', () => {
  it('reads a GET query', async () => {
    const response = await app.inject({ method: 'GET', url: '/form?a=1&b=x' });
    expect(response.json()).toMatchObject({ params: { a: '1', b: 'x' }, files: [] });
  });

  it('reads a form-encoded POST', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/form',
      payload: 'a=1&b=%E6%9D%8E',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.json()).toMatchObject({ params: { a: '1', b: '李' }, files: [] });
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
      checked: [{ lockId: '42' }],
    });
  });

  it('checks the caller on the fields before the file, and reads no file of a refused caller', async () => {
    const body = multipartBody('xyz', [field('xyz', 'sign', 'forged'), file('xyz', 'photo', 'JPEGDATA')]);
    expect((await upload(body)).json()).toEqual({ error: 'badSignature', checked: [{ sign: 'forged' }] });
  });

  it('refuses a body announcing more than the call takes before reading it, and a file over its cap', async () => {
    const announced = await upload(multipartBody('xyz'), { 'content-length': String(50 * 1024 * 1024) });
    expect(announced.json()).toEqual({ error: 'payloadTooLarge', checked: [] });
    const big = await upload(multipartBody('xyz', [field('xyz', 'a', '1'), file('xyz', 'photo', 'x'.repeat(2048))]));
    expect(big.json()).toMatchObject({ error: 'photoTooLarge' });
  });

  it.each([
    ['a truncated body', multipartBody('xyz').slice(0, 60), 'multipart/form-data; boundary=xyz'],
    ['a boundary the body does not use', multipartBody('abc'), 'multipart/form-data; boundary=xyz'],
    ['no boundary', multipartBody('xyz'), 'multipart/form-data'],
    [
      'a field after the file',
      multipartBody('xyz', [file('xyz', 'photo', 'J'), field('xyz', 'a', '1')]),
      'multipart/form-data; boundary=xyz',
    ],
    [
      'a file in another part',
      multipartBody('xyz', [field('xyz', 'a', '1'), file('xyz', 'avatar', 'J')]),
      'multipart/form-data; boundary=xyz',
    ],
    [
      'two files',
      multipartBody('xyz', [file('xyz', 'photo', 'J'), file('xyz', 'photo', 'K')]),
      'multipart/form-data; boundary=xyz',
    ],
  ])('answers %s as a bad parameter, never a server error', async (_what, payload, type) => {
    const reply = await upload(payload, { 'content-type': type });
    expect(reply.json().error).toMatch(/^(badParameter|payloadTooLarge|unsupportedContentType)$/);
    expect(reply.json().error).not.toMatch(/Error/);
  });

  it('refuses multipart where a call takes no upload', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/form',
      payload: multipartBody('xyz'),
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(response.json()).toMatchObject({ error: 'unsupportedContentType' });
  });

  it('refuses repeated parameters', async () => {
    const response = await app.inject({ method: 'GET', url: '/form?a=1&a=2' });
    expect(response.json()).toMatchObject({ error: 'badParameter' });
  });
});
