import { z } from "zod";
import type { Route } from "./+types/set-currency";
import { redirectWithToast, safeRedirectPath } from "../../auth/flash-toast.server.ts";
import { currencyCookie } from "../../services/session/preferences.server.ts";
import { secureCookie } from "../../auth/secure-cookie.server.ts";
import { listCurrencies } from "../../services/reference/reference.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

const schema = z.object({
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/),
  redirectTo: z.string().optional(),
});

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const parsed = schema.safeParse(form);
  const back = safeRedirectPath(parsed.success ? parsed.data.redirectTo : form.redirectTo);
  const currency = parsed.success
    ? (await listCurrencies()).find((c) => c.code === parsed.data.currency)
    : undefined;
  if (!currency) {
    return redirectWithToast(back, {
      title: "layout.currency.unknownTitle",
      description: "layout.currency.unknownDescription",
      variant: "destructive",
    });
  }
  return redirectWithToast(
    back,
    {
      title: "layout.currency.updatedTitle",
      description: "layout.currency.updatedDescription",
      params: { name: currency.name, code: currency.code },
    },
    { headers: [["Set-Cookie", await currencyCookie.serialize(currency.code, secureCookie())]] },
  );
}

export function loader() {
  return new Response(null, { status: 302, headers: { Location: "/" } });
}
