import { Module } from '@nestjs/common';
import { LearningLogModule } from '../learning-log/index.js';
import { Mailer } from './mailer.js';

/**
 * Outgoing email: Mailer queues messages on the job queue (global), its
 * worker sends them with nodemailer (SMTP_URL) or writes them to the server
 * log, and each outcome goes to the activity log. Templates are plain
 * functions (templates/), so a module writes its message and hands it over.
 */
@Module({
  imports: [LearningLogModule],
  providers: [Mailer],
  exports: [Mailer],
})
export class MailModule {}
