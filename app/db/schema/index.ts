export * from "./auth.ts";
export * from "./reference.ts";
export * from "./listings.ts";
export * from "./content.ts";
export * from "./uploads.ts";
export * from "./admin.ts";
export * from "./bookings.ts";
export * from "./conversations.ts";
