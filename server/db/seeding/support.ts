import { DEMO_IDS as IDS } from '../demo/ids.ts';
import type { SeedContext } from './context.ts';

/**
 * Sophie's earlier message to customer service, answered: the contact page lists it on every device with its
 * status (docs/product/support.md "My messages"). No random draw: the demo data of other areas stays as it was.
 */
export const seedSupportTickets = ({ db, daysAgo }: SeedContext): void => {
  const insert = db.prepare(
    `INSERT INTO support_tickets (customer_id, user_id, subject, sub_subject, message, reference, created_at, status, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  insert.run(
    IDS.customers.sophie,
    IDS.users.sophie,
    'billing',
    'billing_invoice',
    'Bonjour, ma facture de septembre compte deux fois l’option International 60. Pouvez-vous vérifier ? Merci.',
    'SR-7K2PQ4MX',
    new Date(daysAgo(12)).toISOString(),
    'answered',
    new Date(daysAgo(10)).toISOString(),
  );
};
