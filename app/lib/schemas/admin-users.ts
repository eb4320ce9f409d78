import { z } from "zod";
import { AUDIT_ACTIONS } from "../admin-values.ts";
import { ROLES, SELECTABLE_ROLES } from "../roles.ts";
import { MAX_NAME_LENGTH } from "./profile.ts";
import { suspensionStateSchema } from "./suspensions.ts";
import { isStorableText, oneLine } from "./text.ts";

/** The Users tab's page size. */
export const USERS_PAGE_SIZE = 20;
/** The Audit Log's page size. */
export const AUDIT_PAGE_SIZE = 25;

/** The search of every account: name or e-mail, on one line. */
const usersSearch = z.string().refine(isStorableText).overwrite(oneLine).trim().max(100);
const pageNumber = z.coerce.number().int().min(1).max(100_000);

/** `?q=&page=` of GET /api/v1/admin/users: a value it does not accept is named in a 400. */
export const adminUsersQuerySchema = z.object({
  q: usersSearch.default("").meta({ description: "Part of a name or e-mail address." }),
  page: pageNumber.default(1).meta({ description: `Page number; ${USERS_PAGE_SIZE} per page.` }),
});

/** The same for the Users tab, which forgives: a bad value means no search, or page 1. */
export const adminUsersPageQuerySchema = z.object({
  q: usersSearch.catch(""),
  page: pageNumber.catch(1),
});

/** An account's id as it comes in a form or a path: ids are opaque text, never empty. */
export const userIdSchema = z.string().trim().min(1).max(100);

export const userNameSchema = z
  .string({ error: "dashboard.users.errors.nameRequired" })
  .refine(isStorableText, "dashboard.users.errors.invalidCharacters")
  .overwrite(oneLine)
  .trim()
  .min(1, "dashboard.users.errors.nameRequired")
  .max(MAX_NAME_LENGTH, "dashboard.users.errors.nameTooLong");

/**
 * An administrator's change to an account: its name, its role among the selectable ones (admin is
 * never granted), or both. The Users tab's form sends both; the API any of them.
 */
export const userEditSchema = z
  .object({
    name: userNameSchema.optional().meta({ description: "The full name." }),
    role: z
      .enum(SELECTABLE_ROLES, { error: "dashboard.users.errors.invalidRole" })
      .optional()
      .meta({ description: "user, agent or professional; nobody is granted admin." }),
  })
  .strict()
  .refine((v) => v.name !== undefined || v.role !== undefined, {
    message: "dashboard.users.errors.nothingToChange",
  });
export type UserEdit = z.output<typeof userEditSchema>;

/** `?action=&page=` of GET /api/v1/admin/audit-log. */
export const auditLogQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional().meta({ description: "Only entries of this action." }),
  page: pageNumber.default(1).meta({ description: `Page number; ${AUDIT_PAGE_SIZE} per page.` }),
});

/** The same for the Audit Log tab: an unknown action means all of them, a bad page the first. */
export const auditLogPageQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
  page: pageNumber.catch(1),
});

// ── Answers of the API ────────────────────────────────────────────────────────────────────────

/**
 * What the administrator may do with an account besides renaming it, decided by the users service
 * with the rules its writes check: never for the administrator's own account nor the
 * administrator address's.
 */
export const userRightsSchema = z.object({
  changeRole: z.boolean().meta({ description: "Change the account type." }),
  delete: z.boolean().meta({ description: "Delete the account." }),
  suspend: z.boolean().meta({ description: "Suspend or ban the account, and lift it." }),
});
export type UserRights = z.infer<typeof userRightsSchema>;

export const userRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES).nullable().meta({ description: "Null until the person chooses one." }),
  avatarUrl: z.string().nullable(),
  createdAt: z.string().meta({ description: "ISO 8601" }),
  suspension: suspensionStateSchema
    .nullable()
    .meta({ description: "The suspension or ban in force now; null for an active account." }),
  may: userRightsSchema,
});

export type UserRow = z.infer<typeof userRowSchema>;

export const usersPageSchema = z.object({
  rows: z.array(userRowSchema),
  total: z.int(),
  page: z.int(),
  pageCount: z.int(),
  query: z.string(),
});

export const deletedUserSchema = z.object({
  email: z.string(),
  listings: z.int().meta({ description: "How many listings were deleted with the account." }),
});

export const auditEntrySchema = z.object({
  id: z.int(),
  createdAt: z.string().meta({ description: "ISO 8601" }),
  actorEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string(),
  targetId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});

export const auditPageSchema = z.object({
  rows: z.array(auditEntrySchema),
  total: z.int(),
  page: z.int(),
  pageCount: z.int(),
  action: z.enum(AUDIT_ACTIONS).nullable(),
});
