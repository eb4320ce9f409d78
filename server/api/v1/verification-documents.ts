import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../../../app/lib/app-error.ts";
import {
  approveSubmissionSchema,
  licenceKindInputSchema,
  licenceKindSchema,
  rejectSubmissionSchema,
  submissionListSchema,
  submissionViewSchema,
} from "../../../app/lib/schemas/verification.ts";
import {
  addLicenceKind,
  listLicenceKinds,
  updateLicenceKind,
} from "../../../app/services/verification/licence-kinds.server.ts";
import {
  MAX_SUBMISSION_FORM_BYTES,
  submitBusinessForm,
  submitIdentityForm,
} from "../../../app/services/verification/submission-form.server.ts";
import {
  approveSubmission,
  listPendingSubmissions,
  rejectSubmission,
} from "../../../app/services/verification/submissions.server.ts";
import {
  allowedTo,
  apiRouter,
  errorResponse,
  idParam,
  jsonRequest,
  jsonResponse,
  limitedRoute,
  noStore,
  queryParameters,
  refuseInvalid,
  sessionSecurity,
  signedIn,
  withOpenApi,
} from "./router.ts";

/**
 * Identity and business verification by documents: the person's submissions (their status is
 * GET /me/verification, ./verification.ts), the administrator's queue and decisions, and the licence kinds. The documents themselves are
 * served only to the administrator, by /verification-documents/{id} (never cached), whose
 * address each submission in the queue carries.
 */
export const verificationDocumentRoutes = apiRouter();

const submissionView = withOpenApi(submissionViewSchema, "VerificationSubmission");
const submissionList = withOpenApi(submissionListSchema, "VerificationSubmissions");
const approval = withOpenApi(approveSubmissionSchema, "VerificationApproval");
const rejection = withOpenApi(rejectSubmissionSchema, "VerificationRejection");
const licenceKind = withOpenApi(licenceKindSchema, "LicenceKind");
const licenceKindInput = withOpenApi(licenceKindInputSchema, "LicenceKindInput");
const submitted = withOpenApi(z.object({ id: z.int() }), "VerificationSubmitted");

const signedInCalls = [noStore, signedIn()] as const;
const refusals = {
  400: errorResponse("VALIDATION_FAILED, with a message per field"),
  401: errorResponse("UNAUTHENTICATED"),
  403: errorResponse("FORBIDDEN"),
};

/** Three files of at most 8 MB and the form's text; a larger body is refused unread. */
const submissionSizeLimit = bodyLimit({
  maxSize: MAX_SUBMISSION_FORM_BYTES,
  onError: () => {
    throw new AppError("PAYLOAD_TOO_LARGE", "verification.errors.fileTooLarge");
  },
});

type Part = {
  type: "string" | "integer";
  format?: string;
  enum?: string[];
};

function multipart(properties: Record<string, Part>, required: string[]) {
  return {
    required: true,
    content: {
      "multipart/form-data": { schema: { type: "object" as const, properties, required } },
    },
  };
}

const file: Part = { type: "string", format: "binary" };

async function formOf(body: { formData(): Promise<FormData> }): Promise<FormData> {
  return body.formData().catch(() => {
    throw new AppError("VALIDATION_FAILED", "verification.errors.invalidSubmission");
  });
}

verificationDocumentRoutes.openapi(
  limitedRoute("verificationSubmit", {
    method: "post",
    path: "/me/verification/identity",
    security: sessionSecurity,
    summary: "Send identity documents for review",
    description:
      "Multipart: documentKind (passport, national-id, drivers-licence), declaredName, documentNumber, countryCode, documentExpiresOn (optional), and the files front, back (not for a passport) and selfie: JPEG, PNG or WebP up to 8 MB each, checked by content and stored encrypted. Refused (409) while an earlier submission waits for a decision.",
    operationId: "submitIdentity",
    middleware: [...signedInCalls, allowedTo("verification:submit"), submissionSizeLimit] as const,
    request: {
      body: multipart(
        {
          documentKind: {
            type: "string" as const,
            enum: ["passport", "national-id", "drivers-licence"],
          },
          declaredName: { type: "string" },
          documentNumber: { type: "string" },
          countryCode: { type: "string" },
          documentExpiresOn: { type: "string", format: "date" },
          front: file,
          back: file,
          selfie: file,
        },
        ["documentKind", "declaredName", "documentNumber", "countryCode", "front", "selfie"],
      ),
    },
    responses: {
      201: jsonResponse(submitted, "Sent, pending review"),
      ...refusals,
      409: errorResponse("CONFLICT: a submission of this step is pending already"),
      413: errorResponse("PAYLOAD_TOO_LARGE"),
      415: errorResponse("UNSUPPORTED_MEDIA_TYPE: a file is not an accepted image"),
    },
  }),
  async (c) => c.json(await submitIdentityForm(c.get("viewer"), await formOf(c.req)), 201),
);

