import { isEmailAccount, type Locale, ValidityType } from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { locks, users } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import { translate } from '../../i18n';
import type { Messenger } from '../../messaging/messenger';
import { validityText } from '../credential/validityText';
import type { EKeyRow } from './ekeyGrant';

export interface NoticeCaller {
  userId: number;
  locale: Locale;
  brandName: string;
}

const KIND_OF: Record<number, 'permanent' | 'limited' | 'once' | 'cyclic'> = {
  [ValidityType.permanent]: 'permanent',
  [ValidityType.limited]: 'limited',
  [ValidityType.once]: 'once',
  [ValidityType.cyclic]: 'cyclic',
};

/** eKey messages: the invitation an unregistered recipient gets, and the notice a sender sends. */
export class EKeyNotices {
  constructor(
    private readonly db: Db,
    private readonly messenger: Messenger,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Invites an unregistered recipient; a delivery failure is logged, the key stays. */
  async invite(caller: NoticeCaller, key: EKeyRow, lockName: string): Promise<void> {
    try {
      await this.deliver(
        caller,
        key,
        'ekeyInvitationBody',
        isEmailAccount(key.recipientAccount) ? 'email' : 'sms',
        lockName,
      );
    } catch (error) {
      this.log.warn({ err: error, keyId: key.id }, 'eKey invitation not delivered');
    }
  }

  /** The key's notice to its recipient's address on a channel that address has. */
  async notify(caller: NoticeCaller, key: EKeyRow, channel: 'email' | 'sms'): Promise<void> {
    const [lock] = await this.db.select({ name: locks.name }).from(locks).where(eq(locks.id, key.lockId));
    await this.deliver(caller, key, 'ekeyBody', channel, lock?.name ?? '');
  }

  private async deliver(
    caller: NoticeCaller,
    key: EKeyRow,
    body: 'ekeyBody' | 'ekeyInvitationBody',
    channel: 'email' | 'sms',
    lockName: string,
  ): Promise<void> {
    const address = await this.addressOf(key, channel);
    const [sender] = await this.db.select().from(users).where(eq(users.id, caller.userId));
    const [lock] = await this.db
      .select({ offset: locks.timezoneRawOffset })
      .from(locks)
      .where(eq(locks.id, key.lockId));
    const params = {
      brand: caller.brandName,
      lock: lockName,
      sender: sender?.nickname || sender?.email || sender?.mobile || '',
      account: key.recipientAccount,
      validity: validityText(caller.locale, lock?.offset ?? 0, {
        kind: KIND_OF[key.validityType] ?? 'permanent',
        start: key.startDate?.getTime(),
        end: key.endDate?.getTime(),
        cycle: key.cycle ?? undefined,
      }),
    };
    await this.messenger.send({
      channel,
      recipient: address,
      subject: channel === 'email' ? translate(caller.locale, 'notices.ekeySubject', params) : '',
      body: translate(caller.locale, `notices.${body}`, params),
      locale: caller.locale,
      kind: body === 'ekeyBody' ? 'ekeyNotice' : 'ekeyInvitation',
      metadata: { keyId: key.id, lockId: key.lockId },
    });
  }

  /** The recipient's email or mobile for the channel: their account's, else the address the key was sent to. */
  private async addressOf(key: EKeyRow, channel: 'email' | 'sms'): Promise<string> {
    const [recipient] = key.recipientId
      ? await this.db.select().from(users).where(eq(users.id, key.recipientId))
      : [undefined];
    const email = recipient?.email ?? (isEmailAccount(key.recipientAccount) ? key.recipientAccount : null);
    const mobile = recipient?.mobile ?? (isEmailAccount(key.recipientAccount) ? null : key.recipientAccount);
    const address = channel === 'email' ? email : mobile;
    if (!address) throw new ApiError('accountTypeNotSupported', {}, `the recipient has no ${channel} address`);
    return address;
  }
}
