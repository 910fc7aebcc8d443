import { randomBytes } from 'node:crypto';
import type { DataOf, openApi } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { hmacHex, safeEqual, sha256 } from '../../security/crypto';
import {
  clientById,
  clientOfUser,
  type OpenApiClientRow,
  saveCallbackUrl,
  saveClientSecret,
} from './openApiClientQueries';
import { OpenApiError } from './openApiErrors';
import { revokeTokensOfClient } from './openApiTokenQueries';
import { callsIn, monthOf } from './openApiUsageQueries';

/** A client id or secret: 32 lowercase hex digits, as TTLock's look. */
const hex32 = () => randomBytes(16).toString('hex');

/**
 * Each account's client of the open API: its id, its secret (kept as SHA-256 only: a random
 * 128-bit secret needs no slow hash), its callback address. The demo account's secret is derived
 * from the server's root secret, so `npm start` can print the same one every time without
 * keeping it in clear (docs/ttlock-compat.md).
 */
export class OpenApiClients {
  constructor(
    private readonly db: Db,
    /** The key the demo account's secret is derived with (from the root secret). */
    private readonly demoKey: Buffer,
  ) {}

  async describe(userId: number): Promise<DataOf<typeof openApi.getClient>> {
    const client = await clientOfUser(this.db, userId);
    return {
      clientId: client?.clientId ?? '',
      callbackUrl: client?.callbackUrl ?? '',
      secretChangedAt: client?.secretChangedAt.getTime() ?? null,
      callsThisMonth: await callsIn(this.db, userId, monthOf(new Date()), 'openApi'),
    };
  }

  /** Makes the account's client, or a new secret for it; every token of the old secret ends. */
  async rotate(userId: number): Promise<{ clientId: string; clientSecret: string }> {
    const clientSecret = hex32();
    const client = await this.db.transaction(async (tx) => {
      const existing = await clientOfUser(tx, userId);
      const saved = await saveClientSecret(tx, {
        userId,
        clientId: existing?.clientId ?? hex32(),
        secretHash: sha256(clientSecret),
      });
      await revokeTokensOfClient(tx, saved.id);
      return saved;
    });
    return { clientId: client.clientId, clientSecret };
  }

  /** The demo account's client with its derived secret, made or put back on every start. */
  async ensureDemo(userId: number): Promise<{ clientId: string; clientSecret: string }> {
    const existing = await clientOfUser(this.db, userId);
    const clientId = existing?.clientId ?? hex32();
    const clientSecret = hmacHex(this.demoKey, clientId).slice(0, 32);
    if (!existing || !safeEqual(existing.secretHash, sha256(clientSecret))) {
      await saveClientSecret(this.db, { userId, clientId, secretHash: sha256(clientSecret) });
    }
    return { clientId, clientSecret };
  }

  /** The callback address; an account without a client gets one, with a secret nobody knows until it is rotated. */
  async setCallbackUrl(userId: number, callbackUrl: string): Promise<void> {
    await saveCallbackUrl(this.db, {
      userId,
      clientId: hex32(),
      secretHash: sha256(randomBytes(32).toString('hex')),
      callbackUrl: callbackUrl || null,
    });
  }

  /** The client a call names: unknown is 10000. */
  async known(clientId: string | undefined): Promise<OpenApiClientRow> {
    const client = clientId ? await clientById(this.db, clientId) : undefined;
    if (!client) throw new OpenApiError('unknownClient');
    return client;
  }

  /** The client a token request names, with its secret: unknown is 10000, a wrong secret 10001. */
  async authenticate(clientId: string | undefined, clientSecret: string | undefined): Promise<OpenApiClientRow> {
    const client = await this.known(clientId);
    if (!clientSecret || !safeEqual(client.secretHash, sha256(clientSecret))) throw new OpenApiError('badClientSecret');
    return client;
  }
}
