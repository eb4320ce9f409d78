import { UserMinus, X } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/team";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { requirePermission } from "../../auth/guards.server.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { DialogTrigger } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { pickMessages, type MessageKey } from "../../i18n/translate.ts";
import { useIsMessageKey, useT } from "../../i18n/use-t.ts";
import type { AppError } from "../../lib/app-error.ts";
import { formatDay } from "../../lib/format-day.ts";
import {
  AGENCY_FIELDS,
  agencyInputSchema,
  INVITATION_FIELDS,
  invitationInputSchema,
  type TeamView,
} from "../../lib/schemas/teams.ts";
import { answerAction, formRefusal } from "../../services/session/action-answer.server.ts";
import { formFields, readForm } from "../../services/session/read-form.server.ts";
import {
  acceptInvitation,
  createAgency,
  invitationFor,
  inviteMember,
  leaveTeam,
  removeMember,
  revokeInvitation,
  teamView,
} from "../../services/teams/teams.server.ts";

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

interface Refusal {
  fieldErrors: Record<string, string>;
  values: Record<string, string | undefined>;
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { team, invitation } = loaderData;
  const refusal = (actionData ?? undefined) as Refusal | undefined;
  return (
    <div className="space-y-6">
      <div>
        <SectionHeading>{t("teams.tab.title")}</SectionHeading>
        <p className="mt-1 text-sm text-muted">{t("teams.tab.subtitle")}</p>
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

/** A field's message, when the server sent one of the team's own keys. */
function useFieldError(refusal: Refusal | undefined, intent: string) {
  const t = useT();
  const isKey = useIsMessageKey();
  return (name: string): string | undefined => {
    if (refusal?.values.intent !== intent) return undefined;
    const message = refusal.fieldErrors[name];
    return message && isKey(message) ? t(message) : undefined;
  };
}

const FIELD_LABELS: Record<string, MessageKey> = {
  name: "teams.fields.name",
  handle: "teams.fields.handle",
  email: "teams.fields.email",
};

function StartAgency({ refusal }: { refusal: Refusal | undefined }) {
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

function OwnerView({ team, refusal }: { team: TeamView; refusal: Refusal | undefined }) {
  const t = useT();
  const errorOf = useFieldError(refusal, "invite");
  const busy = useNavigation().state === "submitting";
  const agency = team.agency!;
  return (
    <>
      {!team.running && (
        <Card className="space-y-3 border-warning p-6" data-testid="team-paused">
          <p className="text-secondary">{t("teams.tab.paused")}</p>
          {team.locked && <p className="text-sm text-muted">{team.locked}</p>}
          <Link
            to="/dashboard/premium-plans"
            className={buttonVariants({ variant: "primary", size: "md" })}
          >
            {t("teams.tab.lockedLink")}
          </Link>
        </Card>
      )}
      <Card className="flex flex-wrap items-center justify-between gap-3 p-6">
        <div>
          <h3 className="text-xl font-bold text-ink" data-testid="agency-name">
            {agency.name}
          </h3>
          <p className="text-sm text-muted">/agencies/{agency.handle}</p>
        </div>
        {team.seats !== null && (
          <div className="text-right">
            <p className="font-semibold text-ink" data-testid="team-seats">
              {t("teams.tab.seats", { used: team.seatsUsed, seats: team.seats })}
            </p>
            <p className="text-xs text-subtle">{t("teams.tab.seatsHint")}</p>
          </div>
        )}
      </Card>
      {team.running && (
        <Card className="space-y-4 p-6">
          <h3 className="text-lg font-bold text-ink">{t("teams.tab.inviteTitle")}</h3>
          <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <input type="hidden" name="intent" value="invite" />
            {INVITATION_FIELDS.map((name) => (
              <Field
                key={name}
                name={name}
                type="email"
                label={t(FIELD_LABELS[name]!)}
                error={errorOf(name)}
                defaultValue={
                  refusal?.values.intent === "invite" ? refusal.values[name] : undefined
                }
                required
                autoComplete="off"
                className="flex-1"
              />
            ))}
            <Button type="submit" disabled={busy} className="sm:mt-6">
              {t("teams.tab.invite")}
            </Button>
          </Form>
        </Card>
      )}
      <Card className="space-y-3 p-6">
        <h3 className="text-lg font-bold text-ink">{t("teams.tab.membersTitle")}</h3>
        <ul className="divide-y divide-line" aria-label={t("teams.tab.membersTitle")}>
          {team.members.map((member) => (
            <li
              key={member.userId}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
            >
              <div className="min-w-0">
                <p className="flex items-center gap-2 font-semibold text-ink">
                  <span className="truncate">{member.name}</span>
                  <Badge tone={member.role === "owner" ? "brand" : "neutral"}>
                    {t(member.role === "owner" ? "teams.tab.owner" : "teams.tab.member")}
                  </Badge>
                </p>
                <p className="truncate text-sm text-muted">{member.email}</p>
                <p className="text-xs text-subtle">
                  {t("teams.tab.listingsCount", { count: member.listings })} ·{" "}
                  {t("teams.tab.joined", { date: formatDay(member.joinedAt.slice(0, 10)) })}
                </p>
              </div>
              {member.role === "member" && <RemoveMember name={member.name} id={member.userId} />}
            </li>
          ))}
        </ul>
      </Card>
      <Card className="space-y-3 p-6">
        <h3 className="text-lg font-bold text-ink">{t("teams.tab.invitationsTitle")}</h3>
        {team.invitations.length === 0 ? (
          <p className="text-sm text-muted">{t("teams.tab.noInvitations")}</p>
        ) : (
          <ul className="divide-y divide-line" aria-label={t("teams.tab.invitationsTitle")}>
            {team.invitations.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <div className="min-w-0">
                  <p className="truncate font-semibold text-ink">{invitation.email}</p>
                  <p className="text-xs text-subtle">
                    {invitation.expired
                      ? t("teams.tab.expired")
                      : t("teams.tab.expires", {
                          date: formatDay(invitation.expiresAt.slice(0, 10)),
                        })}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="invitationId" value={invitation.id} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="sm"
                    aria-label={t("teams.tab.revokeLabel", { email: invitation.email })}
                  >
                    <X aria-hidden className="size-4" />
                    {t("teams.tab.revoke")}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

function RemoveMember({ name, id }: { name: string; id: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const busy = useNavigation().state === "submitting";
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <DialogTrigger
          aria-label={t("teams.tab.removeLabel", { name })}
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <UserMinus aria-hidden className="size-4" />
          {t("teams.tab.remove")}
        </DialogTrigger>
      }
      title={t("teams.tab.removeLabel", { name })}
      description={t("teams.tab.removeConfirm", { name })}
      warning
      action={PATH}
      cancelLabel={t("teams.tab.cancel")}
      confirmLabel={t("teams.tab.remove")}
      pending={busy}
    >
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="memberId" value={id} />
    </ConfirmDialog>
  );
}

function MemberView({ team }: { team: TeamView }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const busy = useNavigation().state === "submitting";
  const agency = team.agency!;
  return (
    <Card className="space-y-3 p-6">
      <h3 className="text-lg font-bold text-ink">{t("teams.tab.memberTitle")}</h3>
      <p className="text-secondary" data-testid="member-agency">
        {t("teams.tab.memberBody", { agency: agency.name, owner: agency.ownerName })}
      </p>
      {!team.running && <p className="text-sm text-muted">{t("teams.tab.pausedMember")}</p>}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <DialogTrigger className={buttonVariants({ variant: "outline", size: "md" })}>
            {t("teams.tab.leave")}
          </DialogTrigger>
        }
        title={t("teams.tab.leave")}
        description={t("teams.tab.leaveConfirm", { agency: agency.name })}
        warning
        action={PATH}
        cancelLabel={t("teams.tab.cancel")}
        confirmLabel={t("teams.tab.leave")}
        pending={busy}
      >
        <input type="hidden" name="intent" value="leave" />
      </ConfirmDialog>
    </Card>
  );
}

function InvitationCard({
  invitation,
  team,
}: {
  invitation: NonNullable<Route.ComponentProps["loaderData"]["invitation"]>;
  team: TeamView;
}) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const found = invitation.found;
  let body: React.ReactNode;
  if (!found) body = <p className="text-secondary">{t("teams.tab.invitedUnknown")}</p>;
  else if (found.expired) body = <p className="text-secondary">{t("teams.tab.invitedExpired")}</p>;
  else if (!found.forYou)
    body = <p className="text-secondary">{t("teams.tab.invitedOther", { email: found.email })}</p>;
  else if (team.role !== null)
    body = <p className="text-secondary">{t("teams.errors.alreadyInTeam")}</p>;
  else
    body = (
      <Form method="post" className="space-y-3">
        <p className="text-secondary">{t("teams.tab.invitedBody", { agency: found.agencyName })}</p>
        <input type="hidden" name="intent" value="accept" />
        <input type="hidden" name="token" value={invitation.token} />
        <Button type="submit" disabled={busy}>
          {t("teams.tab.accept")}
        </Button>
      </Form>
    );
  return (
    <Card className="space-y-3 p-6" data-testid="team-invitation">
      <h3 className="text-lg font-bold text-ink">{t("teams.tab.invitedTitle")}</h3>
      {body}
    </Card>
  );
}
