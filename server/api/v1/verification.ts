import { createRoute } from "@hono/zod-openapi";
import {
  phoneCodeConfirmSchema,
  phoneCodeRequestSchema,
  phoneCodeSentSchema,
  phoneStepSchema,
  verificationStatusSchema,
} from "../../../app/lib/schemas/verification.ts";
import {
  confirmPhoneCode,
  sendPhoneCode,
} from "../../../app/services/verification/phone.server.ts";
import { getVerificationStatus } from "../../../app/services/verification/status.server.ts";
import {
  allowedTo,
  apiRouter,
  errorResponse,
  jsonBody,
  jsonRequest,
  jsonResponse,
  limitedRoute,
  noStore,
  refuseInvalid,
  sessionSecurity,
  signedIn,
  withOpenApi,
} from "./router.ts";

/**
 * Verification (issue 28): the caller's own status step by step, and the phone step (a code sent
 * by SMS, then confirmed). The services check the permission table and the abuse limits, and
 * validate with the same schemas as the Verification page.
 */
export const verificationRoutes = apiRouter();

const status = withOpenApi(verificationStatusSchema, "VerificationStatus");
const phoneStep = withOpenApi(phoneStepSchema, "PhoneVerification");
const codeRequest = withOpenApi(phoneCodeRequestSchema, "PhoneCodeRequest");
const codeSent = withOpenApi(phoneCodeSentSchema, "PhoneCodeSent");
const codeConfirm = withOpenApi(phoneCodeConfirmSchema, "PhoneCodeConfirm");

const signedInCalls = [noStore, signedIn()] as const;
const refusals = {
  401: errorResponse("UNAUTHENTICATED"),
  403: errorResponse("FORBIDDEN"),
};

verificationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/me/verification",
    security: sessionSecurity,
    summary: "My verification, step by step",
    operationId: "getVerificationStatus",
    middleware: [...signedInCalls, allowedTo("verification:view-own")] as const,
    responses: { 200: jsonResponse(status, "Each step's state"), ...refusals },
  }),
  async (c) => c.json(await getVerificationStatus(c.get("viewer")), 200),
);

verificationRoutes.openapi(
  limitedRoute("phoneCode", {
    method: "post",
    path: "/me/verification/phone/code",
    security: sessionSecurity,
    summary: "Send a one-time code by SMS to my phone number",
    description:
      "The number is normalised to E.164: an international number (+254…) as it is, a national one (07…) in `country`, else in the country of the caller's newest listing. A new code replaces any earlier one and works for 10 minutes. At most one code a minute (429 with Retry-After), a few an hour per account and per number.",
    operationId: "sendPhoneCode",
    middleware: [...signedInCalls, allowedTo("verification:phone"), jsonBody] as const,
    request: { body: jsonRequest(codeRequest) },
    responses: {
      201: jsonResponse(codeSent, "The code is on its way"),
      400: errorResponse(
        "VALIDATION_FAILED: not a valid number, or a national one without a country",
      ),
      ...refusals,
      409: errorResponse("CONFLICT: this number is already verified"),
      503: errorResponse("SERVICE_UNAVAILABLE: no SMS gateway, or the gateway failed"),
    },
  }),
  async (c) => c.json(await sendPhoneCode(c.get("viewer"), c.req.valid("json")), 201),
  refuseInvalid("verification.errors.phoneInvalid"),
);

verificationRoutes.openapi(
  limitedRoute("phoneConfirm", {
    method: "post",
    path: "/me/verification/phone/confirm",
    security: sessionSecurity,
    summary: "Confirm my phone number with the code from the SMS",
    description:
      "The right code verifies the number it was sent to and saves it as the profile phone. A wrong one answers 400 with the attempts left; the fifth wrong one, an expired code or none at all answers 409 (ask for a new code).",
    operationId: "confirmPhoneCode",
    middleware: [...signedInCalls, allowedTo("verification:phone"), jsonBody] as const,
    request: { body: jsonRequest(codeConfirm) },
    responses: {
      200: jsonResponse(phoneStep, "The phone step, verified"),
      400: errorResponse("VALIDATION_FAILED: not 6 digits, or the wrong code"),
      ...refusals,
      409: errorResponse("CONFLICT: no code in progress, expired, or too many wrong attempts"),
    },
  }),
  async (c) => c.json(await confirmPhoneCode(c.get("viewer"), c.req.valid("json")), 200),
  refuseInvalid("verification.errors.codeFormat"),
);
