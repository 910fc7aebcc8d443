import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import type { MailTransport, SmsTransport } from './transports';

export interface Outgoing {
  channel: 'email' | 'sms' | 'voice';
  recipient: string;
  subject?: string;
  body: string;
  locale: string;
  /** What the message is for, e.g. "validationCode". */
  kind: string;
  metadata?: Record<string, unknown>;
}

/**
 * Every outbound message is written to the outbox first. With a transport configured for its
 * channel it is then delivered and marked sent (or failed, with the reason); without one it
 * stays in the outbox as "stored" and is written to the server log, so a demo or a developer
 * can read it.
 */
export class Messenger {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly transports: { mail?: MailTransport | undefined; sms?: SmsTransport | undefined },
  ) {}

  async send(message: Outgoing): Promise<void> {
    const transport = message.channel === 'email' ? this.transports.mail : this.transports.sms;
    const [row] = await this.db
      .insert(outbox)
      .values({
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject ?? '',
        body: message.body,
        locale: message.locale,
        kind: message.kind,
        status: transport ? 'queued' : 'stored',
        metadata: message.metadata ?? {},
      })
      .returning({ id: outbox.id });
    if (!row) throw new Error('outbox insert returned nothing');
    if (!transport) {
      this.log.info(
        { outboxId: row.id, channel: message.channel, to: message.recipient, body: message.body },
        'message kept in the outbox',
      );
      return;
    }
    try {
      if (message.channel === 'email') {
        await this.transports.mail?.send({ to: message.recipient, subject: message.subject ?? '', text: message.body });
      } else {
        await this.transports.sms?.send({ to: message.recipient, text: message.body, channel: message.channel });
      }
      await this.db.update(outbox).set({ status: 'sent', sentAt: sql`now()` }).where(eq(outbox.id, row.id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.db
        .update(outbox)
        .set({ status: 'failed', error: reason.slice(0, 500) })
        .where(eq(outbox.id, row.id));
      this.log.error({ outboxId: row.id, channel: message.channel, err: reason }, 'message delivery failed');
      throw error;
    }
  }
}
