import { isEmailAccount, type Locale, resolveLocale, TemplateType, ValidityType } from '@smartlock/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { translate } from '../../i18n';
import type { Messenger } from '../../messaging/messenger';
import type { LockRow } from '../lock/lockQueries';
import { findLockById } from '../lock/lockQueries';
import type { NoticeCaller, NoticeWriter } from '../notice/noticeWriter';
import { validityText } from '../notice/validityText';
import { findUserById } from '../user/userQueries';
import type { EKeyRow } from './ekeyQueries';

export type { NoticeCaller };

/** What a key's messages say of its lock: its name, and its timezone for the validity. */
type KeyLock = Pick<LockRow, 'name' | 'timezoneRawOffset'>;

const KIND_OF: Record<number, 'permanent' | 'limited' | 'once' | 'cyclic'> = {
  [ValidityType.permanent]: 'permanent',
  [ValidityType.limited]: 'limited',
  [ValidityType.once]: 'once',
  [ValidityType.cyclic]: 'cyclic',
};

/**
 * eKey messages: the invitation an unregistered recipient gets (the cloud's own, free), and the
 * notice a sender sends (paid by the lock's owner, in the standard words or the owner's eKey
 * template), each in the language the recipient reads.
 */
export class EKeyNotices {
  constructor(
    private readonly db: Db,
    private readonly messenger: Messenger,
    private readonly writer: NoticeWriter,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Invites an unregistered recipient; a delivery failure is logged, the key stays. */
  async invite(caller: NoticeCaller, key: EKeyRow, lock: KeyLock): Promise<void> {
    try {
      const channel = isEmailAccount(key.recipientAccount) ? 'email' : 'sms';
      const text = await this.texts(caller, key, caller.locale, lock);
      await this.messenger.send({
        channel,
        recipient: key.recipientAccount,
        subject: channel === 'email' ? text.subject : '',
        body: translate(caller.locale, 'notices.ekeyInvitationBody', text.params),
        locale: caller.locale,
        kind: 'ekeyInvitation',
        metadata: { keyId: key.id, lockId: key.lockId },
      });
    } catch (error) {
      this.log.warn({ err: error, keyId: key.id }, 'eKey invitation not delivered');
    }
  }

  /** The key's notice to its recipient's address on a channel that address has. */
  async notify(
    caller: NoticeCaller,
    key: EKeyRow,
    channel: 'email' | 'sms',
    templateId: number | undefined,
  ): Promise<void> {
    const lock = await findLockById(this.db, key.lockId);
    if (!lock) throw new ApiError('noPermission', {}, 'no such lock');
    const { address, locale } = await this.recipientOf(key, channel, caller.locale);
    const text = await this.texts(caller, key, locale, lock);
    await this.writer.send({
      caller,
      lock,
      channel,
      recipient: address,
      locale,
      type: TemplateType.eKey,
      templateId,
      standard: { subject: text.subject, body: translate(locale, 'notices.ekeyBody', text.params) },
      values: { time: text.params.validity },
      linkUntil: key.endDate?.getTime() ?? null,
      kind: 'ekeyNotice',
      metadata: { keyId: key.id, lockId: key.lockId },
    });
  }

  /** The subject and the words a key's messages fill in, in a language. */
  private async texts(caller: NoticeCaller, key: EKeyRow, locale: Locale, lock: KeyLock) {
    const sender = await findUserById(this.db, caller.userId);
    const params = {
      brand: caller.brandName,
      lock: lock.name,
      sender: sender?.nickname || sender?.email || sender?.mobile || '',
      account: key.recipientAccount,
      validity: validityText(locale, lock.timezoneRawOffset, {
        kind: KIND_OF[key.validityType] ?? 'permanent',
        start: key.startDate?.getTime(),
        end: key.endDate?.getTime(),
        cycle: key.cycle ?? undefined,
      }),
    };
    return { params, subject: translate(locale, 'notices.ekeySubject', params) };
  }

  /**
   * The recipient's email or mobile for the channel (their account's, else the address the key
   * was sent to) and the language they read: their account's, else the sender's.
   */
  private async recipientOf(
    key: EKeyRow,
    channel: 'email' | 'sms',
    fallback: Locale,
  ): Promise<{ address: string; locale: Locale }> {
    const recipient = key.recipientId ? await findUserById(this.db, key.recipientId) : undefined;
    const email = recipient?.email ?? (isEmailAccount(key.recipientAccount) ? key.recipientAccount : null);
    const mobile = recipient?.mobile ?? (isEmailAccount(key.recipientAccount) ? null : key.recipientAccount);
    const address = channel === 'email' ? email : mobile;
    if (!address) throw new ApiError('accountTypeNotSupported', {}, `the recipient has no ${channel} address`);
    return { address, locale: resolveLocale(recipient?.locale) ?? fallback };
  }
}
