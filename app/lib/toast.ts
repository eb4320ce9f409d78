import type { MessageKey } from "../i18n/translate.ts";

/** A toast as the server hands it to the page: texts are i18n keys with their parameters. */
export interface Toast {
  title: MessageKey;
  description?: MessageKey;
  params?: Record<string, string | number>;
  variant?: "default" | "destructive";
  /** Milliseconds on screen; 5000 unless the spec says otherwise. */
  duration?: number;
  /**
   * Announces a navigation ("Searching..."): stays up while it loads, however long, and closes
   * as soon as its page is on screen. `duration` then only counts when no navigation follows.
   */
  untilNavigated?: boolean;
}
