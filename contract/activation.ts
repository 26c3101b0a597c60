import { z } from 'zod';
import { activationModes, portInFailureReasons, portInTypes } from './activation-rules.ts';
import { contractStatusSchema, contractSubStatusSchema, identificationStatusSchema, identityDocumentTypes } from './contracts.ts';
import { isoDateTimeSchema } from './common.ts';
import {
  verificationCodeSchema,
  activationIdentifierSchema,
  iccidSchema,
  idCardNumberSchema,
  maxIdentityUploadBytes,
  nationalNumberValid,
  phoneSchema,
  residentCardNumberSchema,
} from './validators.ts';

/*
 * SIM activation (docs/product/activation.md "Finding the order", "New number", "Number transfer"): the order is
 * found with its order number, the customer number or the phone number plus the 6-digit code e-mailed to the
 * customer; identification when the order needs it; then a new number or the transfer of a number, with the SIM
 * card's number; and the order's follow-up.
 */

/** SIM activation without login: customer number, order number or phone number, and the 6-digit code. */
export const activateOrderRequestSchema = z.object({
  identifier: activationIdentifierSchema,
  code: verificationCodeSchema,
});

/** "Send me the code again": the same identifiers; the answer never says whether an order matched. */
export const resendActivationCodeRequestSchema = z.object({ identifier: activationIdentifierSchema });

/** The other operator's account (customer) number: 4 to 20 letters or digits, spaces and dashes ignored. */
export const otherAccountNumberSchema = z
  .string({ error: 'validation:required' })
  .transform((v) => v.replace(/[\s.-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { error: 'validation:required', abort: true })
      .regex(/^[A-Z0-9]{4,20}$/, 'validation:otherAccountNumber'),
  );

const simCardNumberSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, { error: 'validation:required', abort: true })
  .pipe(iccidSchema);

/** A new number: the SIM card's number (ICCID, Luhn) proves the customer holds the card that was sent. */
export const newNumberRequestSchema = z.object({ iccid: simCardNumberSchema });

/**
 * The transfer of a number from another operator: the number, and what proves it is the customer's there: the
 * account number of a subscription, or the SIM card number of a prepaid card.
 */
export const portInRequestSchema = z
  .object({
    iccid: simCardNumberSchema,
    msisdn: phoneSchema,
    type: z.enum(portInTypes, { error: 'validation:required' }),
    otherAccountNumber: z.string().optional(),
    otherIccid: z.string().optional(),
  })
  .transform((value, ctx) => {
    const proof =
      value.type === 'postpaid'
        ? otherAccountNumberSchema.safeParse(value.otherAccountNumber ?? '')
        : simCardNumberSchema.safeParse(value.otherIccid ?? '');
    const field = value.type === 'postpaid' ? 'otherAccountNumber' : 'otherIccid';
    if (!proof.success) {
      ctx.addIssue({ code: 'custom', path: [field], message: proof.error.issues[0]?.message ?? 'validation:invalid' });
      return z.NEVER;
    }
    if (value.type === 'prepaid' && proof.data === value.iccid) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'validation:otherIccidSame' });
      return z.NEVER;
    }
    return {
      iccid: value.iccid,
      msisdn: value.msisdn,
      type: value.type,
      otherAccountNumber: value.type === 'postpaid' ? proof.data : null,
      otherIccid: value.type === 'prepaid' ? proof.data : null,
    };
  });
export type PortInRequest = z.input<typeof portInRequestSchema>;

/** The activation without login: one call carries either choice. */
export const activationChoiceSchema = z.discriminatedUnion('mode', [
  newNumberRequestSchema.extend({ mode: z.literal('new_number') }),
  z.object({ mode: z.literal('port_in'), portIn: portInRequestSchema }),
]);
export type ActivationChoice = z.input<typeof activationChoiceSchema>;

/**
 * The port-in call (PATCH /customer/{id}/contract/, docs/product/api.md "Authenticated calls"): the contract, then
 * the transfer's data.
 */
export const portInPatchSchema = z.object({ contractId: z.number().int().positive(), portIn: portInRequestSchema });

/*
 * Identification (docs/product/activation.md "Identification"; docs/product/validation.md "Identity documents":
 * identity numbers and uploads, 5 MB): the document's type, its number checked per type, the national register number
 * (11 digits starting with the birth date, check digits for both centuries) and photos or scans of the document.
 */

export const identityDocumentTypeSchema = z.enum(identityDocumentTypes, { error: 'validation:required' });
export type IdentityDocumentType = z.infer<typeof identityDocumentTypeSchema>;

/** What the document's number must look like, per type. */
const cardNumberSchemas: Record<IdentityDocumentType, z.ZodType<string>> = {
  belgianIdCard: idCardNumberSchema,
  belgianResidentCard: residentCardNumberSchema,
  // A passport or a foreign identity card: its number as printed, 6 to 20 letters or digits.
  otherId: z
    .string()
    .transform((v) => v.replace(/[\s.-]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{6,20}$/, 'validation:otherIdNumber')),
};

/**
 * The identification form's fields (multipart text fields on the wire). The national register number is needed
 * with a Belgian card (every holder of one has a number); with another document it is optional (a visitor has
 * none), and checked when given.
 */
