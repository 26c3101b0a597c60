import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offersResponseSchema, type OffersResponse } from '#contract/offers';
import { bearer, createTestApp, login, type TestApp } from './test-app.ts';

/* GET /customer/{id}/offers: what applies to each demo customer, and who may see the referral code. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const offersOf = async (loginId: string, customerId: number): Promise<{ status: number; body: OffersResponse | null }> => {
  const { token } = await login(t.app, loginId);
  const response = await t.app.inject({ method: 'GET', url: `/api/customer/${customerId}/offers`, headers: bearer(token) });
  return { status: response.statusCode, body: response.statusCode === 200 ? offersResponseSchema.parse(response.json()) : null };
};

const summary = (body: OffersResponse) =>
  body.offers.map((offer) => `${offer.scope}:${offer.msisdn ?? offer.productName}:${offer.discount.type}:${offer.discount.amount}`);

describe('GET /customer/{id}/offers', () => {
  it('gives Sophie her current promotions line by line, the catalogue’s offers but her own plan’s, and her codes', async () => {
    const { status, body } = await offersOf('MT00000001', 1);
    expect(status).toBe(200);
    // Her line on Mega Mobile M gets M's −20 % and her referral; M is not offered to her, L is.
    expect(summary(body!)).toEqual(['line:0470000001:percentage:20', 'line:0470000001:amount:300', 'catalogue:Mega Mobile L:amount:500']);
    expect(body!.offers[0]?.productName).toBe('Mega Mobile M');
    expect(body!.offers[1]).toMatchObject({ productName: null, descriptions: { fr: 'Parrainage : 3 € par mois' } });
    expect(body!.promo).toBe('WELCOME2026');
    // Yasmine subscribed with Sophie's customer number (the older form of a referral).
    expect(body!.referral).toEqual({
      code: 'SOPHIE-7K2P',
      referrerReward: { type: 'amount', amount: 300 },
      friendReward: { type: 'percentage', amount: 10 },
      referredCount: 1,
      referredBy: null,
    });
  });

  it('tells Yasmine who referred her', async () => {
    const { body } = await offersOf('MT00000005', 5);
    expect(body!.referral).toMatchObject({ code: 'YASMINE-2R6T', referredCount: 0, referredBy: 'Sophie' });
    // Her plan's (Mega Mobile L: 5 € off) and her own welcome −10 %.
    expect(summary(body!).slice(0, 2)).toEqual(['line:0470000007:amount:500', 'line:0470000007:percentage:10']);
    expect(summary(body!)).not.toContain('catalogue:Mega Mobile L:amount:500');
  });

  // Issue 43 point 7: offers that fit. Yasmine uses about 90 GB a month: the 20 GB plan (Mega Mobile M) is not for her.
  it('never offers Yasmine a plan whose data her use outgrows', async () => {
    const { body } = await offersOf('MT00000005', 5);
    expect(summary(body!).filter((offer) => offer.startsWith('catalogue:Mega Mobile M:'))).toEqual([]);
  });

  it('gives a professional customer the professional catalogue, less the plans its lines have', async () => {
    const { body } = await offersOf('MT00000004', 4);
    // 0470000003 and 0470000006 are on Mega Pro 30: its −10 % is a current promotion there, not an offer.
    expect(summary(body!)).toEqual(['line:0470000003:percentage:10', 'line:0470000006:percentage:10']);
  });

  it('gives a plain user its line’s advantages and the catalogue, never the holder’s codes', async () => {
    const { status, body } = await offersOf('0470000003', 4);
    expect(status).toBe(200);
    expect(body!.promo).toBeNull();
    expect(body!.referral).toBeNull();
    expect(body!.offers.every((offer) => offer.scope === 'catalogue' || offer.msisdn === '0470000003')).toBe(true);
  });

  it('refuses another customer’s offers', async () => {
    expect((await offersOf('MT00000003', 1)).status).toBe(403);
  });
});
