import { useFetcher } from "react-router";
import { useRootData } from "../../hooks/use-root-data.ts";
import { useT } from "../../i18n/use-t.ts";
import type { ConversationSummary } from "../../lib/schemas/conversations.ts";
import type { TeamMate } from "../../lib/schemas/teams.ts";
import { Button } from "../ui/button.tsx";
import { FieldFrame } from "../ui/field.tsx";
import { Select } from "../ui/select.tsx";

/**
 * What a page's action sends back when the owner's hand-over is refused: the record it was about
 * and the reason in words, shown under that record's select.
 */
export interface AssignRefusal {
  assignRefusal: { id: number; message: string };
}

/**
 * The owner's "hand to a member" control for one record of the team (a listing, a lead): a
 * labelled choice of the agency's people and a button, posted to the page's action with
 * `intent`. Success is the page's toast; a refusal's reason shows under the choice.
 */
export function AssignControl({
  action,
  intent,
  idName,
  id,
  mates,
  current,
  label,
  submit,
  submitLabel,
}: {
  action: string;
  intent: string;
  idName: string;
  id: number;
  mates: TeamMate[];
  current: string;
  /** The select's label: visible words, and for assistive technology the record it is about. */
  label: React.ReactNode;
  submit: string;
  submitLabel: string;
}) {
  const fetcher = useFetcher<AssignRefusal>();
  const refusal = fetcher.data?.assignRefusal;
  return (
    <fetcher.Form
      method="post"
      action={action}
      preventScrollReset
      className="flex flex-wrap items-end gap-2"
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idName} value={id} />
      <FieldFrame
        label={label}
        error={refusal?.id === id ? refusal.message : undefined}
        className="min-w-40"
      >
        {(control) => (
          <Select {...control} name="memberId" defaultValue={current} className="h-9 py-1">
            {mates.map((mate) => (
              <option key={mate.id} value={mate.id}>
                {mate.name}
              </option>
            ))}
          </Select>
        )}
      </FieldFrame>
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={fetcher.state !== "idle"}
        aria-label={submitLabel}
      >
        {submit}
      </Button>
    </fetcher.Form>
  );
}

/** My Listings' "Hand to" under a listing of the owner's agency. */
export function HandListing({
  action,
  listing,
  mates,
  publisherId,
}: {
  action: string;
  listing: { id: number; title: string };
  mates: TeamMate[];
  publisherId: string;
}) {
  const t = useT();
  return (
    <div className="mt-2">
      <AssignControl
        action={action}
        intent="reassign"
        idName="listingId"
        id={listing.id}
        mates={mates}
        current={publisherId}
        label={
          <>
            <span aria-hidden>{t("teams.assign.listing")}</span>
            <span className="sr-only">
              {t("teams.assign.listingLabel", { title: listing.title })}
            </span>
          </>
        }
        submit={t("teams.assign.listingSubmit")}
        submitLabel={t("teams.assign.listingSubmitLabel", { title: listing.title })}
      />
    </div>
  );
}

/** The inbox's "Assign to" under a lead of the owner's team (a booking's stays with its host). */
export function AssignLead({
  action,
  conversation: c,
  mates,
}: {
  action: string;
  conversation: ConversationSummary;
  mates: TeamMate[];
}) {
  const t = useT();
  if (!c.team || c.bookingId !== null) return null;
  const about = { name: c.other.name, title: c.listing.title };
  return (
    <div className="border-t border-line-soft px-4 py-3 sm:pl-[5.25rem]" data-testid="assign-lead">
      <AssignControl
        action={action}
        intent="assign"
        idName="conversationId"
        id={c.id}
        mates={mates}
        current={c.team.memberId}
        label={
          <>
            <span aria-hidden>{t("teams.assign.lead")}</span>
            <span className="sr-only">{t("teams.assign.leadLabel", about)}</span>
          </>
        }
        submit={t("teams.assign.leadSubmit")}
        submitLabel={t("teams.assign.leadSubmitLabel", about)}
      />
    </div>
  );
}

/** "Published by" on a team listing somebody else publishes, for the agency's owner. */
export function PublishedBy({ publisher }: { publisher: TeamMate | undefined }) {
  const t = useT();
  const viewerId = useRootData().viewer?.id;
  if (!publisher || publisher.id === viewerId) return null;
  return (
    <p className="mt-1 text-xs font-medium text-secondary">
      {t("publish.myListings.publishedBy", { name: publisher.name })}
    </p>
  );
}
