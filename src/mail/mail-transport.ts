import { Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailConfig } from '../config/app-config.js';
import type { OutgoingMail } from './mail-message.js';

/** Where the queue's worker hands a message: an SMTP server, or the server log. */
export interface MailTransport {
  /** Resolves once the message is accepted; throws to have the job retried. */
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Seconds the worker waits on a silent mail server before the attempt fails (and is retried). */
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** SMTP_URL set: nodemailer, one pooled connection per replica's worker. */
class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport({
      url,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      greetingTimeout: CONNECTION_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    });
  }

  async deliver(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail({
      from: this.from,
      to: mail.to.name ? { name: mail.to.name, address: mail.to.address } : mail.to.address,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      // RFC 3834: no out-of-office replies to a notice.
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
  }

  close(): void {
    this.transporter.close();
  }
}

/**
 * SMTP_URL unset (the zero-setup default): each message is written to the
 * server log at info, links included, so that whoever runs a local copy can
 * follow them. Never used once a mail server is configured.
 */
class LogTransport implements MailTransport {
  private readonly logger = new Logger('Mail');

  deliver(mail: OutgoingMail): Promise<void> {
    this.logger.log(
      `Email not sent (no SMTP_URL): to ${mail.to.address}, "${mail.subject}"\n${mail.text}`,
    );
    return Promise.resolve();
  }

  close(): void {}
}

export function mailTransport(config: MailConfig): MailTransport {
  return config.smtpUrl === undefined
    ? new LogTransport()
    : new SmtpTransport(config.smtpUrl, config.from);
}
