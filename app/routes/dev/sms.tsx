import { data } from "react-router";
import type { Route } from "./+types/sms";
import { CLIENT_IP_HEADER } from "../../auth/auth.server.ts";
import { getConfig } from "../../config.server.ts";
import { cardVariants } from "../../components/ui/card.tsx";
import { cn } from "../../lib/cn.ts";
import { isLoopbackAddress } from "../../lib/loopback.ts";
import { getSmsSandbox } from "../../services/verification/sms/sms.server.ts";

/**
 * The SMS sandbox's messages: the texts (verification codes) the app would have sent, while
 * SMS_PROVIDER is the sandbox. A code verifies a phone number for whoever reads it, so the page is
 * served exactly where the development outbox is (/dev/outbox): in development, when DEV_OUTBOX
 * is on, to this machine only, never in production.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const config = getConfig();
  const sandbox = getSmsSandbox();
  if (
    !config.devOutbox ||
    config.nodeEnv === "production" ||
    !sandbox ||
    !isLoopbackAddress(request.headers.get(CLIENT_IP_HEADER))
  ) {
    throw data("Not found", { status: 404 });
  }
  const messages = await sandbox.list();
  return { messages: messages.map(({ id, to, body, sentAt }) => ({ id, to, body, sentAt })) };
}

export default function SmsSandbox({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">SMS sandbox</h1>
      <p className="mt-1 text-muted">
        Text messages kept because SMS_PROVIDER is the sandbox: nothing was sent. Newest first. This
        page does not exist in production. E-mails are at{" "}
        <a href="/dev/outbox" className="text-primary underline">
          /dev/outbox
        </a>
        .
      </p>
      {loaderData.messages.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-line-strong p-8 text-center text-muted">
          No text messages yet.
        </p>
      ) : (
        <ol className="mt-6 space-y-4">
          {loaderData.messages.map((m) => (
            <li key={m.id} className={cn(cardVariants({ elevated: false }), "p-4")}>
              <p className="text-sm text-subtle">
                {new Date(m.sentAt).toLocaleString("en")} · to {m.to}
              </p>
              <p className="mt-2 text-sm whitespace-pre-wrap text-secondary">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

export function meta() {
  return [{ title: "SMS sandbox" }, { name: "robots", content: "noindex" }];
}
