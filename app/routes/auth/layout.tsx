import { Outlet } from "react-router";
import { pickMessages } from "../../i18n/translate.ts";

/** The auth screens (outside the site's header and footer): their texts come with any of them. */
export function loader() {
  return { messages: pickMessages(["auth"]) };
}

export default function AuthScreens() {
  return <Outlet />;
}
