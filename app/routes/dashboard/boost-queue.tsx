import { Download, ExternalLink } from "lucide-react";
import { Form, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/boost-queue";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { requirePermission } from "../../auth/guards.server.ts";
import { BoostPosts } from "../../components/boosts/boost-posts.tsx";
import { CopyText } from "../../components/boosts/copy-text.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Field, FieldFrame } from "../../components/ui/field.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { Select } from "../../components/ui/select.tsx";
import { pickMessages } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FieldErrors } from "../../lib/app-error.ts";
import { BOOST_TEXT_KINDS } from "../../lib/boost-values.ts";
import { cn } from "../../lib/cn.ts";
import { formatDay } from "../../lib/format-day.ts";
import { boostPostInputSchema, type BoostQueue } from "../../lib/schemas/boosts.ts";
import { idSchema } from "../../lib/schemas/id.ts";
import { boostQueue, markBoostPosted } from "../../services/boosts/boosts.server.ts";
import {
  answerAction,
  formRefusal,
  refusalText,
} from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

const PATH = "/dashboard/boost-queue";
/** The post form's fields, as the contract names them. */
const FIELDS = boostPostInputSchema.shape;
const NETWORKS = FIELDS.network.options;
const actionSchema = z.object({ boostId: idSchema });

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "boost:manage");
  return {
    queue: await boostQueue(viewer),
    messages: pickMessages([
      "boosts.queue",
      "boosts.host",
      "boosts.networks",
      "boosts.textKinds",
      "boosts.errors",
    ]),
  };
}

/** "Mark posted": the boost, the network and the post's link; a bad link is shown on its form. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "boost:manage");
  const form = Object.fromEntries(await readForm(request));
  const parsed = actionSchema.safeParse(form);
  if (!parsed.success) throw new Response(null, { status: 400 });
  const { boostId } = parsed.data;
  return answerAction(() => markBoostPosted({ actor: viewer, boostId, input: form }), {
    success: () =>
      redirectWithToast(PATH, {
        title: "boosts.queue.posted",
        description: "boosts.queue.postedDescription",
      }),
    fieldErrors: (fieldErrors: FieldErrors) =>
      formRefusal(fieldErrors, { boostId, network: form.network, url: form.url }),
    refused: (error) =>
      redirectWithToast(PATH, {
        title: "boosts.queue.failed",
        description: "boosts.host.refusal",
        params: { message: refusalText(error) },
        variant: "destructive",
      }),
  });
}

type QueuedBoost = BoostQueue["pending"][number];

export default function BoostQueuePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { queue } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <SectionHeading>{t("boosts.queue.title")}</SectionHeading>
        <p className="mt-1 text-sm text-muted">{t("boosts.queue.subtitle")}</p>
      </div>
      <section aria-labelledby="boosts-pending" className="space-y-3">
        <h3 id="boosts-pending" className="text-lg font-bold text-ink">
          {t("boosts.queue.pendingTitle")} ({queue.pending.length})
        </h3>
        {queue.pending.length === 0 ? (
          <EmptyState title={t("boosts.queue.empty")} body={t("boosts.queue.emptyBody")} />
        ) : (
          <ul className="space-y-4">
            {queue.pending.map((boost) => (
              <li key={boost.id}>
                <QueuedBoostCard boost={boost} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="boosts-posted" className="space-y-3">
        <h3 id="boosts-posted" className="text-lg font-bold text-ink">
          {t("boosts.queue.postedTitle")}
        </h3>
        {queue.posted.length === 0 ? (
          <p className="text-sm text-muted">{t("boosts.queue.emptyPosted")}</p>
        ) : (
          <ul className="space-y-4">
            {queue.posted.map((boost) => (
              <li key={boost.id}>
                <QueuedBoostCard boost={boost} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function QueuedBoostCard({ boost }: { boost: QueuedBoost }) {
  const t = useT();
  const headingId = `boost-${boost.id}`;
  return (
    <Card className="p-4" data-boost={boost.id}>
      <article
        aria-labelledby={headingId}
        className="grid gap-4 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]"
      >
        <div className="space-y-2">
          <img
            src={boost.imageUrl}
            alt={t("boosts.queue.image", { title: boost.listingTitle })}
            width={1200}
            height={630}
            loading="lazy"
            className="aspect-[1200/630] w-full rounded-lg border border-line object-cover"
          />
          <a
            href={boost.imageUrl}
            download
            aria-label={t("boosts.queue.downloadLabel", { title: boost.listingTitle })}
            className={cn(buttonVariants({ variant: "outline", size: "sm" }), "gap-1.5")}
          >
            <Download aria-hidden className="size-4" />
            {t("boosts.queue.download")}
          </a>
        </div>
        <div className="min-w-0 space-y-3">
          <header>
            <h4 id={headingId} className="font-semibold break-words text-ink">
              {boost.listingTitle}
            </h4>
            <p className="text-sm text-muted">
              {t("boosts.queue.requestedBy", {
                name: boost.ownerName,
                date: formatDay(boost.requestedAt.slice(0, 10)),
              })}{" "}
              ·{" "}
              <a
                href={boost.listingUrl}
                className="inline-flex items-center gap-1 font-medium text-primary-strong underline underline-offset-2"
              >
                {t("boosts.queue.openListing")}
                <ExternalLink aria-hidden className="size-3.5" />
              </a>
            </p>
          </header>
          {BOOST_TEXT_KINDS.map((kind) => (
            <CopyText
              key={kind}
              label={t(`boosts.textKinds.${kind}`)}
              copyLabel={t("boosts.queue.copyLabel", {
                kind: t(`boosts.textKinds.${kind}`),
                title: boost.listingTitle,
              })}
              text={boost.texts[kind]}
            />
          ))}
          <BoostPosts boost={boost} />
          <PostForm boost={boost} />
        </div>
      </article>
    </Card>
  );
}

function PostForm({ boost }: { boost: QueuedBoost }) {
  const t = useT();
  const navigation = useNavigation();
  const answer = useActionData<typeof action>() as
    | { fieldErrors: FieldErrors; values: { boostId: number; network?: string; url?: string } }
    | undefined;
  const mine = answer?.values.boostId === boost.id ? answer : undefined;
  const error = (field: keyof typeof FIELDS) => {
    const message = mine?.fieldErrors[field];
    return message ? t(message) : undefined;
  };
  const submitText = boost.postedAt ? t("boosts.queue.addPost") : t("boosts.queue.markPosted");
  const sending =
    navigation.state !== "idle" && navigation.formData?.get("boostId") === String(boost.id);
  return (
    <Form
      method="post"
      action={PATH}
      className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-start"
    >
      <input type="hidden" name="boostId" value={boost.id} />
      <FieldFrame label={t("boosts.queue.network")} error={error("network")}>
        {(control) => (
          <Select {...control} name="network" defaultValue={mine?.values.network ?? NETWORKS[0]}>
            {NETWORKS.map((network) => (
              <option key={network} value={network}>
                {t(`boosts.networks.${network}`)}
              </option>
            ))}
          </Select>
        )}
      </FieldFrame>
      <Field
        label={t("boosts.queue.url")}
        name="url"
        type="url"
        inputMode="url"
        required
        placeholder="https://"
        defaultValue={mine?.values.url ?? ""}
        error={error("url")}
        hint={t("boosts.queue.urlHint")}
      />
      <Button
        type="submit"
        variant="primary"
        size="md"
        disabled={sending}
        aria-label={t("boosts.queue.markPostedLabel", {
          action: submitText,
          title: boost.listingTitle,
        })}
        className="sm:mt-7"
      >
        {submitText}
      </Button>
    </Form>
  );
}
