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
