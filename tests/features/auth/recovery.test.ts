import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#api/api-error';

/*
 * Recovery state in session storage and the save codes of docs/product/validation.md "Recovery saves" and
 * docs/product/api.md "Save-call results", with the API mocked.
 */

/** A failed call as the API client reports it (status 0 with code `network`: no answer). */
const apiError = (status: number, code: string) => new ApiError({ status, code, message: code, endpoint: 'test' });

const callMock = vi.hoisted(() => vi.fn());
vi.mock('#api/client', async (importOriginal) => ({ ...(await importOriginal<Record<string, unknown>>()), call: callMock }));

const store = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
});

const recovery = await import('#features/auth/data/recovery.ts');
const { endpoints } = await import('#contract/endpoints');

beforeEach(() => {
  store.clear();
  callMock.mockReset();
});

describe('recovery link initialisation (docs/product/errors.md "Recovery link errors")', () => {
  it('keeps guid, token and the account in session storage', async () => {
    callMock.mockResolvedValue({ user: { customer_ref: 'MT00000001', email: null } });
    const state = await recovery.initRecovery('g', 't', false);
    expect(state).toEqual({ guid: 'g', token: 't', customer: 'MT00000001', invalid: false, enableSms: false, createAccount: false });
    expect(recovery.readRecoveryState()).toEqual(state);
    expect(callMock.mock.calls[0]?.[0]).toBe(endpoints.recoverPasswordInit);
  });

  it('the create flag uses the create-password link', async () => {
    callMock.mockResolvedValue({ user: { customer_ref: null, email: 'a@b.be' } });
    const state = await recovery.initRecovery('g', 't', true);
    expect(state).toMatchObject({ customer: 'a@b.be', createAccount: true });
    expect(callMock.mock.calls[0]?.[0]).toBe(endpoints.createPasswordInit);
  });

  it.each([404, 419])('%s marks the link invalid', async (status) => {
    callMock.mockRejectedValue(apiError(status, 'linkExpired'));
    expect((await recovery.initRecovery('g', 't', false)).invalid).toBe(true);
  });

  it.each([500, 0])('%s is re-thrown', async (status) => {
    callMock.mockRejectedValue(apiError(status, 'serverError'));
    await expect(recovery.initRecovery('g', 't', false)).rejects.toBeInstanceOf(ApiError);
  });
});

describe('save preconditions answer -1 (docs/product/validation.md "Recovery saves")', () => {
  it.each([
    ['by token without guid/token', () => recovery.saveByToken('Demo!2027')],
    ['by SMS without SMS mode', () => recovery.saveBySms({ msisdn: '0470000003', code: '123456', pwd: 'Demo!2027' })],
    ['create by SMS without SMS mode', () => recovery.createAccountBySms({ msisdn: '0470000003', code: '123456', pwd: 'Demo!2027' })],
  ])('%s', async (_name, save) => {
    expect(await save()).toEqual({ status: -1 });
    expect(callMock).not.toHaveBeenCalled();
  });
});

describe('save codes (docs/product/api.md "Save-call results")', () => {
  it.each([
    [undefined, { status: 200 }],
    [apiError(419, 'linkExpired'), { status: 419, code: 'linkExpired' }],
    [apiError(429, 'tooManyCodeRequests'), { status: 429, code: 'tooManyCodeRequests' }],
    [apiError(0, 'network'), { status: -1, code: 'network' }],
    [new Error('boom'), { status: 500 }],
  ])('%s → %j', async (failure, expected) => {
    if (failure) callMock.mockRejectedValue(failure);
    else callMock.mockResolvedValue({ success: true });
    expect(await recovery.requestReset({ email: 'a@b.be' }, 'nl')).toEqual(expected);
    expect(callMock.mock.calls[0]?.[1]).toMatchObject({ body: { email: 'a@b.be', lang: 'nl' } });
  });

  it('an SMS request enables SMS mode, and the SMS save then goes out', async () => {
    callMock.mockResolvedValue({ success: true });
    await recovery.requestReset({ msisdn: '0470000003' }, 'fr');
    expect(recovery.readRecoveryState()).toMatchObject({ enableSms: true, customer: '0470000003' });
    expect(await recovery.saveBySms({ msisdn: '0470000003', code: '123456', pwd: 'Demo!2027' })).toEqual({ status: 200 });
    expect(recovery.readRecoveryState().enableSms).toBe(false);
  });

  it('a used link found at save time turns invalid', async () => {
    callMock.mockResolvedValueOnce({ user: { customer_ref: 'MT00000001', email: null } });
    await recovery.initRecovery('g', 't', false);
    callMock.mockRejectedValueOnce(apiError(419, 'linkExpired'));
    expect(await recovery.saveByToken('Demo!2027')).toEqual({ status: 419, code: 'linkExpired' });
    expect(recovery.readRecoveryState().invalid).toBe(true);
  });

  it('a broken stored state reads as empty', () => {
    store.set('auth.recovery', '{not json');
    expect(recovery.readRecoveryState()).toEqual(recovery.emptyRecoveryState);
  });
});
