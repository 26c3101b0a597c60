/*
 * The account screens of SPEC §1–§2, one lazy chunk for the router (the login page has its own, smaller one).
 */
export { ChangePasswordSection, ConfirmEmailPage, CreateAccountPage, LoginLinkPage, WelcomePage } from './account-screens.tsx';
export { PinLoginPage, PinLostPage, PinSetupPage, RenewAccessPage } from './pin-screens.tsx';
export { CreatePasswordPage, RecoverPasswordPage, RecoverSmsPage, RecoverTokenPage } from './recovery-screens.tsx';
