import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { JobQueue } from '../jobs/index.js';
import { LearningLog } from '../learning-log/index.js';
import type { MailContent, OutgoingMail, Recipient } from './mail-message.js';
import {
  DELIVERED_KEPT_SECONDS,
  MAIL_QUEUE,
  MAIL_RETRY,
  UNSENT_KEPT_SECONDS,
} from './mail-queue.js';
import { type MailTransport, mailTransport } from './mail-transport.js';

export interface MailToSend {
  to: Recipient;
  /** Whose activity log records the message. */
  accountId: number | null;
  userId: number | null;
  content: MailContent;
}

/**
 * Sends email through the job queue: `send` stores the message (in the
 * caller's transaction when given one), and whichever replica's worker takes
 * it hands it to the transport — SMTP, or the server log without SMTP_URL —
 * retrying with backoff while the mail server refuses or is away. Every
 * outcome is recorded in the account's activity log (channel `email`): the
 * recipient, the subject and the status, never the body and its link.
 */
@Injectable()
export class Mailer implements OnModuleInit, OnApplicationShutdown {
  private readonly transport: MailTransport;

  constructor(
    private readonly jobs: JobQueue,
    private readonly learningLog: LearningLog,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.transport = mailTransport(config.mail);
    this.configured = config.mail.smtpUrl !== undefined;
  }

  /** False without SMTP_URL: messages only reach the server log, so pages show links themselves. */
  readonly configured: boolean;

  onModuleInit(): void {
    this.jobs.register({
      queue: MAIL_QUEUE,
      ...MAIL_RETRY,
      timeoutSeconds: 120,
      keepFinishedSeconds: DELIVERED_KEPT_SECONDS,
      keepWaitingSeconds: UNSENT_KEPT_SECONDS,
      handle: async (mail, { retries }) => this.deliver(mail, retries),
    });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }

  /**
   * Queues a message. With `transaction`, it is stored with the change that
   * calls for it, or not at all if that rolls back.
   */
  async send(message: MailToSend, options: { transaction?: EntityManager } = {}): Promise<void> {
    const mail: OutgoingMail = {
      ...message.content,
      to: message.to,
      accountId: message.accountId,
      userId: message.userId,
    };
    await this.jobs.send(MAIL_QUEUE, mail, { transaction: options.transaction });
  }

  private async deliver(mail: OutgoingMail, retries: number): Promise<void> {
    const started = Date.now();
    try {
      await this.transport.deliver(mail);
      this.record(mail, started, 200, null);
    } catch (error) {
      const last = retries >= MAIL_RETRY.retryLimit;
      // 502: the mail server refused it for good; 503: it is retried later.
      this.record(mail, started, last ? 502 : 503, last ? 'mail_failed' : 'mail_deferred');
      throw error;
    }
  }

  private record(mail: OutgoingMail, started: number, status: number, error: string | null) {
    this.learningLog.record({
      occurredAt: new Date(),
      channel: 'email',
      operation: mail.kind,
      method: null,
      path: null,
      status,
      durationMs: Date.now() - started,
      accountId: mail.accountId,
      keyId: null,
      userId: mail.userId,
      requestId: null,
      clientAddress: null,
      userAgent: null,
      error,
      mailTo: mail.to.address,
      mailSubject: mail.subject,
    });
  }
}
