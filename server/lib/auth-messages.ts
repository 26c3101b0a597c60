import { sql } from 'kysely';
import type { Language } from '#contract/common';
import type { Db } from '../db/engine.ts';
import { ApiError } from './api-error.ts';
import type { AppContext } from './app-context.ts';
import { findContact } from './customer-data.ts';
import type { Channel } from './mailer.ts';
import { renderMessage, type MessageKind, type MessageVars } from './messages.ts';
import { CODE_TTL_MS, issueLink, LINK_TTL_MS } from './one-time-codes.ts';
import type { UserRow } from './users.ts';

/*
 * Sending the account messages (issue 4): one place renders the text in the right language, fills in the
 * lifetimes, and turns a delivery failure into the contract's 502 `serverError` (docs/product/auth.md
 * "Account creation", "Password recovery": a server error) instead of a 500.
 */

export const linkHours = LINK_TTL_MS / 3_600_000;
export const codeMinutes = CODE_TTL_MS / 60_000;

export const sendAccountMessage = async (
  ctx: AppContext,
  message: { channel: Channel; to: string; lang: Language; kind: MessageKind; vars: MessageVars },
): Promise<void> => {
  const { subject, text } = renderMessage(message.lang, message.kind, { hours: linkHours, minutes: codeMinutes, ...message.vars });
  try {
    await ctx.mailer.send({ channel: message.channel, to: message.to, subject: message.channel === 'EMAIL' ? subject : null, text });
  } catch {
    throw new ApiError(502, 'serverError', 'The message could not be sent');
  }
};

/**
 * How long a queued message is worth sending (lib/mail-queue.ts): as long as what it carries works. A code dies after
 * its 10 minutes, a link after its 24 hours; a notice (the password-change confirmation) is worth a day of retries.
 */
const worthSendingMs: Record<MessageKind, number> = {
  createAccountLink: LINK_TTL_MS,
  createAccountCode: CODE_TTL_MS,
  accountExists: LINK_TTL_MS,
  accountExistsSms: LINK_TTL_MS,
  recoverLink: LINK_TTL_MS,
  recoverCode: CODE_TTL_MS,
  confirmEmail: LINK_TTL_MS,
  loginLink: LINK_TTL_MS,
  activationCode: LINK_TTL_MS,
  lineActive: LINK_TTL_MS,
  portInFailed: LINK_TTL_MS,
  ticketReceived: LINK_TTL_MS,
  paymentReceipt: LINK_TTL_MS,
  passwordChanged: LINK_TTL_MS,
  passwordChangedSms: LINK_TTL_MS,
};

/**
 * Queues an account message, sent once the answer is out (docs/product/security.md "Nothing tells which accounts
 * exist"): the answer neither waits for the sender nor shows its failure; the queue logs and retries.
 */
export const queueAccountMessage = async (
  ctx: Pick<AppContext, 'mailQueue' | 'clock'>,
  message: { channel: Channel; to: string; lang: Language; kind: MessageKind; vars: MessageVars },
  executor?: Db,
): Promise<void> => {
  const { subject, text } = renderMessage(message.lang, message.kind, { hours: linkHours, minutes: codeMinutes, ...message.vars });
  await ctx.mailQueue.enqueue(
    { channel: message.channel, to: message.to, subject: message.channel === 'EMAIL' ? subject : null, text },
    new Date(ctx.clock.now().getTime() + worthSendingMs[message.kind]),
    executor,
  );
};

/**
 * The confirmation of a password change or reset (docs/product/security.md "Password change ends every foothold"), in
 * the user's language: it says what ended (the other sessions, PINs, trusted browsers and push subscriptions) and how
 * to take the account back. By e-mail (the account's address, or the holder's contact address for an owner who logs in
 * by customer number), else by SMS to a plain user's number.
 */
export const queuePasswordChangedNotice = async (
  ctx: Pick<AppContext, 'mailQueue' | 'clock' | 'db' | 'mail'>,
  user: UserRow,
): Promise<void> => {
  const contactEmail =
    user.customer_id !== null && user.role !== 'user' ? ((await findContact(ctx.db, user.customer_id))?.email ?? null) : null;
  const email = user.email ?? contactEmail;
  const link = appUrl(ctx, '/login/recover-password');
  if (email) {
    await queueAccountMessage(ctx, {
      channel: 'EMAIL',
      to: email,
      lang: user.language,
      kind: 'passwordChanged',
      vars: { name: displayName(user), link },
    });
  } else if (user.msisdn) {
    await queueAccountMessage(ctx, { channel: 'SMS', to: user.msisdn, lang: user.language, kind: 'passwordChangedSms', vars: { link } });
  }
};

/** Full URL of an app path, on the configured origin (never the request's Host header). */
export const appUrl = (ctx: Pick<AppContext, 'mail'>, path: string): string => `${ctx.mail.publicUrl}${path}`;

export const displayName = (user: Pick<UserRow, 'first_name' | 'last_name'>): string =>
  [user.first_name, user.last_name].filter((part) => part && part.length > 0).join(' ');

/**
 * Sends the e-mail confirmation link /account/confirm-email/{customer guid}/{token} to the customer's contact
 * address (for the contact route after an e-mail change, and the test-mode switch). The link is tied to that
 * address: if the address changes again, the old link stops working. Returns the link parts.
 */
export const sendEmailConfirmation = async (
  ctx: AppContext,
  customerId: number,
  lang?: Language,
): Promise<{ uuid: string; token: string; path: string }> => {
  const contact = await findContact(ctx.db, customerId);
  const customer = await ctx.db.selectFrom('customers').select('guid').where('id', '=', customerId).executeTakeFirst();
  // The link is stored against an account of the customer (link_tokens.user_id): owner first.
  const user = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('customer_id', '=', customerId)
    .orderBy(sql`CASE role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END`)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!contact || !customer || !user) throw new ApiError(404, 'customerNotFound', 'Customer not found');
  const token = await issueLink(ctx.db, user.id, 'confirmEmail', ctx.clock.now(), contact.email.toLowerCase());
  const path = `/account/confirm-email/${customer.guid}/${token}`;
  await sendAccountMessage(ctx, {
    channel: 'EMAIL',
    to: contact.email,
    lang: lang ?? contact.language,
    kind: 'confirmEmail',
    vars: { name: `${contact.first_name} ${contact.last_name}`, link: appUrl(ctx, path) },
  });
  return { uuid: customer.guid, token, path };
};
