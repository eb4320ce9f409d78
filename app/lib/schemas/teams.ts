import { z } from "zod";
import { MEMBERSHIP_ROLES } from "../team-values.ts";
import { isStorableText } from "./text.ts";

/**
 * The team (agency) contract: starting an agency, inviting by e-mail, accepting, assigning, and
 * what the Team tab and the API show. Forms and the JSON API parse the same schemas; their
 * messages are i18n keys of `teams.errors`.
 */

const E = {
  name: "teams.errors.name",
  handle: "teams.errors.handle",
  email: "teams.errors.email",
  token: "teams.errors.token",
  member: "teams.errors.member",
} as const;

export const AGENCY_NAME_MAX = 80;
export const AGENCY_HANDLE_MAX = 40;

export const agencyInputSchema = z.object({
  name: z
    .string({ error: E.name })
    .trim()
    .min(2, E.name)
    .max(AGENCY_NAME_MAX, E.name)
    .refine(isStorableText, E.name)
    .meta({ description: "The agency's name as people see it.", example: "Savannah Homes" }),
  handle: z
    .string({ error: E.handle })
    .trim()
    .toLowerCase()
    .min(3, E.handle)
    .max(AGENCY_HANDLE_MAX, E.handle)
    .regex(/^[a-z0-9](-?[a-z0-9])*$/, E.handle)
    .meta({
      description: "The agency's address on the site: lower-case letters, digits and dashes.",
      example: "savannah-homes",
    }),
});
export type AgencyInput = z.infer<typeof agencyInputSchema>;

export const invitationInputSchema = z.object({
  email: z
    .string({ error: E.email })
    .trim()
    .toLowerCase()
    .min(1, E.email)
    .pipe(z.email({ error: E.email }))
    .meta({ description: "The address the invitation is sent to.", example: "amina@example.com" }),
});

export const acceptInputSchema = z.object({
  token: z
    .string({ error: E.token })
    .trim()
    .min(16, E.token)
    .max(200, E.token)
    .meta({ description: "The token of the invitation's link." }),
});

export const assignInputSchema = z.object({
  memberId: z
    .string({ error: E.member })
    .trim()
    .min(1, E.member)
    .max(100, E.member)
    .meta({ description: "The account id of an active member of the agency (or its owner)." }),
});

/** The fields of the Team tab's forms, in the order shown: read from the schemas' shapes. */
export const AGENCY_FIELDS = Object.keys(agencyInputSchema.shape) as (keyof AgencyInput)[];
export const INVITATION_FIELDS = Object.keys(invitationInputSchema.shape) as "email"[];

export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(MEMBERSHIP_ROLES),
  joinedAt: z.string().meta({ description: "ISO time" }),
  listings: z.int().meta({ description: "Their listings published under the agency." }),
});

export const teamInvitationSchema = z.object({
  id: z.int(),
  email: z.string(),
  expiresAt: z.string().meta({ description: "ISO time" }),
  expired: z.boolean(),
});

export const agencySchema = z.object({
  id: z.int(),
  name: z.string(),
  handle: z.string(),
  ownerName: z.string(),
  businessVerifiedAt: z.string().nullable().meta({ description: "ISO time, or null" }),
});

export const teamViewSchema = z.object({
  /** The caller's place: the agency's owner, a member, or in no agency. */
  role: z.enum(MEMBERSHIP_ROLES).nullable(),
  agency: agencySchema.nullable(),
  running: z.boolean().meta({
    description: "False while the owner's plan grants no team: the team is paused, nothing lost.",
  }),
  seats: z.int().nullable().meta({ description: "Members the plan allows (owner not counted)." }),
  seatsUsed: z.int().meta({ description: "Active members plus open invitations." }),
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
  /** Why the caller cannot start or run a team (the plan's refusal), or null. */
  locked: z.string().nullable(),
});
export type TeamView = z.infer<typeof teamViewSchema>;

/** One of the agency's people (its owner or an active member), to hand a listing or lead to. */
export const teamMateSchema = z.object({ id: z.string(), name: z.string() });
export type TeamMate = z.infer<typeof teamMateSchema>;

export const acceptedSchema = z.object({ agency: agencySchema });
