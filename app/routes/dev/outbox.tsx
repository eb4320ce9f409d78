import { data } from "react-router";
import type { Route } from "./+types/outbox";
import { CLIENT_IP_HEADER } from "../../auth/auth.server.ts";
import { getConfig } from "../../config.server.ts";
import { getOutbox } from "../../email/mailer.server.ts";
import { isLoopbackAddress } from "../../lib/loopback.ts";
import { cardVariants } from "../../components/ui/card.tsx";
import { cn } from "../../lib/cn.ts";

/**
 * The development outbox: e-mails the app would have sent, while no SMTP_URL is configured.
 * Its sign-in links would let anyone into any account, so it is served only in development (by
 * default when the site's address is this machine, else when DEV_OUTBOX=true asks), never in
 * production or with real e-mail, and only to this machine. The address check alone is not
 * enough: behind a reverse proxy on the same host every request looks local.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const outbox = getOutbox();
  const config = getConfig();
  if (
    !config.devOutbox ||
    config.nodeEnv === "production" ||
    !outbox ||
    !isLoopbackAddress(request.headers.get(CLIENT_IP_HEADER))
  ) {
    throw data("Not found", { status: 404 });
  }
  const messages = await outbox.list();
  return {
    messages: messages.map(({ id, to, subject, text, sentAt }) => ({
      id,
      to,
      subject,
      text,
      sentAt,
    })),
  };
}

function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <a key={i} href={part} className="break-all text-primary underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Development outbox</h1>
      <p className="mt-1 text-muted">
        E-mails kept because no SMTP_URL is set. Newest first. This page does not exist in
        production.
      </p>
      {loaderData.messages.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-line-strong p-8 text-center text-muted">
          No e-mails yet.
        </p>
      ) : (
        <ol className="mt-6 space-y-4">
          {loaderData.messages.map((m) => (
            <li key={m.id} className={cn(cardVariants({ elevated: false }), "p-4")}>
              <p className="text-sm text-subtle">
                {new Date(m.sentAt).toLocaleString("en")} · to {m.to}
              </p>
              <h2 className="mt-1 font-semibold">{m.subject}</h2>
              <pre className="mt-3 font-sans text-sm whitespace-pre-wrap text-secondary">
                {linkify(m.text)}
              </pre>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

export function meta() {
  return [{ title: "Development outbox" }, { name: "robots", content: "noindex" }];
}
