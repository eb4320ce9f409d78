import { redirect } from "react-router";

/** The spec: any other path redirects to the home page. */
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}
