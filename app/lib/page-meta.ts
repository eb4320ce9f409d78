import type { MetaDescriptor } from "react-router";

/** The picture a shared link shows when a page has none of its own. */
export const DEFAULT_SHARE_IMAGE = "/images/hero/slide-1.webp";

export interface PageMetaInput {
  /** The public origin (APP_URL), for absolute links in previews. */
  appUrl: string;
  /** The platform's name as the administrator set it (the root loader's settings). */
  siteName: string;
  /** The page's canonical path with its query, e.g. `/real-estate?page=2`. */
  path: string;
  title: string;
  description: string;
  /** Absolute URL or site path of the share image. */
  image?: string;
  /** The share card's title when it should differ from the document title. */
  shareTitle?: string;
  /** Search engines may follow links but not list the page (filtered views, unpublished listings). */
  noindex?: boolean;
}

/**
 * Title, description, canonical link and the OpenGraph/Twitter card every public page carries,
 * so a link pasted into WhatsApp or X shows a proper preview.
 */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const url = `${input.appUrl}${input.path}`;
  const imagePath = input.image ?? DEFAULT_SHARE_IMAGE;
  const image = imagePath.startsWith("/") ? `${input.appUrl}${imagePath}` : imagePath;
  const shareTitle = input.shareTitle ?? input.title;
  return [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    ...(input.noindex ? [{ name: "robots", content: "noindex, follow" }] : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: input.siteName },
    { property: "og:title", content: shareTitle },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: shareTitle },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
}
