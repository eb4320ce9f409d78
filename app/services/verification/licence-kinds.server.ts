import { and, asc, eq } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { licenceKinds } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  licenceKindInputSchema,
  type LicenceKind,
  type LicenceKindInput,
} from "../../lib/schemas/verification.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { constraintOf } from "../core/database-errors.server.ts";
import { notFound, requireId } from "../core/ids.server.ts";

/**
 * Which licence a business shows, per country and profession: reference data seeded once
 * (app/db/reference/reference-seed.server.ts) and then the administrator's (added, renamed, switched off; every change audited).
 */

const columns = {
  id: licenceKinds.id,
  countryCode: licenceKinds.countryCode,
  profession: licenceKinds.profession,
  name: licenceKinds.name,
  active: licenceKinds.active,
};

/** The licence kinds, of one country or all; the switched-off ones only when asked. */
export async function listLicenceKinds(
  options: { countryCode?: string | null; includeInactive?: boolean } = {},
): Promise<LicenceKind[]> {
  const db = await getDb();
  const filters = [
    options.countryCode
      ? eq(licenceKinds.countryCode, options.countryCode.toUpperCase())
      : undefined,
    options.includeInactive ? undefined : eq(licenceKinds.active, true),
  ];
  return db
    .select(columns)
    .from(licenceKinds)
    .where(and(...filters))
    .orderBy(asc(licenceKinds.countryCode), asc(licenceKinds.profession), asc(licenceKinds.name));
}

function parsed(input: unknown): LicenceKindInput {
  return parsedOrRefused(
    licenceKindInputSchema.safeParse(input),
    "verification.errors.invalidLicenceKind",
  );
}

async function written<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = constraintOf(error);
    if (constraint === "licence_kinds_country_profession_name_unique") {
      throw new AppError("CONFLICT", "verification.errors.licenceKindExists", {
        name: "verification.errors.licenceKindExists",
      });
    }
    if (constraint === "licence_kinds_country_code_countries_code_fk") {
      throw new AppError("VALIDATION_FAILED", "verification.errors.countryRequired", {
        countryCode: "verification.errors.countryRequired",
      });
    }
    throw error;
  }
}

export async function addLicenceKind(actor: Actor | null, input: unknown): Promise<LicenceKind> {
  requireAllowed(actor, "licence-kind:edit");
  const values = parsed(input);
  const db = await getDb();
  return written(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(licenceKinds).values(values).returning(columns);
      await recordAudit(tx, actor.id, {
        action: "licence-kind.add",
        targetType: "licence-kind",
        targetId: row!.id,
        detail: { countryCode: row!.countryCode, profession: row!.profession, name: row!.name },
      });
      return row!;
    }),
  );
}

/** Renames a kind, moves it to another country or profession, or switches it on or off. */
export async function updateLicenceKind(
  actor: Actor | null,
  { id: rawId, input }: { id: unknown; input: unknown },
): Promise<LicenceKind> {
  requireAllowed(actor, "licence-kind:edit");
  const id = requireId(rawId, "licenceKind");
  const values = parsed(input);
  const db = await getDb();
  return written(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select(columns).from(licenceKinds).where(eq(licenceKinds.id, id));
      if (!before) throw notFound("licenceKind");
      const [row] = await tx
        .update(licenceKinds)
        .set(values)
        .where(eq(licenceKinds.id, id))
        .returning(columns);
      await recordAudit(tx, actor.id, {
        action: "licence-kind.edit",
        targetType: "licence-kind",
        targetId: id,
        detail: { old: before, new: row },
      });
      return row!;
    }),
  );
}
