import {
  ArrowRight,
  BadgeCheck,
  ChevronDown,
  CircleHelp,
  FileText,
  Lock,
  MessageSquare,
  UserCheck,
} from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useMatches } from "react-router";
import type { Route } from "./+types/legal";
import { PageHero } from "../../components/site/page-hero.tsx";
import { pickMessages } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { paymentMethodList, truthfulText } from "../../lib/capabilities.ts";
import { siteCapabilities } from "../../services/capabilities/site-capabilities.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { buttonVariants } from "../../components/ui/button.tsx";
import { cardVariants } from "../../components/ui/card.tsx";

/** The page's four sections, in order; each has its own path (and route id `legal-<section>`). */
const SECTIONS = [
  { id: "terms", to: "/terms", Icon: FileText },
  { id: "faq", to: "/faq", Icon: CircleHelp },
  { id: "privacy", to: "/privacy", Icon: Lock },
  { id: "kyc", to: "/kyc", Icon: UserCheck },
] as const;
type SectionId = (typeof SECTIONS)[number]["id"];

const TERMS = [
  "accounts",
  "listings",
  "bookings",
  "payments",
  "verification",
  "conduct",
  "liability",
  "changes",
] as const;
const FAQ = [
  "free",
  "booking",
  "payments",
  "currency",
  "verification",
  "pending",
  "account",
  "contactLister",
] as const;
const PRIVACY = ["collect", "use", "share", "cookies", "rights", "retention"] as const;
const KYC_STEPS = ["email", "phone", "identity", "business", "review"] as const;
const KYC_BENEFITS = ["badge", "visibility", "trust"] as const;

/** Smooth, unless the visitor asked for reduced motion. */
function scrollBehavior(): ScrollBehavior {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "instant" : "smooth";
}

function sectionOf(value: string | undefined): SectionId {
  const found = SECTIONS.find((s) => value === `legal-${s.id}` || value === s.to);
  return found?.id ?? "terms";
}

