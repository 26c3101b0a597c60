import net, { type AddressInfo } from 'node:net';

/*
 * A small SMTP server for the tests of sending (RFC 5321, just what nodemailer says: EHLO, MAIL, RCPT, DATA, QUIT).
 * Its mode is switched while it runs: `ok` accepts every message, `refuse` turns every connection away (421), `slow`
 * waits before its greeting, as a distant or overloaded relay does.
 */

export type SmtpMode = { kind: 'ok' } | { kind: 'refuse' } | { kind: 'slow'; delayMs: number };

export type SmtpStub = {
  url: string;
  mode: SmtpMode;
  /** The raw DATA of every message accepted, in order. */
  received: string[];
  close: () => Promise<void>;
};

export const startSmtpStub = async (): Promise<SmtpStub> => {
  const sockets = new Set<net.Socket>();
  const stub: Omit<SmtpStub, 'url' | 'close'> = { mode: { kind: 'ok' }, received: [] };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const mode = stub.mode;
    if (mode.kind === 'refuse') {
      socket.end('421 stub: service not available\r\n');
      return;
    }
    const greet = () => socket.write('220 stub ESMTP\r\n');
    if (mode.kind === 'slow') setTimeout(greet, mode.delayMs);
    else greet();
    let buffer = '';
    let data: string | null = null;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          stub.received.push(data);
          data = null;
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const line = buffer.indexOf('\r\n');
        if (line < 0) return;
        const command = buffer.slice(0, line).toUpperCase();
        buffer = buffer.slice(line + 2);
        if (command.startsWith('EHLO') || command.startsWith('HELO')) socket.write('250-stub\r\n250 SIZE 10485760\r\n');
        else if (command.startsWith('MAIL') || command.startsWith('RCPT') || command.startsWith('RSET') || command.startsWith('NOOP'))
          socket.write('250 2.1.0 ok\r\n');
        else if (command.startsWith('DATA')) {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('502 5.5.2 not implemented\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stub, {
    url: `smtp://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
};
