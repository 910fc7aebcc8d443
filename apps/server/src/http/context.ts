import type { Locale } from '@smartlock/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Brand } from '../domains/company/brands';
import { ApiError } from './apiError';
import type { AppClient } from './clients';
import type { UploadedFile } from './params';
import type { Session } from './session';

/** What a handler knows about the call besides its parameters. */
export interface CallContext {
  locale: Locale;
  app: AppClient;
  brand: Brand;
  ip: string;
  userAgent: string;
  /** Present when the call needs a session, and for public calls made while logged in. */
  session: Session | undefined;
  /** The token the caller presented, if any. */
  token: string | undefined;
  files: UploadedFile[];
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The caller's session; every session call has one (the router resolved it), this makes it explicit. */
export function requireSession(ctx: CallContext) {
  if (!ctx.session) throw new ApiError('notLoggedIn');
  return ctx.session;
}
