import type { Translate } from "../i18n/translate.ts";
import { formatDay } from "./format-day.ts";
import type { TrustSignals } from "./schemas/public-profile.ts";

/** One trust signal as a line of text, and whether it speaks for the host (a check) or not. */
export interface TrustLine {
  key: string;
  text: string;
  ok: boolean;
}

/** "2 hours" from minutes, in the largest unit that keeps it readable. */
export function responseDuration(t: Translate, minutes: number): string {
  if (minutes < 60) return t("agents.response.minutes", { count: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 48) return t("agents.response.hours", { count: hours });
  return t("agents.response.days", { count: Math.round(hours / 24) });
}

/**
 * A host's trust signals in words, worked out where the page is rendered so the listing page's
 * contact card ships the lines and no formatting code (its script budget is nearly spent). Each
 * line says what was measured or checked, and says so plainly when it was not.
 */
export function trustLines(t: Translate, trust: TrustSignals): TrustLine[] {
  const { verification, response } = trust;
  const lines: TrustLine[] = [
    {
      key: "member",
      text: t("agents.memberSince", { date: formatDay(trust.memberSince.slice(0, 10)) }),
      ok: true,
    },
    {
      key: "identity",
      text: t(verification.identityVerified ? "agents.trust.identity" : "agents.trust.noIdentity"),
      ok: verification.identityVerified,
    },
  ];
  if (verification.businessVerified) {
    lines.push({ key: "business", text: t("agents.trust.business"), ok: true });
  }
  lines.push({
    key: "phone",
    text: t(verification.phoneVerified ? "agents.trust.phone" : "agents.trust.noPhone"),
    ok: verification.phoneVerified,
  });
  lines.push({
    key: "bookings",
    text:
      trust.completedBookings > 0
        ? t("agents.trust.bookings", { count: trust.completedBookings })
        : t("agents.trust.noBookings"),
    ok: trust.completedBookings > 0,
  });
  if (trust.completedJobs > 0) {
    lines.push({
      key: "jobs",
      text: t("agents.trust.jobs", { count: trust.completedJobs }),
      ok: true,
    });
  }
  lines.push(
    response.rate === null
      ? { key: "response", text: t("agents.response.unknown"), ok: false }
      : {
          key: "response",
          text:
            response.medianMinutes === null
              ? t("agents.trust.rate", { rate: Math.round(response.rate * 100) })
              : t("agents.trust.rateAndTime", {
                  rate: Math.round(response.rate * 100),
                  time: responseDuration(t, response.medianMinutes),
                }),
          ok: response.rate >= 0.5,
        },
  );
  lines.push(
    trust.ratingCount > 0 && trust.rating !== null
      ? {
          key: "rating",
          text: t("agents.trust.rating", { rating: trust.rating, count: trust.ratingCount }),
          ok: true,
        }
      : { key: "rating", text: t("agents.trust.noRating"), ok: false },
  );
  return lines;
}
