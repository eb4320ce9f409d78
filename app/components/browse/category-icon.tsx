import {
  Briefcase,
  Building2,
  ConciergeBell,
  GraduationCap,
  Hotel,
  LayoutGrid,
  Plane,
  type LucideIcon,
} from "lucide-react";
import type { BrowseCategory } from "../../lib/schemas/browse.ts";

/** The icon of each section, as on the home page's services grid. */
export const CATEGORY_ICONS: Record<BrowseCategory, LucideIcon> = {
  "real-estate": Building2,
  hospitality: Hotel,
  "student-housing": GraduationCap,
  professionals: Briefcase,
  "travel-agencies": Plane,
  concierge: ConciergeBell,
  all: LayoutGrid,
};
