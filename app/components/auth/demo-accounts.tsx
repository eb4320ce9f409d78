import { FlaskConical } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { DEMO_PEOPLE, type DemoPersonKey } from "../../lib/demo-people.ts";
import { buttonVariants } from "../ui/button.tsx";

/**
 * The "Demo accounts" panel of a development start with demo data: one button per demo person,
 * each a plain form post (it works before JavaScript loads). Shown only where the server says demo
 * sign-in is on; the action refuses it everywhere else.
 */
export function DemoAccounts({ people }: { people: readonly DemoPersonKey[] }) {
  const t = useT();
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formAction === "/auth/demo-sign-in"
      ? navigation.formData?.get("person")
      : null;
  return (
    <section
      aria-labelledby="demo-accounts-title"
      className="mt-6 rounded-xl border border-dashed border-accent-light bg-accent-tint p-4"
    >
      <h3
        id="demo-accounts-title"
        className="flex items-center gap-2 text-sm font-semibold text-ink"
      >
        <FlaskConical aria-hidden className="size-4 text-accent" />
        {t("auth.demo.title")}
      </h3>
      <p className="mt-1 text-xs leading-relaxed text-muted">{t("auth.demo.description")}</p>
      <Form method="post" action="/auth/demo-sign-in" className="mt-3 grid gap-2">
        {DEMO_PEOPLE.filter((person) => people.includes(person.key)).map((person) => (
          <button
            key={person.key}
            type="submit"
            name="person"
            value={person.key}
            disabled={busy != null}
            aria-busy={busy === person.key || undefined}
            className={cn(
              buttonVariants({ variant: "outline", size: "md" }),
              "h-auto min-h-10 justify-start py-2 text-left",
            )}
          >
            {t("auth.demo.signInAs", {
              name: person.name,
              role: t(`auth.demo.roles.${person.key}`),
            })}
          </button>
        ))}
      </Form>
    </section>
  );
}
