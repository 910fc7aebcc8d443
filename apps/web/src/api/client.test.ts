import { lock, lockCredential, RequestParam, signRequest } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { ApiClient, CallFailure, multipartBody } from './client';

function clientWith(reply: { status: number; body: unknown }) {
  const seen: { url: string; init: RequestInit }[] = [];
  const client = new ApiClient({
    appId: 'console',
    appSecret: 'secret',
    language: () => 'en_US',
    packageName: () => undefined,
    onSessionLost: () => undefined,
    fetch: (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }) as typeof fetch,
  });
  return { client, seen };
}

const ok = (data: unknown) => ({ status: 200, body: { errorCode: 0, errorMsg: '', description: '', data } });

describe('uploads', () => {
  it('send the signed fields and the files as one multipart body, the fields alone signed', async () => {
    const { client, seen } = clientWith(ok({ width: 640, height: 480 }));
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    const data = await client.upload(lockCredential.face.checkPhoto, {}, { photo });
    expect(data).toEqual({ width: 640, height: 480 });
    const [sent] = seen;
    expect(sent?.url).toBe('/api/face/checkPhoto');
    expect(sent?.init.method).toBe('POST');
    // The browser writes the multipart content type with its boundary.
    expect(sent?.init.headers).toBeUndefined();
    const body = sent?.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    const part = body.get('photo') as File;
    expect(part.name).toBe('me.jpg');
    expect(part.size).toBe(3);
    const fields: Record<string, string> = {};
    for (const [name, value] of body.entries()) if (typeof value === 'string') fields[name] = value;
    expect(fields[RequestParam.appId]).toBe('console');
    expect(fields[RequestParam.lang]).toBe('en_US');
    const { [RequestParam.sign]: sign, ...signed } = fields;
    expect(sign).toBe(await signRequest('/face/checkPhoto', signed, 'secret'));
  });

  it('carry the call parameters as fields beside the file', async () => {
    const { client, seen } = clientWith(ok({ credential: {}, operation: {} }));
    await client.upload(
      lockCredential.face.add,
      { lockId: 5, name: 'Anna', idNumber: 'AB12345', validityType: 1 },
      { photo: new Blob([new Uint8Array([1])]) },
    );
    const body = seen[0]?.init.body as FormData;
    expect(body.get('lockId')).toBe('5');
    expect(body.get('name')).toBe('Anna');
    expect(body.get('idNumber')).toBe('AB12345');
    expect((body.get('photo') as File).name).toBe('photo');
  });

  it('fail as any call does, with the server message', async () => {
    const { client } = clientWith({
      status: 400,
      body: { errorCode: -3042, errorMsg: 'One clear face, please', description: '', data: null },
    });
    const failure = await client
      .upload(lockCredential.face.checkPhoto, {}, { photo: new Blob([]) })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CallFailure);
    expect((failure as CallFailure).failure).toMatchObject({ kind: 'server', message: 'One clear face, please' });
  });

  it('are refused for a call that takes no upload', async () => {
    const { client, seen } = clientWith(ok({}));
    await expect(client.upload(lock.detail, { lockId: 1 }, { photo: new Blob([]) })).rejects.toThrow(/no upload/);
    expect(seen).toHaveLength(0);
  });

  it('name a blob part after its field', () => {
    const form = multipartBody({ a: '1' }, { photo: new Blob([new Uint8Array([1, 2])]) });
    expect(form.get('a')).toBe('1');
    expect((form.get('photo') as File).name).toBe('photo');
  });
});