verificationDocumentRoutes.openapi(
  limitedRoute("verificationSubmit", {
    method: "post",
    path: "/me/verification/business",
    security: sessionSecurity,
    summary: "Send a business registration or licence for review (agents, professionals)",
    description:
      "Multipart: licenceKindId (GET /licence-kinds), registrationNumber, documentExpiresOn (optional) and the file business: a PDF, JPEG, PNG or WebP up to 8 MB, stored encrypted. Refused (409) while an earlier submission waits for a decision.",
    operationId: "submitBusiness",
    middleware: [
      ...signedInCalls,
      allowedTo("verification:submit-business"),
      submissionSizeLimit,
    ] as const,
    request: {
      body: multipart(
        {
          licenceKindId: { type: "integer" },
          registrationNumber: { type: "string" },
          documentExpiresOn: { type: "string", format: "date" },
          business: file,
        },
        ["licenceKindId", "registrationNumber", "business"],
      ),
    },
    responses: {
      201: jsonResponse(submitted, "Sent, pending review"),
      ...refusals,
      409: errorResponse("CONFLICT: a submission of this step is pending already"),
      413: errorResponse("PAYLOAD_TOO_LARGE"),
      415: errorResponse("UNSUPPORTED_MEDIA_TYPE: the file is not an accepted image or PDF"),
    },
  }),
  async (c) => c.json(await submitBusinessForm(c.get("viewer"), await formOf(c.req)), 201),
);

verificationDocumentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/licence-kinds",
    summary: "The licences the business step offers, per country and profession",
    operationId: "listLicenceKinds",
    request: {
      query: queryParameters(
        z.object({
          countryCode: z
            .string()
            .regex(/^[A-Za-z]{2}$/)
            .optional()
            .meta({ description: "Only this country's (ISO alpha-2)." }),
        }),
      ),
    },
    responses: {
      200: jsonResponse(
        withOpenApi(z.object({ licenceKinds: z.array(licenceKind) }), "LicenceKinds"),
        "The kinds offered",
      ),
      400: errorResponse("VALIDATION_FAILED"),
    },
  }),
  async (c) =>
    c.json(
      { licenceKinds: await listLicenceKinds({ countryCode: c.req.valid("query").countryCode }) },
      200,
    ),
);

verificationDocumentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/verification-submissions",
    security: sessionSecurity,
    summary: "The submissions waiting for a decision, oldest first (admin)",
    operationId: "listVerificationSubmissions",
    middleware: [...signedInCalls, allowedTo("verification:review")] as const,
    responses: { 200: jsonResponse(submissionList, "Pending submissions"), ...refusals },
  }),
  async (c) => c.json({ submissions: await listPendingSubmissions(c.get("viewer")) }, 200),
);

const submissionParams = z.object({ submissionId: idParam("submission") });

verificationDocumentRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/verification-submissions/{submissionId}/approve",
    security: sessionSecurity,
    summary: "Approve a submission until a date (admin, audited, e-mailed)",
    operationId: "approveVerification",
    middleware: [...signedInCalls, allowedTo("verification:review")] as const,
    request: { params: submissionParams, body: jsonRequest(approval) },
    responses: {
      200: jsonResponse(submissionView, "Approved"),
      ...refusals,
      404: errorResponse("NOT_FOUND"),
      409: errorResponse("CONFLICT: already decided"),
    },
  }),
  async (c) =>
    c.json(
      await approveSubmission(c.get("viewer"), {
        submissionId: c.req.valid("param").submissionId,
        input: c.req.valid("json"),
      }),
      200,
    ),
  refuseInvalid("verification.errors.invalidDate"),
);

verificationDocumentRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/verification-submissions/{submissionId}/reject",
    security: sessionSecurity,
    summary: "Reject a submission with the reason the person reads (admin, audited, e-mailed)",
    operationId: "rejectVerification",
    middleware: [...signedInCalls, allowedTo("verification:review")] as const,
    request: { params: submissionParams, body: jsonRequest(rejection) },
    responses: {
      200: jsonResponse(submissionView, "Rejected"),
      ...refusals,
      404: errorResponse("NOT_FOUND"),
      409: errorResponse("CONFLICT: already decided"),
    },
  }),
  async (c) =>
    c.json(
      await rejectSubmission(c.get("viewer"), {
        submissionId: c.req.valid("param").submissionId,
        input: c.req.valid("json"),
      }),
      200,
    ),
  refuseInvalid("verification.errors.reasonRequired"),
);

verificationDocumentRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/licence-kinds",
    security: sessionSecurity,
    summary: "Add a licence kind (admin, audited)",
    operationId: "addLicenceKind",
    middleware: [...signedInCalls, allowedTo("licence-kind:edit")] as const,
    request: { body: jsonRequest(licenceKindInput) },
    responses: {
      201: jsonResponse(licenceKind, "Added"),
      ...refusals,
      409: errorResponse("CONFLICT: that country and profession have a kind of that name"),
    },
  }),
  async (c) => c.json(await addLicenceKind(c.get("viewer"), c.req.valid("json")), 201),
  refuseInvalid("verification.errors.invalidLicenceKind"),
);

verificationDocumentRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/admin/licence-kinds/{licenceKindId}",
    security: sessionSecurity,
    summary: "Rename, move or switch off a licence kind (admin, audited)",
    operationId: "updateLicenceKind",
    middleware: [...signedInCalls, allowedTo("licence-kind:edit")] as const,
    request: {
      params: z.object({ licenceKindId: idParam("licenceKind") }),
      body: jsonRequest(licenceKindInput),
    },
    responses: {
      200: jsonResponse(licenceKind, "Saved"),
      ...refusals,
      404: errorResponse("NOT_FOUND"),
      409: errorResponse("CONFLICT: that country and profession have a kind of that name"),
    },
  }),
  async (c) =>
    c.json(
      await updateLicenceKind(c.get("viewer"), {
        id: c.req.valid("param").licenceKindId,
        input: c.req.valid("json"),
      }),
      200,
    ),
  refuseInvalid("verification.errors.invalidLicenceKind"),
);
