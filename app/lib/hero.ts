export interface HeroSlide {
  imageUrl: string;
  alt: string;
  description: string;
}

export interface HeroContent {
  title: string;
  subtitle: string;
  description: string;
  slides: HeroSlide[];
}

/** An uploaded slide's picture: its largest variant, stored beside a phone-sized one. */
const UPLOADED_SLIDE = /^(\/media\/hero\/[0-9a-f]{16})-gallery\.webp$/;

/**
 * The `src` and `srcSet` of a slide's picture: an uploaded one offers its card-sized variant to
 * phones; the pictures the site ships come in one size.
 */
export function heroImageSources(imageUrl: string): { src: string; srcSet?: string } {
  const base = UPLOADED_SLIDE.exec(imageUrl)?.[1];
  if (!base) return { src: imageUrl };
  return { src: imageUrl, srcSet: `${base}-card.webp 640w, ${base}-gallery.webp 1280w` };
}
