import type { Language } from '#contract/common';
import { formatBelgianPhone } from '#contract/phone';

/*
 * The texts of the e-mails and SMS the server sends, in the user's language (fr, nl, en). They live on the
 * server, in one small table, because the server never imports the app's locales (docs/architecture.md import
 * rules) and a message must be readable by someone who is not in the app.
 */

export type MessageKind =
  | 'createAccountLink'
  | 'createAccountCode'
  | 'accountExists'
  | 'accountExistsSms'
  | 'recoverLink'
  | 'recoverCode'
  | 'confirmEmail'
  | 'loginLink'
  | 'activationCode'
  | 'lineActive'
  | 'portInFailed'
  | 'ticketReceived'
  | 'paymentReceipt'
  | 'passwordChanged'
  | 'passwordChangedSms';

export type MessageVars = {
  name?: string;
  link?: string;
  code?: string;
  minutes?: number;
  hours?: number;
  /** An order number (O-…) or a phone number, as the message names it. */
  order?: string;
  number?: string;
  /** A support ticket's reference, or a payment's at the payment provider. */
  reference?: string;
  /** A payment receipt: the amount as written for the reader, the day, and the invoices it paid. */
  amount?: string;
  date?: string;
  invoices?: string;
};

type Template = { subject: string; body: (v: Required<MessageVars>) => string };

