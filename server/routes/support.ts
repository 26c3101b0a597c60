import { endpoints } from '#contract/endpoints';
import { fillOperatorDetails } from '#contract/operator';
import { attachmentTypes } from '#contract/validators';
import { writeTransaction } from '../db/engine.ts';
import { ApiError, forbidden } from '../lib/api-error.ts';
import type { AppContext } from '../lib/app-context.ts';
import { findContact } from '../lib/customer-data.ts';
import { renderMessage } from '../lib/messages.ts';
import { createRouter, type Router } from '../lib/contract-route.ts';
import { routePlugin } from '../lib/route-plugin.ts';
import { storeFile } from '../lib/file-store.ts';
import { contentTypeOf, normalizedFileName } from '../lib/uploads.ts';
import { faqOf, insertTicket, ticketsOf, ticketsSince } from '../lib/support-data.ts';
import { authOf } from '../plugins/auth.ts';
import { answered } from '../lib/idempotent-answer.ts';

/*
 * Help and the contact form (docs/product/support.md "The help page", "Contact form"): the FAQ per language, and
 * tickets with one optional attachment. A ticket may arrive long after it was written (the app queues it offline) and
 * more than once (background sync, the page's re-send): the Idempotency-Key plugin makes it apply once.
 */

/** More than this many messages a day from one user is not a conversation: refused, so the database cannot be filled. */
export const MAX_TICKETS_PER_DAY = 20;

// The bytes decide (docs/product/validation.md "Contact form", ARCHITECTURE "checked by content"): a file whose content
// is not a PDF, PNG or JPEG is refused whatever its name and declared type say (lib/uploads.ts `contentTypeOf`).
const accepted = new Set<string>(attachmentTypes);

const registerSupportRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;

  // Customer service's number as configured, wherever an answer names it.
  router.route(endpoints.faq, async ({ query }) => ({
    faq: (await faqOf(db, query.lang)).map((entry) => ({ ...entry, answer: fillOperatorDetails(entry.answer, ctx.operator) })),
  }));

  // The messages the user wrote, from whichever device: the contact page lists them with their status everywhere.
  router.route(endpoints.supportTickets, async ({ request }) => {
    const { user } = authOf(request);
    if (user.role === 'none' || user.customer_id === null) throw forbidden();
    return { tickets: await ticketsOf(db, user.id) };
  });

  router.route(endpoints.supportTicket, async ({ body, request }) => {
    const { user } = authOf(request);
    if (user.role === 'none' || user.customer_id === null) throw forbidden();
    const now = clock.now();
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
    if ((await ticketsSince(db, user.id, dayAgo)) >= MAX_TICKETS_PER_DAY) {
      throw new ApiError(422, 'ticketError', 'Too many messages today');
    }

    let attachment: { name: string; type: string; ext: string; data: Uint8Array } | null = null;
    if (body.attachment) {
      const { data, name } = body.attachment;
      // A file reaches here only as a multipart part (a Buffer): JSON cannot carry one.
      if (!(data instanceof Uint8Array))
        throw new ApiError(400, 'uploadError', 'Unreadable file', {
          fields: [{ field: 'attachment', message: 'validation:attachment.type' }],
        });
      const content = await contentTypeOf(data, accepted);
      if (!content) {
        throw new ApiError(400, 'uploadError', 'The file is not a PDF, PNG or JPEG', {
          fields: [{ field: 'attachment', message: 'validation:attachment.type' }],
        });
      }
      // The name is a label the customer chose: normalised (NFC, no control characters, 120 characters at most) and
      // given the extension of what the bytes are (docs/product/support.md "Contact form").
      attachment = { name: normalizedFileName(name, content.mime), type: content.mime, ext: content.ext, data };
    }

    const createdAt = now.toISOString();
    // The file is stored with the ticket, in one transaction, under a key of ours (never the client's name); never served.
    const reference = await writeTransaction(db, async (tx) => {
      const kept = attachment
        ? await storeFile(tx, { folder: 'attachments', extension: attachment.ext, mediaType: attachment.type, bytes: attachment.data }, now)
        : null;
      const inserted = await insertTicket(tx, {
        customerId: user.customer_id!,
        userId: user.id,
        subject: body.subject,
        subSubject: body.subSubject,
        message: body.message,
        attachment:
          attachment && kept
            ? { name: attachment.name, type: attachment.type, size: kept.size, file: kept.key, sha256: kept.sha256 }
            : null,
        createdAt,
      });
      await answered(tx, { reference: inserted, createdAt });
      return inserted;
    });

    // The acknowledgement is best effort: the ticket exists, and failing now would make the app send it again (a
    // 5xx is retried) and create it twice. The reference is in the answer either way.
    const to = user.email ?? (await findContact(db, user.customer_id))?.email ?? null;
    if (to) {
      const { subject, text } = renderMessage(user.language, 'ticketReceived', { name: user.first_name ?? '', reference });
      await ctx.mailer.send({ channel: 'EMAIL', to, subject, text }).catch((error: unknown) => {
        request.log.warn({ err: error, reference }, 'ticket acknowledgement not sent');
      });
    }
    return { reference, createdAt };
  });
};

export default routePlugin((app, { ctx }) => {
  registerSupportRoutes(createRouter(app, ctx), ctx);
});
