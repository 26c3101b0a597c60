import { endpoints } from '#contract/endpoints';
import { ApiError } from '../lib/api-error.ts';
import { isPlainUser, requireCustomer, visibleContracts } from '../lib/access.ts';
import type { AppContext } from '../lib/app-context.ts';
import { findContact, findCustomer, findInvoicing, toContact, toContracts, toCustomerCore, toInvoicing } from '../lib/customer-data.ts';
import { createRouter, type Router } from '../lib/contract-route.ts';
import { routePlugin } from '../lib/route-plugin.ts';
import { plainUserView } from '../lib/plain-user-view.ts';
import { authOf } from '../plugins/auth.ts';

const registerCustomerRoutes = (router: Router, ctx: AppContext): void => {
  const { db } = ctx;

  router.route(endpoints.customerFull, async ({ params, query, request }) => {
    const auth = authOf(request);
    requireCustomer(auth, params.customerId);
    const customer = await findCustomer(db, params.customerId);
    if (!customer) throw new ApiError(404, 'customerNotFound', 'Customer not found');
    const contact = await findContact(db, customer.id);
    const invoicing = await findInvoicing(db, customer.id);
    // Every seeded and created customer has both rows; their absence is a data bug, hence a 500.
    if (!contact || !invoicing) throw new Error(`customer ${customer.id} has no contact or invoicing row`);

    const contracts =
      query.withContracts === '1'
        ? await toContracts(db, await visibleContracts(db, auth, customer.id), { withLinkedUser: query.withLinkedUser === '1' })
        : [];
    const full = { customer: toCustomerCore(customer), contracts, contact: toContact(contact), invoicing: toInvoicing(invoicing, contact) };
    // A plain user (an employee, a family member) is not the account holder (docs/product/roles.md "Plain user"): it
    // gets its own line and what its screens need, and none of the holder's private data.
    return isPlainUser(auth.user) ? plainUserView(full) : full;
  });
};

export default routePlugin((app, { ctx }) => {
  registerCustomerRoutes(createRouter(app, ctx), ctx);
});
