import type { AddressInfo } from 'node:net';
import {
  PasscodeType,
  passcode,
  ServiceType,
  TemplateType,
  template,
  user,
  ValidationCodeType,
  VipStatus,
} from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, validationCodes } from '../db/schema';
import { addUnits, balanceOf } from '../domains/service/serviceQueries';
import { addLock } from '../test/devices';
import { loggedInClient } from '../test/fixtures';
import { dataOf, startTestServer, type TestServer } from '../test/harness';
import { setVipStatus } from '../test/vip';

/** A real SMTP server on loopback that keeps what it receives and refuses one recipient. */
const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address.startsWith('bounce')) return callback(new Error('mailbox unavailable'));
    callback();
  },
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});

/** The text of a quoted-printable message body, as a mail client shows it. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

let server: TestServer;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await startTestServer({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'SmartLock Cloud <no-reply@smartlock.test>',
  });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('email over SMTP', () => {
  it('delivers a validation code to a real SMTP server, in the caller language, and marks it sent', async () => {
    const reply = await server
      .client('de_DE')
      .call(user.sendValidationCode, { account: 'mail@example.com', type: ValidationCodeType.register });
    expect(reply.body.errorCode).toBe(0);
    const mail = received.find((m) => m.to.includes('mail@example.com'));
    expect(mail).toBeDefined();
    const [row] = await server.app.services.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'mail@example.com'));
    expect(row).toMatchObject({ status: 'sent', channel: 'email', locale: 'de_DE' });
    const code = row?.body.match(/\b\d{6}\b/)?.[0] as string;
    expect(mail?.raw).toContain(code);
    expect(decodeQuotedPrintable(mail?.raw ?? '')).toContain(`Ihr SmartLock Cloud-Bestätigungscode lautet ${code}`);
  });

  it('reports a refused delivery, records why, and lets the user ask again at once', async () => {
    const reply = await server
      .client()
      .call(user.sendValidationCode, { account: 'bounce@example.com', type: ValidationCodeType.register });
    expect(reply.status).toBe(500);
    expect(reply.body.errorMsg).toBe('Operation failed');
    const db = server.app.services.database.db;
    const [row] = await db.select().from(outbox).where(eq(outbox.recipient, 'bounce@example.com'));
    expect(row?.status).toBe('failed');
    expect(row?.error).toMatch(/mailbox unavailable/);
    expect(await db.select().from(validationCodes).where(eq(validationCodes.account, 'bounce@example.com'))).toEqual(
      [],
    );
  });
});

describe('notices over SMTP', () => {
  it('delivers a passcode notice written with the owner’s email template, and gives the unit back when refused', async () => {
    const { client: owner, uid } = await loggedInClient(server, 'smtp-owner@example.com');
    const db = server.app.services.database.db;
    const lockId = await addLock(owner, 'Suite 7');
    const got = await owner.call(passcode.get, {
      lockId,
      keyboardPwdType: PasscodeType.permanent,
    });
    await setVipStatus(db, uid, VipStatus.trial);
    await addUnits(db, uid, ServiceType.email, 2);
    const made = await owner.call(template.add, {
      channel: 'email',
      type: TemplateType.passcode,
      name: 'Arrival',
      subject: 'Welcome to {room}',
      content: 'Dear guest, the passcode of {room} is {passcode}.',
    });
    const send = (receiver: string) =>
      owner.call(passcode.sendNotice, {
        keyboardPwdId: dataOf(got).keyboardPwdId,
        channel: 'email',
        receiver,
        templateId: dataOf(made).templateId,
      });
    expect((await send('guest@example.com')).body.errorCode).toBe(0);
    const mail = received.find((m) => m.to.includes('guest@example.com'));
    expect(mail?.raw).toContain('Subject: Welcome to Suite 7');
    expect(decodeQuotedPrintable(mail?.raw ?? '')).toContain(
      `Dear guest, the passcode of Suite 7 is ${got.body.data?.keyboardPwd}.`,
    );
    expect(await balanceOf(db, uid, ServiceType.email)).toBe(1);

    const refused = await send('bounce-guest@example.com');
    expect(refused.body.errorMsg).toBe('Operation failed');
    const [row] = await db.select().from(outbox).where(eq(outbox.recipient, 'bounce-guest@example.com'));
    expect(row?.status).toBe('failed');
    expect(await balanceOf(db, uid, ServiceType.email)).toBe(1);
  });
});
