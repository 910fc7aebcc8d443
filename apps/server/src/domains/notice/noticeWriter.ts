import {
  type Locale,
  MessageChannel,
  type PlaceholderName,
  placeholdersIn,
  renderTemplate,
  ServiceType,
  type TemplateType,
  UNLOCK_LINK_MAX_MINUTES,
  unlockLinkUrl,
  type ValueOf,
} from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import type { CallContext } from '../../http/context';
import { requireSession } from '../../http/context';
import { originOf } from '../../http/origin';
import type { Messenger } from '../../messaging/messenger';
import type { UnlockLinks } from '../remoteOperation/unlockLinks';
import { addUnits, consumeUnit } from '../service/serviceQueries';
import type { TemplateRow } from '../template/templateQueries';
import type { TemplateService } from '../template/templateService';

type Channel = ValueOf<typeof MessageChannel>;

/** Who sends a notice, in which language, from which console and brand. */
export interface NoticeCaller {
  userId: number;
  locale: Locale;
  brandName: string;
  /** The console's origin the caller uses (unlock and app links point there). */
  origin: string;
  /** The brand's app address ({appLink}); the console's when empty. */
  appUrl: string;
}

/** The caller of a notice call. */
export function noticeCallerOf(ctx: CallContext): NoticeCaller {
  return {
    userId: requireSession(ctx).userId,
    locale: ctx.locale,
    brandName: ctx.brand.name,
    origin: originOf(ctx),
    appUrl: ctx.brand.appUrl,
  };
}

export interface NoticeRequest {
  caller: NoticeCaller;
  lock: { id: number; name: string; ownerId: number };
  channel: Channel;
  recipient: string;
  /** The language the recipient reads. */
  locale: Locale;
  type: ValueOf<typeof TemplateType>;
  /** One of the lock owner's templates; none: the standard words. */
  templateId?: number | undefined;
  /** The standard subject and body, in the recipient's language. */
  standard: { subject: string; body: string };
  /** What the placeholders say besides the room and the links: the passcode, the validity. */
  values: Partial<Record<PlaceholderName, string>>;
  /** When an unlock link in the message should stop working at the latest (ms); none: 7 days. */
  linkUntil?: number | null | undefined;
  kind: string;
  metadata: Record<string, unknown>;
}

/**
 * Notices about a lock (an eKey's, a passcode's) to the person it is for: in the standard words
 * or the lock owner's template with its placeholders filled, paid with one unit of the owner's
 * SMS or email balance, which is given back when delivery fails.
 */
export class NoticeWriter {
  constructor(
    private readonly db: Db,
    private readonly messenger: Messenger,
    private readonly templates: TemplateService,
    private readonly unlockLinks: UnlockLinks,
  ) {}

  async send(request: NoticeRequest): Promise<void> {
    const template =
      request.templateId === undefined
        ? undefined
        : await this.templates.forNotice(request.lock.ownerId, request.templateId, request.channel, request.type);
    const service = request.channel === MessageChannel.sms ? ServiceType.sms : ServiceType.email;
    if (!(await consumeUnit(this.db, request.lock.ownerId, service))) {
      throw new ApiError(request.channel === MessageChannel.sms ? 'smsBalanceEmpty' : 'emailBalanceEmpty');
    }
    try {
      const message = template ? await this.fill(template, request) : request.standard;
      await this.messenger.send({
        channel: request.channel,
        recipient: request.recipient,
        subject: request.channel === MessageChannel.email ? message.subject : '',
        body: message.body,
        locale: request.locale,
        kind: request.kind,
        metadata: { ...request.metadata, templateId: request.templateId ?? null },
      });
    } catch (error) {
      await addUnits(this.db, request.lock.ownerId, service, 1);
      if (error instanceof ApiError) throw error;
      throw new ApiError('operationFailed', {}, 'the notice could not be delivered');
    }
  }

  /** The template with its placeholders filled; an unlock link only when it asks for one. */
  private async fill(template: TemplateRow, request: NoticeRequest): Promise<{ subject: string; body: string }> {
    const used = new Set([...placeholdersIn(template.content), ...placeholdersIn(template.subject)]);
    const values: Partial<Record<PlaceholderName, string>> = {
      ...request.values,
      room: request.lock.name,
      appLink: request.caller.appUrl || `${request.caller.origin}/`,
    };
    if (used.has('unlockLink')) values.unlockLink = await this.unlockLink(request);
    return {
      subject: template.subject ? renderTemplate(template.subject, values) : request.standard.subject,
      body: renderTemplate(template.content, values),
    };
  }

  /** A link that unlocks the lock until the credential ends (7 days at most), made by the sender. */
  private async unlockLink(request: NoticeRequest): Promise<string> {
    const until = request.linkUntil ?? Number.POSITIVE_INFINITY;
    const minutes = Math.min(UNLOCK_LINK_MAX_MINUTES, Math.floor((until - Date.now()) / 60_000));
    if (minutes < 1) throw new ApiError('endInPast', {}, 'the credential has ended: no unlock link');
    const link = await this.unlockLinks.create(request.caller.userId, request.lock.id, minutes);
    return unlockLinkUrl(request.caller.origin, link.token);
  }
}
