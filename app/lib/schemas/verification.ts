import { z } from "zod";
import { MAX_CODE_ATTEMPTS, PHONE_CODE_LENGTH } from "../phone-verification-values.ts";
import { ROLES } from "../roles.ts";
import {
  DOCUMENT_SLOTS,
  DOCUMENT_STEPS,
  IDENTITY_DOCUMENT_KINDS,
  LICENCE_PROFESSIONS,
  MAX_DECLARED_NAME,
  MAX_DOCUMENT_NUMBER,
  MAX_LICENCE_NAME,
  MAX_REJECTION_REASON,
  VERIFICATION_STATUSES,
} from "../verification-values.ts";
import { isStorableText, oneLine } from "./text.ts";

/**
 * The verification contract (issue 28): the phone step (asking for a code, confirming it), what a
 * person declares with their identity and business documents, the administrator's decisions, the
 * licence kinds, and what the status and the queue look like. The page's forms and the JSON API
 * parse the same schemas; messages are i18n keys of `verification.errors`. Whether a number is
 * real is the service's to say (libphonenumber-js, server side): here only its shape.
 */

const E = "verification.errors";

export const phoneCodeRequestSchema = z.object({
  phone: z
    .string({ error: `${E}.phoneRequired` })
    .refine(isStorableText, `${E}.phoneInvalid`)
    .trim()
    .min(1, `${E}.phoneRequired`)
    .max(40, `${E}.phoneInvalid`)
    .meta({
      description:
        "The number, international (+254 712 345 678) or national with `country` (0712 345 678).",
      example: "+254712345678",
    }),
  country: z
    .string({ error: `${E}.countryInvalid` })
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, `${E}.countryInvalid`)
    .optional()
    .transform((v) => v || undefined)
    .meta({
      description: "ISO 3166 country a national number is read in (KE). Omit for +… numbers.",
      example: "KE",
    }),
});
export type PhoneCodeRequest = z.input<typeof phoneCodeRequestSchema>;

export const phoneCodeConfirmSchema = z.object({
  code: z
    .string({ error: `${E}.codeRequired` })
    .trim()
    .min(1, `${E}.codeRequired`)
    .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), `${E}.codeFormat`)
    .meta({ description: `The ${PHONE_CODE_LENGTH}-digit code from the text.`, example: "042917" }),
});

export const phoneCodeSentSchema = z.object({
  phone: z
    .string()
    .meta({ description: "Where the code went, in E.164.", example: "+254712345678" }),
  expiresAt: z.string().meta({ description: "When the code stops working (ISO 8601)." }),
  resendAfter: z.string().meta({ description: "The earliest time another code can be sent." }),
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

export const phoneStepSchema = z.object({
  /** False when the site has no SMS gateway configured: no code can be sent. */
  available: z.boolean(),
  verified: z.boolean(),
  /** The verified number (E.164), null until verified or after it lapsed. */
  verifiedPhone: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** A code sent and still usable, with what is left of it. */
  pending: z
    .object({
      phone: z.string(),
      expiresAt: z.string(),
      resendAfter: z.string(),
      attemptsLeft: z.number().int().min(1).max(MAX_CODE_ATTEMPTS),
    })
    .nullable(),
});
export type PhoneStep = z.infer<typeof phoneStepSchema>;

function line(max: number, required: `verification.errors.${string}`) {
  return z
    .string({ error: required })
    .refine(isStorableText, `${E}.invalidCharacters`)
    .transform((v) => oneLine(v).trim())
    .pipe(z.string().min(1, required).max(max, `${E}.tooLong`));
}

const countryCode = z
  .string({ error: `${E}.countryRequired` })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, `${E}.countryRequired`)
  .meta({ description: "ISO 3166 alpha-2 country code", example: "KE" });

/** An ISO day (yyyy-mm-dd) that exists in the calendar. */
const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, `${E}.invalidDate`)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, `${E}.invalidDate`);

/** Optional in a form: an empty field means not declared. */
const optionalDay = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(isoDay.nullable());

export const identityInputSchema = z.object({
  documentKind: z
    .enum(IDENTITY_DOCUMENT_KINDS, { error: `${E}.documentKindRequired` })
    .meta({ description: "passport, national-id or drivers-licence" }),
  declaredName: line(MAX_DECLARED_NAME, `${E}.nameRequired`).meta({
    description: "The full name as written on the document.",
  }),
  documentNumber: line(MAX_DOCUMENT_NUMBER, `${E}.numberRequired`),
  countryCode,
  documentExpiresOn: optionalDay.meta({
    description:
      "The document's own expiry (yyyy-mm-dd), if it has one: approval never lasts past it.",
  }),
});
export type IdentityInput = z.output<typeof identityInputSchema>;

