import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ErrorBody } from '#contract/common';
import type { AppContext } from '../lib/app-context.ts';
import type { Row } from '../db/rows.ts';

/*
 * /dev/outbox: the development stand-in for e-mail and SMS (server/lib/mailer.ts). The HTML page is for people
 * trying the demo; /dev/outbox.json is what the browser tests read to get codes and links. They exist only when
 * the outbox was switched on explicitly (DEV_OUTBOX=1, or test mode) and answer only the machine itself: a
 * request from elsewhere, or one relayed by a proxy, gets the same 404 as when the outbox is off, so the page can
 * never hand someone else's recovery link to a stranger. No inline style or script (the CSP forbids them): the
 * page links /dev/outbox.css.
 */

type OutboxRow = Row<'outbox'>;

const querySchema = z.object({
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

export type OutboxMessage = {
  id: number;
  channel: OutboxRow['channel'];
  to: string;
  subject: string | null;
  body: string;
  createdAt: string;
  /** The first 6-digit code of the text, if any. */
  code: string | null;
  /** The first link of the text, if any, and its path (the tests open the path on their own server). */
  link: string | null;
  path: string | null;
};

const CODE = /\b(\d{6})\b/;
const LINK = /https?:\/\/\S+/;

const toMessage = (row: OutboxRow): OutboxMessage => {
  const link = LINK.exec(row.body)?.[0] ?? null;
  let path: string | null = null;
  if (link) {
    const url = new URL(link);
    path = `${url.pathname}${url.search}`;
  }
  return {
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    body: row.body,
    createdAt: row.created_at,
    code: CODE.exec(row.body.replace(LINK, ''))?.[1] ?? null,
    link,
    path,
  };
};

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

const linkify = (text: string): string => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const STYLESHEET = `body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fafafa}
main{max-width:60rem;margin:0 auto;padding:1rem}
.banner{background:#fff3cd;border:2px solid #8a6d00;color:#3d3000;padding:.75rem 1rem;border-radius:.5rem;font-weight:600}
form{margin:1rem 0;display:flex;gap:.5rem;flex-wrap:wrap;align-items:end}
label{display:flex;flex-direction:column;gap:.25rem}
input,button{font:inherit;padding:.4rem .6rem}
article{background:#fff;border:1px solid #ccc;border-radius:.5rem;padding:.75rem 1rem;margin:.75rem 0}
article h2{font-size:1rem;margin:0 0 .25rem}
.meta{color:#555;font-size:.875rem;margin:0 0 .5rem}
pre{white-space:pre-wrap;word-break:break-word;font-family:inherit;margin:0}
a{color:#0b57d0}`;

const notFoundBody: ErrorBody = { statusCode: 404, code: 'notFound', message: 'Not found' };

const listMessages = async (ctx: AppContext, to: string | undefined, limit: number): Promise<OutboxMessage[]> => {
  const rows = await ctx.db
    .selectFrom('outbox')
    .selectAll()
    .$if(to !== undefined, (query) => query.where('recipient', '=', (to ?? '').toLowerCase()))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toMessage);
};

const renderPage = (messages: OutboxMessage[], to: string | undefined): string => {
  const items = messages
    .map(
      (m) => `<article>
<h2>${escapeHtml(m.subject ?? (m.channel === 'SMS' ? 'SMS' : '(no subject)'))}</h2>
<p class="meta">${m.channel} → ${escapeHtml(m.to)} · <time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt)}</time></p>
<pre>${linkify(m.body)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development outbox</title>
<link rel="stylesheet" href="/dev/outbox.css">
<link rel="icon" href="data:,">
</head>
<body>
<main>
<h1>Development outbox</h1>
<p class="banner" role="note">Development outbox: messages are not really sent. No mail server is configured (SMTP_URL) and DEV_OUTBOX is on, so every e-mail and SMS the server would send is kept here instead. Only this machine can open this page.</p>
<form method="get" action="/dev/outbox">
<label>Recipient (e-mail or phone)<input name="to" type="search" value="${escapeHtml(to ?? '')}"></label>
<button type="submit">Filter</button>
</form>
${messages.length === 0 ? '<p>No messages yet.</p>' : items}
</main>
</body>
</html>`;
};

const noStore = (reply: FastifyReply): FastifyReply => reply.header('Cache-Control', 'no-store');

const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * A request from this machine: the socket's peer is a loopback address (never `request.ip`, which a trusted proxy
 * header sets) and no proxy relayed it (a reverse proxy on the same machine connects from loopback too).
 */
export const isLocalRequest = (request: FastifyRequest): boolean => {
  const peer = request.socket.remoteAddress ?? '';
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return LOOPBACK.test(peer) && !relayed;
};

export const registerDevOutbox = (app: FastifyInstance, ctx: AppContext): void => {
  const enabled = ctx.mailer.kind === 'outbox';
  const gate = (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (enabled && isLocalRequest(request)) return true;
    void reply.status(404).send(notFoundBody);
    return false;
  };

  app.get('/dev/outbox.css', (request, reply) => {
    if (!gate(request, reply)) return reply;
    return noStore(reply).type('text/css; charset=utf-8').send(STYLESHEET);
  });

  // Messages are sent after the answer (lib/mail-queue.ts): what a request just queued is delivered before reading.
  app.get('/dev/outbox.json', async (request, reply) => {
    if (!gate(request, reply)) return reply;
    await ctx.mailQueue.drain();
    const query = querySchema.safeParse(request.query);
    if (!query.success) {
      const body: ErrorBody = {
        statusCode: 400,
        code: 'invalidParameters',
        message: 'Invalid parameters',
        fields: [{ field: 'query', message: 'validation:invalid' }],
      };
      return reply.status(400).send(body);
    }
    return noStore(reply).send({ sender: 'outbox', messages: await listMessages(ctx, query.data.to || undefined, query.data.limit) });
  });

  app.get('/dev/outbox', async (request, reply) => {
    if (!gate(request, reply)) return reply;
    await ctx.mailQueue.drain();
    const query = querySchema.safeParse(request.query);
    const to = query.success ? query.data.to || undefined : undefined;
    const messages = await listMessages(ctx, to, query.success ? query.data.limit : 50);
    return noStore(reply).type('text/html; charset=utf-8').send(renderPage(messages, to));
  });
};
