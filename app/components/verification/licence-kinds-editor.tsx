import { Form } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import type { LicenceKind } from "../../lib/schemas/verification.ts";
import { LICENCE_PROFESSIONS, MAX_LICENCE_NAME } from "../../lib/verification-values.ts";
import { Button } from "../ui/button.tsx";
import { cardVariants } from "../ui/card.tsx";
import { Input } from "../ui/input.tsx";
import { Select } from "../ui/select.tsx";

/**
 * The licence kinds of the business step, per country and profession: each row renamed or
 * switched off in place, and a new one added below. Folded away: the queue comes first.
 */
export function LicenceKindsEditor({
  licenceKinds,
  countries,
  busy,
}: {
  licenceKinds: LicenceKind[];
  countries: { code: string; name: string }[];
  busy: boolean;
}) {
  const t = useT();
  const nameOf = new Map(countries.map((c) => [c.code, c.name]));
  return (
    <details className={cn(cardVariants({ elevated: false }), "mt-6 p-4 sm:p-5")}>
      <summary className="cursor-pointer font-bold text-ink">
        {t("verification.queue.licences")}
      </summary>
      <p className="mt-2 text-sm text-muted">{t("verification.queue.licencesIntro")}</p>
      <ul className="mt-3 divide-y divide-line" aria-label={t("verification.queue.licences")}>
        {licenceKinds.map((kind) => (
          <li key={kind.id} className="py-2">
            <Form method="post" className="flex flex-wrap items-center gap-2">
              <input type="hidden" name="intent" value="edit-licence" />
              <input type="hidden" name="licenceKindId" value={kind.id} />
              <input type="hidden" name="countryCode" value={kind.countryCode} />
              <input type="hidden" name="profession" value={kind.profession} />
              <span className="w-40 text-sm text-secondary">
                {nameOf.get(kind.countryCode) ?? kind.countryCode} ·{" "}
                {t(`verification.professions.${kind.profession}`)}
              </span>
              <Input
                name="name"
                defaultValue={kind.name}
                maxLength={MAX_LICENCE_NAME}
                aria-label={t("verification.queue.name")}
                className="h-9 w-56 flex-1"
                required
              />
              <label className="flex items-center gap-1 text-sm">
                <input type="checkbox" name="active" value="true" defaultChecked={kind.active} />
                {t("verification.queue.active")}
              </label>
              <input type="hidden" name="active" value="false" />
              <Button type="submit" size="sm" variant="outline" disabled={busy}>
                {t("verification.queue.save")}
              </Button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="add-licence" />
        <Select
          name="countryCode"
          aria-label={t("verification.queue.country")}
          required
          className="h-9 w-44"
        >
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </Select>
        <Select
          name="profession"
          aria-label={t("verification.queue.profession")}
          required
          className="h-9 w-52"
        >
          {LICENCE_PROFESSIONS.map((profession) => (
            <option key={profession} value={profession}>
              {t(`verification.professions.${profession}`)}
            </option>
          ))}
        </Select>
        <Input
          name="name"
          maxLength={MAX_LICENCE_NAME}
          aria-label={t("verification.queue.name")}
          className="h-9 w-56"
          required
        />
        <Button type="submit" size="sm" disabled={busy}>
          {t("verification.queue.add")}
        </Button>
      </Form>
    </details>
  );
}
