import { UserMinus, X } from "lucide-react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { MessageKey } from "../../i18n/translate.ts";
import { useIsMessageKey, useT } from "../../i18n/use-t.ts";
import { formatDay } from "../../lib/format-day.ts";
import { INVITATION_FIELDS, type TeamView } from "../../lib/schemas/teams.ts";
import { Badge } from "../ui/badge.tsx";
import { Button, buttonVariants } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { DialogTrigger } from "../ui/dialog.tsx";
import { Field } from "../ui/field.tsx";

/**
 * The Team tab's panels (app/routes/dashboard/team.tsx): the owner's agency with its seats,
 * invite form, members and pending invitations; a member's agency with Leave; an invitation
 * opened from its e-mail. Every form posts to the tab's action.
 */

const PATH = "/dashboard/team";

/** A refused form as the action sends it back: the messages per field and the values sent. */
export interface TeamRefusal {
  fieldErrors: Record<string, string>;
  values: Record<string, string | undefined>;
}

/** A field's message, when the server sent one of the team's own keys. */
export function useFieldError(refusal: TeamRefusal | undefined, intent: string) {
  const t = useT();
  const isKey = useIsMessageKey();
  return (name: string): string | undefined => {
    if (refusal?.values.intent !== intent) return undefined;
    const message = refusal.fieldErrors[name];
    return message && isKey(message) ? t(message) : undefined;
  };
}

export const FIELD_LABELS: Record<string, MessageKey> = {
  name: "teams.fields.name",
  handle: "teams.fields.handle",
  email: "teams.fields.email",
};

/** The agency's public page, from the Team tab. */
function AgencyPageLink({ handle }: { handle: string }) {
  const t = useT();
  return (
    <p className="text-sm text-muted">
      <Link
        to={`/agencies/${handle}`}
        className="font-semibold text-primary-strong underline"
        data-testid="agency-page-link"
      >
        {t("teams.tab.agencyPage")}
      </Link>{" "}
      (/agencies/{handle})
    </p>
  );
}

export function OwnerView({ team, refusal }: { team: TeamView; refusal: TeamRefusal | undefined }) {
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
          <AgencyPageLink handle={agency.handle} />
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
          {/* A new key after each invitation clears the address just sent. */}
          <Form
            key={team.invitations.length}
            method="post"
            className="flex flex-col gap-3 sm:flex-row sm:items-start"
          >
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

export function MemberView({ team }: { team: TeamView }) {
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
      <AgencyPageLink handle={agency.handle} />
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

export function InvitationCard({
  invitation,
  team,
}: {
  invitation: {
    token: string;
    found: { agencyName: string; email: string; forYou: boolean; expired: boolean } | null;
  };
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