export const businessInputSchema = z.object({
  licenceKindId: z.coerce
    .number({ error: `${E}.licenceKindRequired` })
    .int(`${E}.licenceKindRequired`)
    .positive(`${E}.licenceKindRequired`)
    .meta({ description: "A licence kind of GET /licence-kinds." }),
  registrationNumber: line(MAX_DOCUMENT_NUMBER, `${E}.numberRequired`).meta({
    description: "The registration or licence number.",
  }),
  documentExpiresOn: optionalDay.meta({
    description: "The licence's own expiry (yyyy-mm-dd), if it has one.",
  }),
});
export type BusinessInput = z.output<typeof businessInputSchema>;

export const approveSubmissionSchema = z.object({
  expiresOn: optionalDay.meta({
    description:
      "Until when the approval holds (yyyy-mm-dd, in the future). Default: 2 years for identity, 1 for business, never past the document's declared expiry.",
  }),
});

export const rejectSubmissionSchema = z.object({
  reason: line(MAX_REJECTION_REASON, `${E}.reasonRequired`).meta({
    description: "Shown to the person and e-mailed to them.",
  }),
});

export const licenceKindInputSchema = z.object({
  countryCode,
  profession: z.enum(LICENCE_PROFESSIONS, { error: `${E}.professionRequired` }),
  name: line(MAX_LICENCE_NAME, `${E}.licenceNameRequired`),
  active: z
    .union([z.boolean(), z.enum(["true", "false", "on"])])
    .optional()
    .transform((v) => v === undefined || v === true || v === "true" || v === "on"),
});
export type LicenceKindInput = z.output<typeof licenceKindInputSchema>;

// ── What the status, the queue and the licence kinds look like (the pages and the API) ───────

export const licenceKindSchema = z.object({
  id: z.int(),
  countryCode: z.string(),
  profession: z.enum(LICENCE_PROFESSIONS),
  name: z.string(),
  active: z.boolean(),
});
export type LicenceKind = z.output<typeof licenceKindSchema>;

export const STEP_STATES = ["not-submitted", "pending", "verified", "expired", "rejected"] as const;

export const stepStatusSchema = z.object({
  step: z.enum(DOCUMENT_STEPS),
  state: z.enum(STEP_STATES),
  /** Whether a submission is accepted now (not while one is pending). */
  canSubmit: z.boolean(),
  verifiedUntil: z.string().nullable().meta({ description: "ISO 8601, while verified or expired" }),
  reason: z.string().nullable().meta({ description: "The administrator's reason, when rejected" }),
  submittedAt: z.string().nullable(),
});
export type StepStatus = z.output<typeof stepStatusSchema>;

export const documentStepsSchema = z.object({
  identity: stepStatusSchema,
  /** Null for accounts without a business step (regular users, the administrator). */
  business: stepStatusSchema.nullable(),
});
export type DocumentStepsView = z.output<typeof documentStepsSchema>;

/** The person's own verification, step by step (Profile → Verification, GET /me/verification). */
export const verificationStatusSchema = z.object({
  email: z.object({ verified: z.boolean(), email: z.string() }),
  phone: phoneStepSchema,
  ...documentStepsSchema.shape,
});
export type VerificationStatusView = z.output<typeof verificationStatusSchema>;

export const submissionDocumentSchema = z.object({
  id: z.int(),
  slot: z.enum(DOCUMENT_SLOTS),
  contentType: z.string(),
  /** The administrator-only address of the file; null once deleted. */
  url: z.string().nullable(),
  deletedAt: z.string().nullable(),
});

export const submissionViewSchema = z.object({
  id: z.int(),
  step: z.enum(DOCUMENT_STEPS),
  status: z.enum(VERIFICATION_STATUSES),
  person: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES).nullable(),
  }),
  documentKind: z.enum(IDENTITY_DOCUMENT_KINDS).nullable(),
  declaredName: z.string().nullable(),
  documentNumber: z.string(),
  countryCode: z.string(),
  documentExpiresOn: z.string().nullable(),
  licenceKind: z.object({ id: z.int(), name: z.string(), profession: z.string() }).nullable(),
  createdAt: z.string(),
  /** The expiry an approval gets unless the administrator picks another (yyyy-mm-dd). */
  defaultExpiresOn: z.string(),
  approvedUntil: z.string().nullable(),
  reason: z.string().nullable(),
  documents: z.array(submissionDocumentSchema),
});
export type SubmissionView = z.output<typeof submissionViewSchema>;

export const submissionListSchema = z.object({ submissions: z.array(submissionViewSchema) });
