import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/team";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { requirePermission } from "../../auth/guards.server.ts";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { pickMessages } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import type { AppError } from "../../lib/app-error.ts";
import {
  AGENCY_FIELDS,
  agencyInputSchema,
  invitationInputSchema,
} from "../../lib/schemas/teams.ts";
import { answerAction, formRefusal } from "../../services/session/action-answer.server.ts";
import { formFields, readForm } from "../../services/session/read-form.server.ts";
import {
  acceptInvitation,
  invitationFor,
  inviteMember,
  revokeInvitation,
} from "../../services/teams/team-invitations.server.ts";
import {
  createAgency,
  leaveTeam,
  removeMember,
  teamView,
} from "../../services/teams/teams.server.ts";
import {
  FIELD_LABELS,
  InvitationCard,
  MemberView,
  OwnerView,
  useFieldError,
  type TeamRefusal,
} from "../../components/teams/team-panels.tsx";

const PATH = "/dashboard/team";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "team:view");
  const token = new URL(request.url).searchParams.get("invitation");
  return {
    team: await teamView(viewer),
    invitation: token ? { token, found: await invitationFor(viewer, token) } : null,
    messages: pickMessages(["teams"]),
  };
}

/** A refusal as a toast on the tab: the reason in the team's words, nothing changed. */
function refused(error: AppError) {
  return redirectWithToast(PATH, {
    title: "teams.toasts.failed",
    description: error.message,
    params: error.params,
    variant: "destructive",
  });
}

/**
 * The tab's forms: start the agency, invite, revoke, remove (the owner's); accept and leave (a
 * member's). The services check who may; a refused form comes back with its fields' messages or
 * a toast saying why nothing changed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "team:view");
  const form = await readForm(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  switch (form.get("intent")) {
    case "create": {
      const values = formFields(form, agencyInputSchema);
      return answerAction(() => createAgency(viewer, values), {
        success: () =>
          redirectWithToast(PATH, {
            title: "teams.toasts.created",
            description: "teams.toasts.createdDescription",
          }),
        fieldErrors: (fieldErrors) => formRefusal(fieldErrors, { intent: "create", ...values }),
        refused,
      });
    }
    case "invite": {
      const values = formFields(form, invitationInputSchema);
      return answerAction(() => inviteMember(viewer, values), {
        success: (invitation) =>
          redirectWithToast(PATH, {
            title: "teams.toasts.invited",
            description: "teams.toasts.invitedDescription",
            params: { email: invitation.email },
          }),
        fieldErrors: (fieldErrors) => formRefusal(fieldErrors, { intent: "invite", ...values }),
        refused,
      });
    }
    case "revoke":
      return answerAction(() => revokeInvitation(viewer, text("invitationId")), {
        success: () => redirectWithToast(PATH, { title: "teams.toasts.revoked" }),
        refused,
      });
    case "remove":
      return answerAction(() => removeMember(viewer, text("memberId")), {
        success: () =>
          redirectWithToast(PATH, {
            title: "teams.toasts.removed",
            description: "teams.toasts.removedDescription",
          }),
        refused,
      });
    case "leave":
      return answerAction(() => leaveTeam(viewer), {
        success: () => redirectWithToast(PATH, { title: "teams.toasts.left" }),
        refused,
      });
    case "accept":
      return answerAction(() => acceptInvitation(viewer, { token: text("token") }), {
        success: ({ agency }) =>
          redirectWithToast(PATH, {
            title: "teams.toasts.joined",
            description: "teams.toasts.joinedDescription",
            params: { agency: agency.name },
          }),
        refused,
      });
    default:
      throw data(null, { status: 400 });
  }
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { team, invitation } = loaderData;
  const refusal = (actionData ?? undefined) as TeamRefusal | undefined;
  return (
    <div className="space-y-6">
      <div>
        <SectionHeading>{t("teams.tab.title")}</SectionHeading>
        <p className="mt-1 text-sm text-muted">
          {t(team.role === "member" ? "teams.tab.subtitleMember" : "teams.tab.subtitle")}
        </p>
      </div>
      {invitation && <InvitationCard invitation={invitation} team={team} />}
      {team.role === "owner" && <OwnerView team={team} refusal={refusal} />}
      {team.role === "member" && <MemberView team={team} />}
      {team.role === null &&
        (team.locked ? <Locked text={team.locked} /> : <StartAgency refusal={refusal} />)}
    </div>
  );
}

function Locked({ text }: { text: string }) {
  const t = useT();
  return (
    <Card className="space-y-3 p-6" data-testid="team-locked">
      <h3 className="text-lg font-bold text-ink">{t("teams.tab.lockedTitle")}</h3>
      <p className="text-secondary">{text}</p>
      <Link
        to="/dashboard/premium-plans"
        className={buttonVariants({ variant: "primary", size: "md" })}
      >
        {t("teams.tab.lockedLink")}
      </Link>
    </Card>
  );
}

function StartAgency({ refusal }: { refusal: TeamRefusal | undefined }) {
  const t = useT();
  const errorOf = useFieldError(refusal, "create");
  const busy = useNavigation().state === "submitting";
  return (
    <Card className="space-y-4 p-6">
      <div>
        <h3 className="text-lg font-bold text-ink">{t("teams.tab.startTitle")}</h3>
        <p className="mt-1 text-sm text-secondary">{t("teams.tab.startBody")}</p>
      </div>
      <Form method="post" className="grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="create" />
        {AGENCY_FIELDS.map((name) => (
          <Field
            key={name}
            name={name}
            label={t(FIELD_LABELS[name]!)}
            hint={name === "handle" ? t("teams.fields.handleHint") : undefined}
            error={errorOf(name)}
            defaultValue={refusal?.values.intent === "create" ? refusal.values[name] : undefined}
            required
            autoComplete="off"
          />
        ))}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {t("teams.tab.start")}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
