import { data } from "react-router";
import type { Route } from "./+types/demo-sign-in";
import { CLIENT_IP_HEADER } from "../../auth/auth.server.ts";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { getConfig } from "../../config.server.ts";
import { demoSignInSchema } from "../../lib/schemas/auth.ts";
import { answerAction, errorPage } from "../../services/session/action-answer.server.ts";
import { demoSignInEnabled, startDemoSession } from "../../services/session/demo-sign-in.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

/**
 * The demo panel's buttons: signs in as a demo person. Decided here, on the server: where demo
 * sign-in is off (production, or no demo data) this route does not exist.
 */
export async function action({ request }: Route.ActionArgs) {
  const config = getConfig();
  if (!demoSignInEnabled(config)) throw data("Not found", { status: 404 });
  const parsed = demoSignInSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data("Unknown demo person", { status: 400 });
  const person = parsed.data.person;
  return answerAction(
    () => startDemoSession(config, person, request.headers.get(CLIENT_IP_HEADER)),
    {
      success: (cookie) =>
        redirectWithToast(
          "/dashboard/overview",
          { title: "auth.toasts.welcome", description: "auth.toasts.welcomeDescription" },
          { headers: [["Set-Cookie", cookie]] },
        ),
      refused: (error) => {
        if (error.code !== "RATE_LIMITED" && error.code !== "FORBIDDEN") throw errorPage(error);
        return redirectWithToast("/?auth=login", {
          title: "auth.toasts.signInError",
          description: error.message,
          params: error.params,
          variant: "destructive",
        });
      },
    },
  );
}

export function loader() {
  throw data("Not found", { status: 404 });
}
