import { MAX_DOCUMENT_BYTES, type DocumentSlot } from "../../lib/verification-values.ts";
import type { Actor } from "../core/actor.server.ts";
import { submitBusiness, submitIdentity } from "./submissions.server.ts";

/**
 * A submission's multipart form, as the verification page and the API both send it: the
 * declared fields as text parts and each file under its slot's name.
 */

/** Three files at most, and the form's own text. */
export const MAX_SUBMISSION_FORM_BYTES = 3 * MAX_DOCUMENT_BYTES + 64 * 1024;

async function fileOf(form: FormData, slot: DocumentSlot): Promise<Buffer | null> {
  const part = form.get(slot);
  return part instanceof File && part.size > 0 ? Buffer.from(await part.arrayBuffer()) : null;
}

function textOf(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  return fields;
}

export async function submitIdentityForm(actor: Actor | null, form: FormData) {
  return submitIdentity(actor, {
    input: textOf(form),
    files: {
      front: await fileOf(form, "front"),
      back: await fileOf(form, "back"),
      selfie: await fileOf(form, "selfie"),
    },
  });
}

export async function submitBusinessForm(actor: Actor | null, form: FormData) {
  return submitBusiness(actor, { input: textOf(form), file: await fileOf(form, "business") });
}

/** The text fields sent, to show the form again with what was typed. */
export function sentValues(form: FormData): Record<string, string> {
  return textOf(form);
}