const templates: Record<Language, Record<MessageKind, Template>> = {
  fr: {
    createAccountLink: {
      subject: 'Créez votre mot de passe',
      body: (v) =>
        `Bonjour ${v.name},\n\nPour terminer la création de votre compte, choisissez votre mot de passe :\n${v.link}\n\nCe lien est valable ${v.hours} heures et ne fonctionne qu'une fois. Si vous n'avez rien demandé, ignorez ce message.`,
    },
    createAccountCode: {
      subject: 'Code de création de compte',
      body: (v) => `Votre code pour créer votre compte : ${v.code}. Valable ${v.minutes} minutes. Ne le communiquez à personne.`,
    },
    accountExists: {
      subject: 'Vous avez déjà un compte',
      body: (v) =>
        `Bonjour ${v.name},\n\nUn compte existe déjà pour ce numéro client. Si vous avez oublié votre mot de passe, choisissez-en un nouveau ici :\n${v.link}\n\nCe lien est valable ${v.hours} heures et ne fonctionne qu'une fois.`,
    },
    accountExistsSms: {
      subject: 'Vous avez déjà un compte',
      body: (v) => `Un compte existe déjà pour le ${v.number}. Mot de passe oublié ? Choisissez-en un nouveau sur ${v.link}`,
    },
    recoverLink: {
      subject: 'Réinitialisez votre mot de passe',
      body: (v) =>
        `Bonjour ${v.name},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien :\n${v.link}\n\nCe lien est valable ${v.hours} heures et ne fonctionne qu'une fois. Si vous n'avez rien demandé, ignorez ce message : votre mot de passe actuel reste valable.`,
    },
    recoverCode: {
      subject: 'Code de réinitialisation',
      body: (v) =>
        `Votre code pour réinitialiser votre mot de passe : ${v.code}. Valable ${v.minutes} minutes. Ne le communiquez à personne.`,
    },
    confirmEmail: {
      subject: 'Confirmez votre adresse e-mail',
      body: (v) =>
        `Bonjour ${v.name},\n\nConfirmez votre adresse e-mail en ouvrant ce lien :\n${v.link}\n\nCe lien est valable ${v.hours} heures.`,
    },
    loginLink: {
      subject: 'Votre lien de connexion',
      body: (v) =>
        `Bonjour ${v.name},\n\nConnectez-vous directement avec ce lien :\n${v.link}\n\nCe lien est valable ${v.hours} heures et ne fonctionne qu'une fois.`,
    },
    activationCode: {
      subject: 'Votre code d’activation de carte SIM',
      body: (v) =>
        `Bonjour ${v.name},\n\nVotre code pour activer la carte SIM de la commande ${v.order} : ${v.code}.\nSaisissez-le avec le numéro de commande sur ${v.link}\n\nNe le communiquez à personne.`,
    },
    lineActive: {
      subject: 'Votre ligne est active',
      body: (v) =>
        `Bonjour ${v.name},\n\nBonne nouvelle : votre ligne ${v.number} fonctionne (commande ${v.order}). Vous pouvez téléphoner, envoyer des SMS et surfer.\n\nSuivez votre commande ici :\n${v.link}`,
    },
    portInFailed: {
      subject: 'Le transfert de votre numéro n’a pas abouti',
      body: (v) =>
        `Bonjour ${v.name},\n\nVotre opérateur actuel a refusé le transfert du numéro ${v.number} (commande ${v.order}) : il ne connaît pas ce numéro avec les données fournies.\nVérifiez votre numéro de client ou de carte SIM chez lui et recommencez, ou choisissez un nouveau numéro :\n${v.link}`,
    },
    ticketReceived: {
      subject: 'Nous avons bien reçu votre message',
      body: (v) =>
        `Bonjour ${v.name},\n\nNous avons bien reçu votre message. Sa référence est ${v.reference} : rappelez-la si vous nous recontactez à ce sujet. Nous vous répondrons par e-mail.`,
    },
    paymentReceipt: {
      subject: 'Votre paiement est bien reçu',
      body: (v) =>
        `Bonjour ${v.name},\n\nNous avons bien reçu votre paiement de ${v.amount} le ${v.date}. Il règle : ${v.invoices}.\nRéférence du paiement : ${v.reference}.\n\nMerci !`,
    },
    passwordChanged: {
      subject: 'Votre mot de passe a été modifié',
      body: (v) =>
        `Bonjour ${v.name},\n\nLe mot de passe de votre compte vient d’être modifié. Par sécurité, nous avons fermé toutes les autres connexions à votre compte : les sessions ouvertes sur vos autres appareils, leurs codes PIN, les navigateurs reconnus et les notifications push. Reconnectez-vous sur ces appareils avec votre nouveau mot de passe.\n\nSi vous n’êtes pas à l’origine de ce changement, choisissez tout de suite un nouveau mot de passe :\n${v.link}`,
    },
    passwordChangedSms: {
      subject: 'Votre mot de passe a été modifié',
      body: (v) =>
        `Votre mot de passe a été modifié et vos autres appareils déconnectés (sessions, codes PIN, notifications). Pas vous ? ${v.link}`,
    },
  },
  nl: {
    createAccountLink: {
      subject: 'Kies uw wachtwoord',
      body: (v) =>
        `Beste ${v.name},\n\nKies uw wachtwoord om uw account af te werken:\n${v.link}\n\nDeze link is ${v.hours} uur geldig en werkt maar één keer. Hebt u niets aangevraagd? Negeer dan dit bericht.`,
    },
    createAccountCode: {
      subject: 'Code om uw account aan te maken',
      body: (v) => `Uw code om uw account aan te maken: ${v.code}. ${v.minutes} minuten geldig. Geef hem aan niemand door.`,
    },
    accountExists: {
      subject: 'U hebt al een account',
      body: (v) =>
        `Beste ${v.name},\n\nEr bestaat al een account voor dit klantnummer. Bent u uw wachtwoord vergeten? Kies hier een nieuw:\n${v.link}\n\nDeze link is ${v.hours} uur geldig en werkt maar één keer.`,
    },
    accountExistsSms: {
      subject: 'U hebt al een account',
      body: (v) => `Er bestaat al een account voor ${v.number}. Wachtwoord vergeten? Kies een nieuw op ${v.link}`,
    },
    recoverLink: {
      subject: 'Stel uw wachtwoord opnieuw in',
      body: (v) =>
        `Beste ${v.name},\n\nOpen deze link om een nieuw wachtwoord te kiezen:\n${v.link}\n\nDeze link is ${v.hours} uur geldig en werkt maar één keer. Hebt u niets aangevraagd? Negeer dan dit bericht: uw huidige wachtwoord blijft geldig.`,
    },
    recoverCode: {
      subject: 'Code om uw wachtwoord opnieuw in te stellen',
      body: (v) => `Uw code om uw wachtwoord opnieuw in te stellen: ${v.code}. ${v.minutes} minuten geldig. Geef hem aan niemand door.`,
    },
    confirmEmail: {
      subject: 'Bevestig uw e-mailadres',
      body: (v) => `Beste ${v.name},\n\nBevestig uw e-mailadres met deze link:\n${v.link}\n\nDeze link is ${v.hours} uur geldig.`,
    },
    loginLink: {
      subject: 'Uw aanmeldlink',
      body: (v) =>
        `Beste ${v.name},\n\nMeld u rechtstreeks aan met deze link:\n${v.link}\n\nDeze link is ${v.hours} uur geldig en werkt maar één keer.`,
    },
    activationCode: {
      subject: 'Uw activeringscode voor uw simkaart',
      body: (v) =>
        `Beste ${v.name},\n\nUw code om de simkaart van bestelling ${v.order} te activeren: ${v.code}.\nVul hem samen met het bestelnummer in op ${v.link}\n\nGeef hem aan niemand door.`,
    },
    lineActive: {
      subject: 'Uw lijn is actief',
      body: (v) =>
        `Beste ${v.name},\n\nGoed nieuws: uw lijn ${v.number} werkt (bestelling ${v.order}). U kunt bellen, sms'en en surfen.\n\nVolg uw bestelling hier:\n${v.link}`,
    },
    portInFailed: {
      subject: 'De overdracht van uw nummer is niet gelukt',
      body: (v) =>
        `Beste ${v.name},\n\nUw huidige operator heeft de overdracht van nummer ${v.number} (bestelling ${v.order}) geweigerd: hij kent dit nummer niet met de opgegeven gegevens.\nControleer uw klantnummer of simkaartnummer bij hem en probeer opnieuw, of kies een nieuw nummer:\n${v.link}`,
    },
    ticketReceived: {
      subject: 'We hebben uw bericht ontvangen',
      body: (v) =>
        `Beste ${v.name},\n\nWe hebben uw bericht goed ontvangen. De referentie is ${v.reference}: vermeld ze als u ons hierover opnieuw contacteert. We antwoorden u per e-mail.`,
    },
    paymentReceipt: {
      subject: 'Uw betaling is ontvangen',
      body: (v) =>
        `Beste ${v.name},\n\nWe hebben uw betaling van ${v.amount} op ${v.date} goed ontvangen. Ze betaalt: ${v.invoices}.\nReferentie van de betaling: ${v.reference}.\n\nBedankt!`,
    },
    passwordChanged: {
      subject: 'Uw wachtwoord is gewijzigd',
      body: (v) =>
        `Beste ${v.name},\n\nHet wachtwoord van uw account is zonet gewijzigd. Voor uw veiligheid hebben we alle andere verbindingen met uw account gesloten: de sessies op uw andere toestellen, hun pincodes, de herkende browsers en de pushmeldingen. Meld u op die toestellen opnieuw aan met uw nieuwe wachtwoord.\n\nHebt u dit niet zelf gedaan? Kies dan meteen een nieuw wachtwoord:\n${v.link}`,
    },
    passwordChangedSms: {
      subject: 'Uw wachtwoord is gewijzigd',
      body: (v) => `Uw wachtwoord is gewijzigd en uw andere toestellen zijn afgemeld (sessies, pincodes, meldingen). Niet u? ${v.link}`,
    },
  },
  en: {
    createAccountLink: {
      subject: 'Choose your password',
      body: (v) =>
        `Hello ${v.name},\n\nTo finish creating your account, choose your password:\n${v.link}\n\nThis link is valid for ${v.hours} hours and works once. If you did not ask for it, ignore this message.`,
    },
    createAccountCode: {
      subject: 'Account creation code',
      body: (v) => `Your code to create your account: ${v.code}. Valid for ${v.minutes} minutes. Do not share it with anyone.`,
    },
    accountExists: {
      subject: 'You already have an account',
      body: (v) =>
        `Hello ${v.name},\n\nAn account already exists for this customer number. If you forgot your password, choose a new one here:\n${v.link}\n\nThis link is valid for ${v.hours} hours and works once.`,
    },
    accountExistsSms: {
      subject: 'You already have an account',
      body: (v) => `An account already exists for ${v.number}. Forgot your password? Choose a new one at ${v.link}`,
    },
    recoverLink: {
      subject: 'Reset your password',
      body: (v) =>
        `Hello ${v.name},\n\nTo choose a new password, open this link:\n${v.link}\n\nThis link is valid for ${v.hours} hours and works once. If you did not ask for it, ignore this message: your current password still works.`,
    },
    recoverCode: {
      subject: 'Password reset code',
      body: (v) => `Your code to reset your password: ${v.code}. Valid for ${v.minutes} minutes. Do not share it with anyone.`,
    },
    confirmEmail: {
      subject: 'Confirm your e-mail address',
      body: (v) =>
        `Hello ${v.name},\n\nConfirm your e-mail address by opening this link:\n${v.link}\n\nThis link is valid for ${v.hours} hours.`,
    },
    loginLink: {
      subject: 'Your login link',
      body: (v) =>
        `Hello ${v.name},\n\nLog in directly with this link:\n${v.link}\n\nThis link is valid for ${v.hours} hours and works once.`,
    },
    activationCode: {
      subject: 'Your SIM card activation code',
      body: (v) =>
        `Hello ${v.name},\n\nYour code to activate the SIM card of order ${v.order}: ${v.code}.\nEnter it with the order number at ${v.link}\n\nDo not share it with anyone.`,
    },
    lineActive: {
      subject: 'Your line is active',
      body: (v) =>
        `Hello ${v.name},\n\nGood news: your line ${v.number} works (order ${v.order}). You can call, text and browse.\n\nFollow your order here:\n${v.link}`,
    },
    portInFailed: {
      subject: 'The transfer of your number did not go through',
      body: (v) =>
        `Hello ${v.name},\n\nYour current operator refused to transfer number ${v.number} (order ${v.order}): they do not know this number with the data given.\nCheck your customer number or SIM card number with them and try again, or choose a new number:\n${v.link}`,
    },
    ticketReceived: {
      subject: 'We have received your message',
      body: (v) =>
        `Hello ${v.name},\n\nWe have received your message. Its reference is ${v.reference}: quote it if you contact us about it again. We will reply by e-mail.`,
    },
    paymentReceipt: {
      subject: 'Your payment has been received',
      body: (v) =>
        `Hello ${v.name},\n\nWe have received your payment of ${v.amount} on ${v.date}. It pays: ${v.invoices}.\nPayment reference: ${v.reference}.\n\nThank you!`,
    },
    passwordChanged: {
      subject: 'Your password has been changed',
      body: (v) =>
        `Hello ${v.name},\n\nThe password of your account has just been changed. For your safety, we ended every other connection to your account: the sessions open on your other devices, their PINs, the browsers we recognised and the push notifications. Log in again on those devices with your new password.\n\nIf you did not make this change, choose a new password right away:\n${v.link}`,
    },
    passwordChangedSms: {
      subject: 'Your password has been changed',
      body: (v) => `Your password was changed and your other devices logged out (sessions, PINs, notifications). Not you? ${v.link}`,
    },
  },
};

const fallbackName = { fr: 'Madame, Monsieur', nl: 'klant', en: 'customer' } as const;

/** Subject and text of one message; the mailer signs e-mails (lib/mailer.ts), SMS carry no signature. */
export const renderMessage = (lang: Language, kind: MessageKind, vars: MessageVars): { subject: string; text: string } => {
  const template = templates[lang][kind];
  const full: Required<MessageVars> = {
    name: vars.name && vars.name.trim().length > 0 ? vars.name : fallbackName[lang],
    link: vars.link ?? '',
    code: vars.code ?? '',
    minutes: vars.minutes ?? 0,
    hours: vars.hours ?? 0,
    order: vars.order ?? '',
    // A phone number reads as the app shows it ("0470 12 34 56").
    number: vars.number ? formatBelgianPhone(vars.number) : '',
    reference: vars.reference ?? '',
    amount: vars.amount ?? '',
    date: vars.date ?? '',
    invoices: vars.invoices ?? '',
  };
  const body = template.body(full);
  return { subject: template.subject, text: body };
};
