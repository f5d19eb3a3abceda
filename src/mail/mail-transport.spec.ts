import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { mailTransport } from './mail-transport.js';
import { passwordResetMail } from './templates/account-messages.js';

describe('mail without SMTP_URL', () => {
  it('writes the message to the server log at info, link included', async () => {
    const info = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const to = { address: 'rita@agency.example', name: 'Rita' };
    const transport = mailTransport({ smtpUrl: undefined, from: 'content-api <a@b.example>' });
    await transport.deliver({
      ...passwordResetMail({ to, accountName: 'Acme', url: 'http://localhost:3000/r?token=abc' }),
      to,
      accountId: 1,
      userId: 2,
    });
    expect(info).toHaveBeenCalledTimes(1);
    const [line] = info.mock.calls[0] as [string];
    expect(line).toContain('to rita@agency.example');
    expect(line).toContain('"Choose a new content-api password"');
    expect(line).toContain('http://localhost:3000/r?token=abc');
    info.mockRestore();
  });
});

describe('message templates', () => {
  it('escape what people typed in the HTML part', () => {
    const mail = passwordResetMail({
      to: { address: 'x@agency.example', name: '<script>alert(1)</script>' },
      accountName: 'A & B',
      url: 'http://localhost:3000/r?token=a&b=<c>',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('A &amp; B');
    expect(mail.html).toContain('href="http://localhost:3000/r?token=a&amp;b=&lt;c&gt;"');
    expect(mail.text).toContain('Hello <script>alert(1)</script>,');
  });
});
