import { ExternalLink } from "lucide-react";
import { useT } from "../../i18n/use-t.ts";
import { formatDay } from "../../lib/format-day.ts";
import type { BoostView } from "../../lib/schemas/boosts.ts";

/**
 * Where a boost was posted: "Boosted on 12 Nov 2026:" and a link to each post, or that it still
 * waits for the site's team. The links are the addresses the team recorded; they open elsewhere.
 */
export function BoostPosts({ boost }: { boost: BoostView }) {
  const t = useT();
  if (!boost.postedAt) {
    return (
      <p className="text-sm text-secondary" data-testid="boost-status">
        {t("boosts.host.pendingSince", { date: formatDay(boost.requestedAt.slice(0, 10)) })}
      </p>
    );
  }
  return (
    <div className="text-sm text-secondary" data-testid="boost-status">
      <p>{t("boosts.host.boostedOn", { date: formatDay(boost.postedAt.slice(0, 10)) })}</p>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {boost.posts.map((post) => (
          <li key={`${post.network}-${post.postedAt}-${post.url}`}>
            <a
              href={post.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex items-center gap-1 font-medium text-primary-strong underline underline-offset-2"
            >
              {t("boosts.host.postLink", { network: t(`boosts.networks.${post.network}`) })}
              <ExternalLink aria-hidden className="size-3.5" />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
