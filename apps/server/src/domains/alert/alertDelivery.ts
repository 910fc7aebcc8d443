import {
  AlertDelivery,
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  lockTimeText,
  ServiceType,
  utcOffsetText,
} from '@smartlock/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { translate } from '../../i18n';
import type { LiveHub } from '../../live/liveHub';
import type { Messenger } from '../../messaging/messenger';
import { addUnits, consumeUnit } from '../service/serviceQueries';
import { type AlertRow, contactOf, setDelivery } from './alertQueries';

/** What an alert says it is about: the lock's or gateway's name. */
export interface AlertPlace {
  name: string;
  /** The lock's timezone offset (ms) for the time shown; 0 for a gateway. */
  timezoneRawOffset: number;
}

/**
 * Sends an alert to its owner by email or SMS, in the owner's language, through the outbox. An
 * SMS takes one of the account's paid SMS units (given back when delivery fails); with none left
 * it is skipped and the alert says so ("smsNoUnits"). Email to the account's own address is free,
 * like its validation codes. What happened is kept on the alert (`delivery`).
 */
export class AlertDeliverer {
  constructor(
    private readonly db: Db,
    private readonly messenger: Messenger,
    private readonly live: LiveHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  async deliver(alert: AlertRow, channel: string, place: AlertPlace): Promise<string> {
    if (channel !== AlertDelivery.email && channel !== AlertDelivery.sms) return '';
    const contact = await contactOf(this.db, alert.ownerId);
    const recipient = channel === AlertDelivery.email ? contact?.email : contact?.mobile;
    if (!contact || !recipient) return this.kept(alert, 'failed');
    const locale = (LOCALES as readonly string[]).includes(contact.locale ?? '')
      ? (contact.locale as Locale)
      : DEFAULT_LOCALE;
    const title = translate(locale, `alerts.kind.${alert.kind}`);
    const at = typeof alert.details.at === 'number' ? alert.details.at : alert.raisedAt.getTime();
    const params = {
      alert: title,
      place: place.name,
      time: `${lockTimeText(at, place.timezoneRawOffset)} ${utcOffsetText(place.timezoneRawOffset)}`,
    };
    if (channel === AlertDelivery.sms) {
      if (!(await consumeUnit(this.db, alert.ownerId, ServiceType.sms))) return this.kept(alert, 'smsNoUnits');
      await this.live.publish(alert.ownerId, 'balance', {});
    }
    try {
      await this.messenger.send({
        channel,
        recipient,
        subject: channel === AlertDelivery.email ? translate(locale, 'alerts.subject', params) : '',
        body: translate(locale, 'alerts.body', params),
        locale,
        kind: 'alert',
        metadata: { alertId: alert.id, alertKind: alert.kind },
      });
    } catch (err) {
      this.log.warn({ err, alertId: alert.id }, 'alert not delivered');
      if (channel === AlertDelivery.sms) await addUnits(this.db, alert.ownerId, ServiceType.sms, 1);
      return this.kept(alert, 'failed');
    }
    return this.kept(alert, channel);
  }

  private async kept(alert: AlertRow, delivery: string): Promise<string> {
    await setDelivery(this.db, alert.id, delivery);
    return delivery;
  }
}
