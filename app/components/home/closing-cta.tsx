import { Icon } from "../ui/icon.tsx";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { buttonVariants } from "../ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { Popover } from "../ui/popover.tsx";

export function ClosingCta() {
  const t = useT();
  return (
    <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-primary-strong via-primary to-primary-deep px-6 py-12 text-center text-white sm:px-12">
        <div
          aria-hidden
          className="absolute -top-16 -right-16 size-56 rounded-full bg-accent-bright/25 blur-2xl"
        />
        <h2 className="relative text-2xl font-bold tracking-tight sm:text-3xl">
          {t("home.cta.title")}
        </h2>
        <p className="relative mx-auto mt-3 max-w-2xl text-primary-soft">{t("home.cta.body")}</p>
        <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/real-estate"
            className={cn(buttonVariants({ variant: "accent", size: "lg" }), "px-6")}
          >
            {t("home.cta.browse")}
          </Link>
          <Link
            to="/hospitality"
            className="inline-flex h-11 items-center justify-center rounded-lg bg-surface px-6 font-semibold text-primary-strong hover:bg-primary-tint"
          >
            {t("home.cta.book")}
          </Link>
          <Popover
            label={t("home.cta.languageMenu")}
            triggerClassName={cn(buttonVariants({ variant: "onDark", size: "lg" }), "px-6")}
            trigger={
              <>
                <Icon name="globe" className="size-4" />
                {t("home.cta.language")}
              </>
            }
            align="center"
            className="w-64 p-2"
          >
            {() => (
              <>
                <ul aria-label={t("layout.language.label")}>
                  <li>
                    <span
                      aria-current="true"
                      className="flex items-center justify-between rounded-lg bg-primary-tint px-3 py-2 text-sm font-medium text-primary-strong"
                    >
                      {t("layout.language.english")}
                      <Icon name="check" className="size-4" />
                    </span>
                  </li>
                </ul>
                <p className="px-3 pt-2 pb-1 text-xs text-subtle">
                  {t("home.cta.moreLanguagesSoon")}
                </p>
              </>
            )}
          </Popover>
        </div>
      </div>
    </section>
  );
}
