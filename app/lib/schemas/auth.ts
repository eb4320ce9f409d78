import { z } from "zod";
import { DEMO_PERSON_KEYS } from "../demo-people.ts";
import { SELECTABLE_ROLES } from "../roles.ts";
import { isStorableText, oneLine } from "./text.ts";

/** Shared by the auth dialog, its actions and the API. Messages are i18n keys. */
export const signInSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, "auth.toasts.missingSignIn"),
  password: z.string().min(1, "auth.toasts.missingSignIn"),
});

export const signUpSchema = z.object({
  name: z
    .string()
    .refine(isStorableText, "auth.toasts.invalidCharacters")
    .overwrite(oneLine)
    .trim()
    .min(1, "auth.toasts.missingSignUp")
    .max(120),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "auth.toasts.missingSignUp")
    .pipe(z.email({ error: "auth.toasts.invalidEmail" })),
  password: z
    .string()
    .min(1, "auth.toasts.missingSignUp")
    .min(6, "auth.toasts.passwordTooShort")
    .max(128),
  accountType: z.enum(SELECTABLE_ROLES).catch("user"),
});

export const forgotPasswordSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, "auth.toasts.emailRequiredDescription"),
});

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1),
    password: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.password || !v.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["password"], message: "auth.reset.missingFields" });
    } else if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "auth.reset.mismatch" });
    } else if (v.password.length < 6) {
      ctx.addIssue({ code: "custom", path: ["password"], message: "auth.reset.tooShort" });
    }
  });

export const roleChoiceSchema = z.object({ role: z.enum(SELECTABLE_ROLES) });

/** A demo panel button: which demo person to sign in as (lib/demo-people.ts). */
export const demoSignInSchema = z.object({
  person: z.enum(DEMO_PERSON_KEYS, { error: "auth.demo.unknownPerson" }),
});