export async function loader() {
  return { messages: pickMessages(["legal"]), capabilities: await siteCapabilities() };
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { capabilities } = loaderData;
  const methods = paymentMethodList(capabilities, (method) => t(`legal.methods.${method}`));
  const matches = useMatches();
  const section = sectionOf(matches.at(-1)?.id);
  const [inView, setInView] = useState<SectionId>(section);
  const chipsRef = useRef<HTMLUListElement>(null);

  // Arriving on /terms, /faq, /privacy or /kyc (first load or navigation) scrolls to that section.
  useEffect(() => {
    const element = document.getElementById(section);
    if (!element) return;
    element.scrollIntoView({ behavior: scrollBehavior(), block: "start" });
  }, [section]);

  // The section nav highlights the section being read.
  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.find((entry) => entry.isIntersecting);
        if (visible) setInView(sectionOf(`legal-${visible.target.id}`));
      },
      { rootMargin: "-35% 0px -60% 0px" },
    );
    for (const { id } of SECTIONS) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, []);

  // On phones the nav is a row of chips that scrolls sideways: keep the highlighted one visible.
  useEffect(() => {
    const list = chipsRef.current;
    const chip = list?.querySelector<HTMLElement>(`[data-section="${inView}"]`);
    if (!list || !chip || list.scrollWidth <= list.clientWidth) return;
    list.scrollTo({ left: chip.offsetLeft - 16, behavior: scrollBehavior() });
  }, [inView]);

  return (
    <>
      <PageHero
        eyebrow={t("legal.hero.eyebrow")}
        title={t("legal.hero.title")}
        lead={t("legal.hero.lead")}
      >
        <p className="mt-6 text-sm text-primary-pale">
          {t("legal.hero.updated", { date: t("legal.hero.updatedDate") })}
        </p>
      </PageHero>

      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10 lg:pt-12">
        <nav
          aria-label={t("legal.nav.label")}
          className="sticky top-16 z-30 -mx-4 border-b border-line bg-canvas/95 px-4 py-2.5 backdrop-blur sm:-mx-6 sm:px-6 lg:top-24 lg:mx-0 lg:self-start lg:border-0 lg:bg-transparent lg:p-0 lg:backdrop-blur-none"
        >
          <p className="hidden px-3 pb-2 text-xs font-semibold tracking-wide text-subtle uppercase lg:block">
            {t("legal.nav.label")}
          </p>
          <ul
            ref={chipsRef}
            className="relative flex gap-2 overflow-x-auto [scrollbar-width:none] lg:flex-col lg:gap-1 lg:overflow-visible"
          >
            {SECTIONS.map(({ id, to, Icon }) => {
              const active = inView === id;
              return (
                <li key={id} data-section={id} className="shrink-0">
                  <Link
                    to={to}
                    preventScrollReset
                    aria-current={section === id ? "page" : undefined}
                    className={cn(
                      "flex items-center gap-2 rounded-full px-3.5 py-2 text-sm font-medium whitespace-nowrap transition-colors lg:rounded-lg",
                      active
                        ? "bg-primary text-white lg:bg-primary-tint lg:text-primary-strong"
                        : "bg-surface text-secondary ring-1 ring-line hover:bg-surface-muted lg:bg-transparent lg:ring-0",
                    )}
                  >
                    <Icon aria-hidden className="hidden size-4 lg:block" />
                    {t(`legal.nav.${id}`)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="min-w-0 space-y-6 pt-6 lg:pt-0">
          <LegalSection
            id="terms"
            title={t("legal.terms.title")}
            intro={t("legal.terms.intro")}
            Icon={FileText}
          >
            <div className="space-y-6">
              {TERMS.map((key) => (
                <div key={key}>
                  <h3 className="font-semibold text-ink">
                    {t(`legal.terms.sections.${key}.title`)}
                  </h3>
                  <p className="mt-1.5 leading-relaxed text-secondary">
                    {t(truthfulText(`legal.terms.sections.${key}.body`, capabilities), { methods })}
                  </p>
                </div>
              ))}
            </div>
          </LegalSection>

          <LegalSection
            id="faq"
            title={t("legal.faq.title")}
            intro={t("legal.faq.intro")}
            Icon={CircleHelp}
          >
            <div className="divide-y divide-line rounded-xl border border-line">
              {FAQ.map((key) => (
                <details key={key} className="group">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-4 font-medium text-ink hover:bg-canvas sm:px-5 [&::-webkit-details-marker]:hidden">
                    {t(`legal.faq.items.${key}.q`)}
                    <ChevronDown
                      aria-hidden
                      className="size-5 shrink-0 text-subtle transition-transform group-open:rotate-180"
                    />
                  </summary>
                  <p className="px-4 pb-4 leading-relaxed text-secondary sm:px-5">
                    {t(truthfulText(`legal.faq.items.${key}.a`, capabilities), { methods })}
                  </p>
                </details>
              ))}
            </div>
          </LegalSection>

          <LegalSection
            id="privacy"
            title={t("legal.privacy.title")}
            intro={t("legal.privacy.intro")}
            Icon={Lock}
          >
            <div className="grid gap-x-8 gap-y-6 md:grid-cols-2">
              {PRIVACY.map((key) => (
                <div key={key}>
                  <h3 className="font-semibold text-ink">
                    {t(`legal.privacy.sections.${key}.title`)}
                  </h3>
                  <p className="mt-1.5 leading-relaxed text-secondary">
                    {t(`legal.privacy.sections.${key}.body`)}
                  </p>
                </div>
              ))}
            </div>
          </LegalSection>

          <LegalSection
            id="kyc"
            title={t("legal.kyc.title")}
            intro={t("legal.kyc.intro")}
            Icon={UserCheck}
          >
            <h3 className="font-semibold text-ink">{t("legal.kyc.stepsTitle")}</h3>
            <ol className="mt-4 grid gap-3 sm:grid-cols-2">
              {KYC_STEPS.map((key, index) => (
                <li key={key} className="flex gap-3 rounded-xl bg-canvas p-4 ring-1 ring-line">
                  <span
                    aria-hidden
                    className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-white"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <p className="font-semibold text-ink">{t(`legal.kyc.steps.${key}.title`)}</p>
                    <p className="mt-0.5 text-sm leading-relaxed text-muted">
                      {t(`legal.kyc.steps.${key}.body`)}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
            <h3 className="mt-8 font-semibold text-ink">{t("legal.kyc.benefitsTitle")}</h3>
            <ul className="mt-3 space-y-2.5">
              {KYC_BENEFITS.map((key) => (
                <li key={key} className="flex gap-2.5 text-secondary">
                  <BadgeCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-vivid" />
                  {t(`legal.kyc.benefits.${key}`)}
                </li>
              ))}
            </ul>
            <p className="mt-6 rounded-lg bg-accent-tint px-4 py-3 text-sm text-secondary ring-1 ring-accent-pale">
              {t("legal.kyc.note")}
            </p>
          </LegalSection>

          <div className="flex flex-col gap-4 rounded-xl bg-primary-deep p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
            <div className="flex gap-3">
              <MessageSquare aria-hidden className="mt-0.5 size-6 shrink-0 text-accent-light" />
              <div>
                <p className="text-lg font-semibold">{t("legal.questions")}</p>
                <p className="text-sm text-primary-soft">{t("legal.questionsBody")}</p>
              </div>
            </div>
            <Link to="/contact" className={buttonVariants({ variant: "highlight", size: "lg" })}>
              {t("legal.contactUs")}
              <ArrowRight aria-hidden className="size-4" />
            </Link>
          </div>
        </div>
      </div>
    </>
  );
}

function LegalSection({
  id,
  title,
  intro,
  Icon,
  children,
}: {
  id: SectionId;
  title: string;
  intro: string;
  Icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  children: React.ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn(cardVariants(), "scroll-mt-36 p-5 sm:p-8 lg:scroll-mt-24")}
    >
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-tint text-primary">
          <Icon aria-hidden className="size-5" />
        </span>
        <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
          {title}
        </h2>
      </div>
      <p className="mt-4 leading-relaxed text-muted">{intro}</p>
      <div className="mt-6">{children}</div>
    </section>
  );
}

export function meta({ matches, location }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const section = sectionOf(location.pathname);
  return pageMeta({
    appUrl: matches[0].loaderData.appUrl,
    siteName: matches[0].loaderData.settings.siteName,
    path: location.pathname,
    title: t(`legal.meta.${section}.title`),
    description: t(`legal.meta.${section}.description`),
  });
}
