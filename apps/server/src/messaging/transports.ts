import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface SmsMessage {
  to: string;
  text: string;
  /** "sms" or "voice" (a call that reads the text). */
  channel: 'sms' | 'voice';
}

/** Sends an email; throws when delivery fails. */
export interface MailTransport {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

/** Sends a text message or places a voice call; throws when delivery fails. */
export interface SmsTransport {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** Email over SMTP (SMTP_URL, e.g. smtps://user:pass@mail.example.com:465). */
export class SmtpTransport implements MailTransport {
  readonly name = 'smtp';
  private readonly transporter: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }
}
