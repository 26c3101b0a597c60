import { ApiError, call, saveStatus } from '#api/client';
import { recoveryStateSchema, type RecoveryState } from '#contract/auth';
import type { Language } from '#contract/common';
import { endpoints } from '#contract/endpoints';

/*
 * Password recovery, account creation and password changes (docs/product/auth.md "Password recovery",
 * "Account creation", "Changing the password"). The recovery state lives in session storage
 * (docs/product/security.md "What the device keeps"), so it survives a reload of the tab but not the tab. Save calls
 * answer with the codes of docs/product/api.md "Save-call results": 200, the HTTP status, -1 without an answer or a
 * missing precondition, 500 otherwise. Offline: every save answers -1 and nothing is lost from the form.
 */

const storageKey = 'auth.recovery';

export const emptyRecoveryState: RecoveryState = {
  guid: null,
  token: null,
  customer: null,
  invalid: false,
  enableSms: false,
  createAccount: false,
};

const storage = (): Storage | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};

export const readRecoveryState = (): RecoveryState => {
  const raw = storage()?.getItem(storageKey);
  if (!raw) return emptyRecoveryState;
  try {
    const parsed = recoveryStateSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : emptyRecoveryState;
  } catch {
    return emptyRecoveryState;
  }
};

export const writeRecoveryState = (changes: Partial<RecoveryState>): RecoveryState => {
  const next = { ...readRecoveryState(), ...changes };
  storage()?.setItem(storageKey, JSON.stringify(next));
  return next;
};

export const clearRecoveryState = (): void => {
  storage()?.removeItem(storageKey);
};

/**
 * docs/product/validation.md "Recovery saves": a save by SMS needs SMS mode; a save by link needs its guid and token.
 * Otherwise the result is -1.
 */
export const canSaveBySms = (state: RecoveryState): boolean => state.enableSms;
export const canSaveByToken = (state: RecoveryState): boolean => !!state.guid && !!state.token;

export type SaveResult = { status: number; code?: string };

/**
 * saveStatus (docs/product/api.md "Save-call results") plus the catalogue code of the failure, so that the screen can
 * name it.
 */
export const saveWithCode = async (save: () => Promise<unknown>): Promise<SaveResult> => {
  let code: string | undefined;
  const status = await saveStatus(async () => {
    try {
      await save();
    } catch (error) {
      if (error instanceof ApiError) code = error.code;
      throw error;
    }
  });
  return code === undefined ? { status } : { status, code };
};

/**
 * Open a recovery or create-password link: the server checks guid and token and names the account. 404 (unknown) and
 * 419 (expired or used) mark the link invalid (docs/product/errors.md "Recovery link errors"); other failures are
 * thrown to the caller.
 */
export const initRecovery = async (guid: string, token: string, createAccount: boolean): Promise<RecoveryState> => {
  try {
    const endpoint = createAccount ? endpoints.createPasswordInit : endpoints.recoverPasswordInit;
    const answer = await call(endpoint, { params: { uuid: guid, token }, silent: true });
    return writeRecoveryState({
      guid,
      token,
      customer: answer.user.customer_ref ?? answer.user.email,
      invalid: false,
      createAccount,
      enableSms: false,
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 419)) {
      return writeRecoveryState({ guid, token, customer: null, invalid: true, createAccount, enableSms: false });
    }
    throw error;
  }
};

/** Save the new password of a recovery or create-password link. */
export const saveByToken = async (pwd: string): Promise<SaveResult> => {
  const state = readRecoveryState();
  if (!canSaveByToken(state) || !state.guid || !state.token) return { status: -1 };
  const params = { uuid: state.guid, token: state.token };
  const result = await saveWithCode(() =>
    call(state.createAccount ? endpoints.createPassword : endpoints.recoverPassword, { params, body: { pwd }, silent: true }),
  );
  if (result.status === 404 || result.status === 419) writeRecoveryState({ invalid: true });
  return result;
};

/** Ask for a recovery e-mail (link) or SMS (code). The answer never says whether the account exists. */
export const requestReset = async (target: { email: string } | { msisdn: string }, lang: Language): Promise<SaveResult> => {
  const result = await saveWithCode(() => call(endpoints.resetPassword, { body: { ...target, lang }, silent: true }));
  if (result.status === 200 && 'msisdn' in target) writeRecoveryState({ enableSms: true, customer: target.msisdn, invalid: false });
  return result;
};

/** Save a new password with the SMS code; needs SMS mode (docs/product/validation.md "Recovery saves"). */
export const saveBySms = async (values: { msisdn: string; code: string; pwd: string }): Promise<SaveResult> => {
  if (!canSaveBySms(readRecoveryState())) return { status: -1 };
  const result = await saveWithCode(() => call(endpoints.recoverBySms, { body: values, silent: true }));
  if (result.status === 200) clearRecoveryState();
  return result;
};

/** Create an account: customer number and e-mail (an e-mail link follows), or a phone number (an SMS code follows). */
export const createAccount = async (values: { customer: string; email: string } | { msisdn: string }, lang: Language): Promise<SaveResult> => {
  const result = await saveWithCode(() => call(endpoints.createAccount, { body: { ...values, lang }, silent: true }));
  if (result.status === 200) writeRecoveryState({ createAccount: true, enableSms: 'msisdn' in values, customer: 'msisdn' in values ? values.msisdn : values.customer });
  return result;
};

/**
 * End an account creation by phone: the SMS code and the first password; needs SMS mode (docs/product/validation.md
 * "Recovery saves").
 */
export const createAccountBySms = async (values: { msisdn: string; code: string; pwd: string }): Promise<SaveResult> => {
  if (!canSaveBySms(readRecoveryState())) return { status: -1 };
  const result = await saveWithCode(() => call(endpoints.createAccountBySms, { body: values, silent: true }));
  if (result.status === 200) clearRecoveryState();
  return result;
};

/** Logged in: change the password (old, new; the new one differs). */
export const changePassword = (values: { old_pwd: string; pwd: string }): Promise<SaveResult> =>
  saveWithCode(() => call(endpoints.changePassword, { body: values, silent: true }));

/**
 * Confirm an e-mail address from its link; the answer's success is false on any failure (docs/product/auth.md
 * "E-mail confirmation").
 */
export const confirmEmail = async (uuid: string, token: string): Promise<boolean> => {
  try {
    const answer = await call(endpoints.confirmEmail, { params: { uuid }, body: { token }, silent: true });
    return answer.success;
  } catch {
    return false;
  }
};
