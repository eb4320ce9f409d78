import { useEffect, useRef, useState } from "react";
import type { MessageView, NewMessages } from "../lib/schemas/conversations.ts";

/** The first wait after something arrived, and the longest one while nothing does. */
const FASTEST_MS = 3_000;
const SLOWEST_MS = 20_000;
const BACK_OFF = 1.5;

/**
 * Messages that arrive while a conversation is open, by polling with a back-off: every 3 s after
 * something new, slowing to every 20 s while nothing comes, paused while the tab is hidden and
 * asked at once when it shows again. An empty answer is about 30 bytes; a long-lived stream would
 * hold a connection per open page and is buffered by some mobile operators' proxies.
 *
 * `after` is the last message the page already shows; messages polled in are dropped again once
 * the page's own data has them (after a send or a revalidation).
 */
export function useNewMessages(conversationId: number, after: number): MessageView[] {
  const [arrived, setArrived] = useState<MessageView[]>([]);
  const last = useRef(after);

  useEffect(() => {
    last.current = Math.max(last.current, after);
  }, [after]);

  useEffect(() => {
    let wait = FASTEST_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let controller: AbortController | undefined;

    const schedule = () => {
      clearTimeout(timer);
      if (!stopped && !document.hidden) timer = setTimeout(poll, wait);
    };

    async function poll() {
      controller = new AbortController();
      try {
        const response = await fetch(
          `/api/v1/conversations/${conversationId}/messages?after=${last.current}`,
          { credentials: "same-origin", signal: controller.signal },
        );
        // Signed out, or no longer part of it: nothing more will come.
        if (response.status >= 400 && response.status < 500) {
          stopped = true;
          return;
        }
        if (!response.ok) throw new Error(String(response.status));
        const answer = (await response.json()) as NewMessages;
        const fresh = answer.messages.filter((m) => m.id > last.current);
        if (fresh.length > 0) {
          last.current = fresh[fresh.length - 1]!.id;
          setArrived((current) => [...current, ...fresh]);
          wait = FASTEST_MS;
        } else {
          wait = Math.min(SLOWEST_MS, wait * BACK_OFF);
        }
      } catch {
        if (controller.signal.aborted) return;
        wait = SLOWEST_MS;
      }
      schedule();
    }

    const onVisibility = () => {
      if (document.hidden) {
        clearTimeout(timer);
      } else {
        wait = FASTEST_MS;
        void poll();
      }
    };
    document.addEventListener("visibilitychange", onVisibility);
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [conversationId]);

  return arrived.filter((m) => m.id > after);
}
