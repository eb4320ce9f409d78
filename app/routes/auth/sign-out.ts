import type { Route } from "./+types/sign-out";
import { callAuth } from "../../auth/auth-client.server.ts";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";

/** Revokes the session on the server, clears its cookies and goes home. */
export async function action({ request }: Route.ActionArgs) {
  const result = await callAuth(request, "/sign-out");
  if (!result.ok) {
    return redirectWithToast("/", {
      title: "auth.toasts.logoutError",
      description: "auth.toasts.unexpected",
      variant: "destructive",
    });
  }
  return redirectWithToast(
    "/",
    { title: "auth.toasts.loggedOut", description: "auth.toasts.loggedOutDescription" },
    { headers: result.cookies.map((c) => ["Set-Cookie", c]) },
  );
}

export function loader() {
  return new Response(null, { status: 302, headers: { Location: "/" } });
}