export const identificationFieldsSchema = z
  .object({
    documentType: identityDocumentTypeSchema,
    cardNumber: z.string({ error: 'validation:required' }).max(40, 'validation:invalid'),
    nationalNumber: z.string().max(40, 'validation:invalid').optional(),
  })
  .transform((value, ctx) => {
    let failed = false;
    const cardText = value.cardNumber.trim();
    const card = cardNumberSchemas[value.documentType].safeParse(cardText);
    if (cardText.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: 'validation:required' });
      failed = true;
    } else if (!card.success) {
      ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: card.error.issues[0]?.message ?? 'validation:invalid' });
      failed = true;
    }
    const national = (value.nationalNumber ?? '').replace(/[\s.-]/g, '');
    if (national.length === 0 && value.documentType !== 'otherId') {
      ctx.addIssue({ code: 'custom', path: ['nationalNumber'], message: 'validation:required' });
      failed = true;
    } else if (national.length > 0 && !nationalNumberValid(national)) {
      ctx.addIssue({ code: 'custom', path: ['nationalNumber'], message: 'validation:nationalNumber' });
      failed = true;
    }
    if (failed || !card.success) return z.NEVER;
    return { documentType: value.documentType, cardNumber: card.data, nationalNumber: national.length > 0 ? national : null };
  });
export type IdentificationFields = z.input<typeof identificationFieldsSchema>;

/**
 * Photos or scans of the document (docs/product/validation.md "Identity documents": images or PDF, 5 MB each), as
 * their content shows them.
 */
export const identityUploadTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'] as const;
/** One file may hold both sides (a PDF scan); photos of a card take two (front and back); at most four files. */
export const identityFileCount = { min: 1, max: 4, cardSidesWithoutPdf: 2 } as const;

export const identityUpload = {
  field: 'files',
  types: identityUploadTypes,
  maxBytes: maxIdentityUploadBytes,
  minCount: identityFileCount.min,
  maxCount: identityFileCount.max,
} as const;

const acceptedTypes: ReadonlySet<string> = new Set(identityUploadTypes);

/**
 * The first problem of a set of files for a document type, as a translation key, or null. The form asks it of the
 * files the customer chose (their declared types); the server of the files it received (their types as their
 * content shows).
 */
export const identityFilesIssue = (documentType: IdentityDocumentType, files: readonly { type: string; size: number }[]): string | null => {
  if (files.length < identityFileCount.min) return 'validation:identity.filesRequired';
  if (files.length > identityFileCount.max) return 'validation:identity.filesTooMany';
  if (files.some((file) => !acceptedTypes.has(file.type))) return 'validation:identity.fileType';
  if (files.some((file) => file.size > maxIdentityUploadBytes)) return 'validation:identity.fileSize';
  if (files.some((file) => file.size === 0)) return 'validation:identity.fileEmpty';
  const isCard = documentType === 'belgianIdCard' || documentType === 'belgianResidentCard';
  if (isCard && files.length < identityFileCount.cardSidesWithoutPdf && !files.some((file) => file.type === 'application/pdf')) {
    return 'validation:identity.bothSides';
  }
  return null;
};

/*
 * The follow-up of a SIM order (/orders/{uuid}): the contract's states with the time each was reached, the next
 * step with when it is expected, and what the customer chose.
 */

export const simOrderSteps = [
  'ORDER_VALIDATED',
  'IDENTIFICATION_NEEDED',
  'IDENTIFICATION_SENT',
  'IDENTIFICATION_OK',
  'SIM_SENT',
  'SIM_DELIVERY_FAILED',
  'ACTIVATION_REQUESTED',
  'ACTIVATION_EXECUTED',
  'ACTIVATION_FAILED',
  'PORT_IN_REQUESTED',
  'PORT_IN_ACCEPTED',
  'PORT_IN_EXECUTED',
  'PORT_IN_FAILED',
  'ACTIVATED',
] as const;
export type SimOrderStep = (typeof simOrderSteps)[number];
export const simOrderStepSchema = z.enum(simOrderSteps);

export const simOrderSchema = z.object({
  uuid: z.uuid(),
  orderRef: z.string(),
  customerId: z.number().int(),
  contractId: z.number().int(),
  /** The line's number: the new number reserved for it, or the transferred one once the transfer is executed. */
  msisdn: z.string().nullable(),
  productName: z.string(),
  status: contractStatusSchema,
  subStatus: contractSubStatusSchema.nullable(),
  identificationStatus: identificationStatusSchema.nullable(),
  fraudStatus: z.string().nullable(),
  mode: z.enum(activationModes).nullable(),
  portIn: z.object({ msisdn: z.string(), type: z.enum(portInTypes) }).nullable(),
  failure: z
    .object({
      step: z.enum(['ACTIVATION_FAILED', 'PORT_IN_FAILED']),
      reason: z.enum(portInFailureReasons).nullable(),
      at: isoDateTimeSchema,
    })
    .nullable(),
  identification: z
    .object({ documentType: identityDocumentTypeSchema, files: z.number().int().min(0), sentAt: isoDateTimeSchema })
    .nullable(),
  createdAt: isoDateTimeSchema,
  activatedAt: isoDateTimeSchema.nullable(),
  /** The states reached, oldest first, each with when. */
  events: z.array(z.object({ step: simOrderStepSchema, at: isoDateTimeSchema })),
  /**
   * The step the order waits for: when it usually comes, and the latest docs/product/limits.md "SIM activation"
   * allows. Null when nothing is under way.
   */
  nextStep: z.object({ step: simOrderStepSchema, expectedAt: isoDateTimeSchema, latestAt: isoDateTimeSchema }).nullable(),
});
export type SimOrder = z.infer<typeof simOrderSchema>;

export const simOrderListSchema = z.object({ orders: z.array(simOrderSchema) });
