import { Icon } from "../ui/icon.tsx";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon } from "../ui/social-icons.tsx";
import { BrandMark, BrandName, type BrandLogo } from "./logo.tsx";
import { MAIN_NAV } from "./nav-items.ts";

const COMPANY: { to: string; label: MessageKey }[] = [
  { to: "/about", label: "layout.footer.aboutUs" },
  { to: "/services", label: "layout.footer.services" },
  { to: "/contact", label: "layout.footer.contact" },
];

const LEGAL: { to: string; label: MessageKey }[] = [
  { to: "/terms", label: "layout.footer.terms" },
  { to: "/privacy", label: "layout.footer.privacy" },
  { to: "/faq", label: "layout.footer.faq" },
  { to: "/kyc", label: "layout.footer.kyc" },
];

const SOCIAL = [
  {
    href: "https://www.facebook.com/gatewayafrica",
    label: "layout.footer.social.facebook",
    Icon: FacebookIcon,
  },
  { href: "https://x.com/gatewayafrica", label: "layout.footer.social.x", Icon: XIcon },
  {
    href: "https://www.instagram.com/gatewayafrica",
    label: "layout.footer.social.instagram",
    Icon: InstagramIcon,
  },
  {
    href: "https://www.linkedin.com/company/gatewayafrica",
    label: "layout.footer.social.linkedin",
    Icon: LinkedInIcon,
  },
] as const;

export function Footer({
  siteName,
  logo,
  supportEmail,
  supportPhone,
  year,
}: {
  siteName: string;
  logo: BrandLogo | null;
  supportEmail: string;
  supportPhone: string;
  year: number;
}) {
  const t = useT();
  return (
    <footer className="mt-16 bg-primary-deepest text-primary-soft print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Link to="/" className="inline-flex items-center gap-2">
            <BrandMark logo={logo} className="size-9" />
            <BrandName
              name={siteName}
              accentClassName="text-accent-bright"
              className="text-lg font-bold text-white"
            />
          </Link>
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-primary-pale">
            {t("layout.footer.about")}
          </p>
          <p className="mt-6 text-xs font-semibold tracking-wide text-primary-light uppercase">
            {t("layout.footer.follow")}
          </p>
          <ul className="mt-3 flex gap-2">
            {SOCIAL.map(({ href, label, Icon }) => (
              <li key={href}>
                <a
                  href={href}
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={t(label)}
                  className="inline-flex size-10 items-center justify-center rounded-full bg-surface/10 text-white hover:bg-accent-mid"
                >
                  <Icon className="size-[18px]" />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <FooterLinks title={t("layout.footer.explore")} links={MAIN_NAV.slice(1)} />
        <div className="grid grid-cols-2 gap-8 md:col-span-1 md:grid-cols-1">
          <FooterLinks title={t("layout.footer.company")} links={COMPANY} />
          <FooterLinks title={t("layout.footer.legal")} links={LEGAL} />
        </div>

        <address className="not-italic">
          <h2 className="text-sm font-semibold text-white">{t("layout.footer.contactUs")}</h2>
          <ul className="mt-4 space-y-3 text-sm text-primary-pale">
            <li className="flex gap-2.5">
              <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-accent-bright" />
              <span>
                <span className="block font-medium text-white">
                  {t("layout.footer.mainOffice")}
                </span>
                {t("layout.footer.officeAddress")}
              </span>
            </li>
            <li className="flex gap-2.5">
              <Icon name="mail" className="mt-0.5 size-4 shrink-0 text-accent-bright" />
              <a href={`mailto:${supportEmail}`} className="hover:text-white">
                <span className="sr-only">{t("layout.footer.email")}: </span>
                {supportEmail}
              </a>
            </li>
            <li className="flex gap-2.5">
              <Icon name="phone" className="mt-0.5 size-4 shrink-0 text-accent-bright" />
              <a href={`tel:${supportPhone.replace(/[^\d+]/g, "")}`} className="hover:text-white">
                <span className="sr-only">{t("layout.footer.phone")}: </span>
                {supportPhone}
              </a>
            </li>
          </ul>
        </address>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-primary-light sm:px-6">
          {t("layout.footer.rights", { year })}
        </p>
      </div>
    </footer>
  );
}

function FooterLinks({
  title,
  links,
}: {
  title: string;
  links: { to: string; label: MessageKey }[];
}) {
  const t = useT();
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className="mt-4 space-y-2.5 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-primary-pale hover:text-white">
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
