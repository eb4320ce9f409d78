import { redirect } from "react-router";

/** /dashboard and unknown sub-paths open the overview. */
export function loader() {
  return redirect("/dashboard/overview");
}
