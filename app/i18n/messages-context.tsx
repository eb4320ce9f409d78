import { createContext, use, useMemo } from "react";
import { useMatches } from "react-router";
import { error } from "./en/layout-error.ts";
import { requests } from "./en/requests.ts";
import { matchedMessages, mergeMessages, type Messages } from "./translator.ts";

/**
 * The texts the page may show. Loaders send the namespaces their page needs (`pickMessages`), the
 * root the shared ones; a component loaded on demand brings its own with a `MessagesProvider`.
 * Without any provider (the root's error boundary, when the root's data failed) only the error
 * page's texts are there, with the refusals of a request it may name (an unreadable form, a
 * cross-site post): that is all that page shows.
 */
export const MessagesContext = createContext<Messages>({ layout: { error }, requests });

/** Adds texts for what it wraps: a lazily loaded component's namespace, for example. */
export function MessagesProvider({
  messages,
  children,
}: {
  messages: Messages;
  children: React.ReactNode;
}) {
  const parent = use(MessagesContext);
  const merged = useMemo(() => mergeMessages(parent, messages), [parent, messages]);
  return <MessagesContext value={merged}>{children}</MessagesContext>;
}

/**
 * The texts every matched route's loader sent, in one place. They arrive with the page's data,
 * so a client-side navigation shows the next page's texts with it, never its keys.
 */
export function RouteMessages({ children }: { children: React.ReactNode }) {
  const matches = useMatches();
  const messages = useMemo(() => matchedMessages(matches), [matches]);
  return <MessagesProvider messages={messages}>{children}</MessagesProvider>;
}
