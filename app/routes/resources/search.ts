import { redirect } from "react-router";
import type { Route } from "./+types/search";
import { homeSearchUrl } from "../../lib/home-search.ts";

/** The home search card's GET target: forwards to the category page, so it works without JS. */
export function loader({ request }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return redirect(homeSearchUrl(params));
}
