import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import type { MessageView } from "../../lib/schemas/conversations.ts";
import { LocalTime } from "./local-time.tsx";

/**
 * One message: text as text (line breaks kept, never markup), an attached image linking to its
 * large version, and under a message the payment rule flagged, a calm warning for its reader.
 */
export function MessageBubble({ message, otherName }: { message: MessageView; otherName: string }) {
  const t = useT();
  return (
    <li className={cn("flex flex-col", message.mine ? "items-end" : "items-start")}>
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-4 py-2.5 shadow-sm sm:max-w-[75%]",
          message.mine
            ? "rounded-br-sm bg-primary text-white"
            : "rounded-bl-sm border border-line bg-surface text-ink",
        )}
      >
        <p className="sr-only">{message.mine ? t("conversations.conversation.you") : otherName}</p>
        {message.image && (
          <a href={message.image.fullUrl} target="_blank" rel="noreferrer" className="mb-2 block">
            <img
              src={message.image.url}
              alt={t("conversations.conversation.imageAlt", {
                name: message.mine ? t("conversations.conversation.you") : otherName,
              })}
              width={message.image.width || undefined}
              height={message.image.height || undefined}
              loading="lazy"
              className="max-h-72 w-auto rounded-lg object-contain"
            />
          </a>
        )}
        {message.body && (
          <p className="text-[15px] leading-relaxed break-words whitespace-pre-wrap">
            {message.body}
          </p>
        )}
      </div>
      <LocalTime iso={message.createdAt} className="mt-1 px-1 text-xs text-subtle" />
      {message.flagged && !message.mine && (
        <p
          role="note"
          className="mt-2 max-w-[85%] rounded-lg border border-warning-light bg-warning-tint px-3 py-2 text-sm text-warning-deepest sm:max-w-[75%]"
        >
          {t("conversations.conversation.flaggedWarning")}
        </p>
      )}
    </li>
  );
}
