import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as it arrived: who it was addressed to on the envelope, and its parsed parts. */
export interface ArrivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
  /** The plain-text part. */
  text: string;
  html: string;
  subject: string;
}

/**
 * A real SMTP server, in this process, on a free loopback port: what the
 * service sends arrives here and is read back with mailparser. Plain SMTP
 * without STARTTLS or authentication, as a local relay would be.
 * `refuseNext(n)` answers the next n messages with a temporary failure (451),
 * to watch the queue retry.
 */
export class SmtpSink {
  readonly arrived: ArrivedMail[] = [];
  private refusals = 0;
  private waiters: Array<() => void> = [];
  private readonly server: SMTPServer;
  private port = 0;

  constructor() {
    this.server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            if (this.refusals > 0) {
              this.refusals -= 1;
              const refused = new Error('Try again later') as Error & { responseCode: number };
              refused.responseCode = 451;
              callback(refused);
              return;
            }
            this.arrived.push({
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              parsed,
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              subject: parsed.subject ?? '',
            });
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  /** SMTP_URL for the app. */
  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  refuseNext(count: number): void {
    this.refusals = count;
  }

  /** The first message to `address` (and matching `subject`) that arrives, waiting up to `timeoutMs`. */
  async next(address: string, subject?: RegExp, timeoutMs = 20_000): Promise<ArrivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.arrived.find(
        (mail) =>
          mail.envelopeTo.includes(address) &&
          (subject === undefined || subject.test(mail.subject)),
      );
      if (found) {
        this.arrived.splice(this.arrived.indexOf(found), 1);
        return found;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No email to ${address} arrived within ${timeoutMs} ms.`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(mail: ArrivedMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (link === undefined) throw new Error(`No ${prefix} link in "${mail.subject}".`);
  return link;
}
