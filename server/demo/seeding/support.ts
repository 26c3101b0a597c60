import { DEMO_IDS as IDS } from '../data/ids.ts';
import type { SeedContext } from './context.ts';

/**
 * Sophie's earlier message to customer service, answered: the contact page lists it on every device with its
 * status (docs/product/support.md "The customer's messages"). No random draw: the demo data of other areas stays as it
 * was.
 */
export const seedSupportTickets = async ({ db, daysAgo }: SeedContext): Promise<void> => {
  await db
    .insertInto('support_tickets')
    .values({
      customer_id: IDS.customers.sophie,
      user_id: IDS.users.sophie,
      subject: 'billing',
      sub_subject: 'billing_invoice',
      message: 'Bonjour, ma facture de septembre compte deux fois l’option International 60. Pouvez-vous vérifier ? Merci.',
      reference: 'SR-7K2PQ4MX',
      created_at: new Date(daysAgo(12)).toISOString(),
      status: 'answered',
      updated_at: new Date(daysAgo(10)).toISOString(),
    })
    .execute();
};
