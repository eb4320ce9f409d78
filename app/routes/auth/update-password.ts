import { redirect } from "react-router";
import type { Route } from "./+types/update-password";

/** The old address of the reset page. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/reset${new URL(request.url).search}`, 301);
}
