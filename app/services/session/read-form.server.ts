import { createTranslator } from "../../i18n/translate.ts";

/** A refusal of the request itself, in words (pages show the same words in their error screen). */
function refusal(status: 400 | 405): Response {
  return new Response(createTranslator()("requests.unreadableForm"), {
    status,
    statusText: status === 400 ? "Bad Request" : "Method Not Allowed",
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      ...(status === 405 ? { Allow: "GET, POST" } : {}),
    },
  });
}

/**
 * The form a page's action was sent, read in this one place for every action. Browsers post
 * forms URL-encoded or as multipart; another method is a 405, and a body that is no such form
 * (JSON, plain text, multipart without its boundary or cut short) a 400, so the action never
 * fails on it and the person is told what happened instead of "Something went wrong".
 */
export async function readForm(request: Request): Promise<FormData> {
  if (request.method !== "POST") throw refusal(405);
  try {
    return await request.formData();
  } catch {
    throw refusal(400);
  }
}
