import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { capturedLog } from '../../test/helpers/logLines';
import { startTestApp } from '../../test/helpers/testApp';

/** Just enough of an SMTP server to accept messages on loopback, keeping what it received. */
async function fakeSmtpServer() {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          } else received[received.length - 1] += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          received.push('');
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('mail over SMTP', () => {
  test('with SMTP_URL set, the confirmation mail goes to the SMTP server, not the outbox', async () => {
    const smtp = await fakeSmtpServer();
    const app = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Beatcrate <hello@beatcrate.test>' } });
    try {
      const response = await new ApiBrowser(app.baseUrl).call('POST', '/auth/register', registration({ email: 'smtp@example.com' }));
      expect(response.status).toBe(201);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain('To: smtp@example.com');
      expect(smtp.received[0]).toContain('From: Beatcrate <hello@beatcrate.test>');
      expect(smtp.received[0]).toContain('Subject: Confirm your email for Beatcrate');
      expect(await app.deps.database.query.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  test('an unreachable SMTP server does not fail the registration, and the log holds no link', async () => {
    const closed = await fakeSmtpServer();
    await closed.close();
    const mailLog = capturedLog();
    const app = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${closed.port}` }, log: mailLog.log });
    try {
      const response = await new ApiBrowser(app.baseUrl).call('POST', '/auth/register', registration({ email: 'nosmtp@example.com' }));
      expect(response.status).toBe(201);
      expect(mailLog.lines).toContainEqual(
        expect.objectContaining({ level: 'warn', msg: 'Mail could not be sent', subject: 'Confirm your email for Beatcrate', requestId: response.headers.get('x-request-id') }),
      );
      expect(mailLog.raw.join('')).not.toMatch(/email-confirmation|beats42|nosmtp/);
    } finally {
      await app.close();
    }
  });
});
