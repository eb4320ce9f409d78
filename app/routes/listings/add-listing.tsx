import { data } from "react-router";
import type { Route } from "./+types/add-listing";
import { CLIENT_IP_HEADER } from "../../auth/auth.server.ts";
import { accessDenied, requirePermission } from "../../auth/guards.server.ts";
import { avatarSrc, viewerContext } from "../../auth/viewer.ts";
import { PlanLimitNotice } from "../../components/premium/plan-usage.tsx";
import { ListingForm } from "../../components/publish/listing-form.tsx";
import { createTranslator, pickMessages, type MessageKey } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import type { AppError } from "../../lib/app-error.ts";
import type { PlanUsage } from "../../lib/schemas/payments.ts";
import { dashboardRole } from "../../lib/permissions.ts";
import {
  categoriesFor,
  emptyListingValues,
  listingErrorMessage,
  submissionFailedToast,
  type ListingFormResult,
  type ListingFormValues,
} from "../../lib/schemas/listing.ts";
import { MAX_IMAGE_BYTES } from "../../lib/schemas/image.ts";
import { listingValuesFromFormData } from "../../lib/schemas/listing-form-values.ts";
import { MAX_LISTING_IMAGES } from "../../lib/listing-values.ts";
import type { Actor } from "../../services/core/actor.server.ts";
import {
  listPendingUploads,
  storeListingUpload,
} from "../../services/listings/listing-uploads.server.ts";
import { videoFormState } from "../../services/listings/listing-video.server.ts";
import {
  createListing,
  getListingForEdit,
  updateListing,
} from "../../services/listings/listing-write.server.ts";
import { planUsageFor } from "../../services/premium/plan-limits.server.ts";
import { listCountries } from "../../services/reference/reference.server.ts";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { answerAction, errorPage } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import { skipClientOnlyChanges } from "../../lib/client-only-params.ts";
import { hostBadges } from "../../services/profiles/trust-signals.server.ts";

const MY_LISTINGS = "/dashboard/my-listings";
/** Without JavaScript the images come with the form: five of them at most, plus the fields. */
const MAX_REQUEST_BYTES = MAX_IMAGE_BYTES * MAX_LISTING_IMAGES + 1024 * 1024;

/**
 * Signed out: "Authentication Required" and home ("Authentication Error" / "Please log in to
 * submit a listing." when a form arrives after the session ended); a regular user: "Access
 * Denied" and the dashboard.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    if (request.method === "POST" && !context.get(viewerContext)) {
      throw await redirectWithToast("/", {
        title: "publish.toasts.authRequired",
        description: "publish.toasts.authRequiredDescription",
        variant: "destructive",
      });
    }
    await requirePermission(context, "listing:create");
  },
];

function editId(url: URL): string | null {
  const value = url.searchParams.get("edit");
  return value === null || value === "" ? null : value;
}

/** "Access Denied" for someone else's listing, "Listing Not Found" for one that is gone. */
async function refuseEdit(error: AppError): Promise<never> {
  if (error.code === "FORBIDDEN") throw await accessDenied();
  if (error.code === "LISTING_NOT_FOUND") {
    throw await redirectWithToast(MY_LISTINGS, {
      title: "publish.toasts.notFound",
      description: "publish.toasts.notFoundDescription",
      variant: "destructive",
    });
  }
  throw errorPage(error);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "listing:create");
  const url = new URL(request.url);
  const id = editId(url);
  const [countries, pendingUploads, usage, editing, badges] = await Promise.all([
    listCountries(),
    listPendingUploads(viewer),
    id === null ? planUsageFor(viewer) : null,
    id === null
      ? Promise.resolve(null)
      : answerAction(() => getListingForEdit({ actor: viewer, listingId: id }), {
          success: (listing) => listing,
          refused: refuseEdit,
        }),
    hostBadges(viewer.id),
  ]);
  const categories = categoriesFor(viewer.role);
  return {
    messages: pickMessages(["publish", "detail", "payments.plans"]),
    limitReached: usage && limitMessage(usage),
    role: dashboardRole(viewer.role),
    categories,
    countries: countries.map((c) => ({ code: c.code, name: c.name })),
    profile: {
      id: viewer.id,
      name: viewer.name,
      email: viewer.email,
      phone: viewer.phone,
      avatar: avatarSrc(viewer),
      ...badges,
    },
    editing: editing && {
      id: editing.id,
      status: editing.status,
      rejectionReason: editing.rejectionReason,
      ownerPhone: editing.ownerPhone,
      images: editing.images,
    },
    initial: editing?.values ?? emptyListingValues(categories.length === 1 ? categories[0]! : ""),
    pendingUploads,
    video: await videoFormState(viewer, editing?.id ?? null),
  };
}

/**
 * At the plan's listing limit a new listing's form is not offered: the message names the limit
 * and the way to upgrade (the service refuses the listing anyway).
 */
function limitMessage(usage: PlanUsage): string | null {
  const limit = usage.listingLimit;
  if (limit === null || usage.listingsUsed < limit) return null;
  const t = createTranslator();
  return usage.plan
    ? t("payments.plans.limits.listingsFullPlan", { count: limit, plan: usage.plan.name })
    : t("payments.plans.limits.listingsFull", { count: limit });
}

function refuse(
  errors: Record<string, MessageKey>,
  values: ListingFormValues,
  status = 400,
  message: MessageKey | undefined = Object.values(errors)[0],
) {
  const result: ListingFormResult = { errors, toast: submissionFailedToast(message), values };
  return data(result, { status });
}

/** Images sent with the form itself (no JavaScript): stored like uploads, then listed in order. */
async function adoptFormFiles(
  actor: Actor,
  form: FormData,
  values: ListingFormValues,
  clientIp: string | null,
): Promise<MessageKey | null> {
  const files = form
    .getAll("imageFiles")
    .filter((f): f is File => f instanceof File && (f.size > 0 || f.name !== ""));
  if (files.length === 0) return null;
  if (values.images.length + files.length > MAX_LISTING_IMAGES)
    return listingErrorMessage("imageLimit");
  for (const file of files) {
    const data = Buffer.from(await file.arrayBuffer());
    const problem = await answerAction(() => storeListingUpload({ actor, data, clientIp }), {
      success: (image) => {
        values.images.push(image.key);
        return null;
      },
      refused: (error) => error.message,
    });
    if (problem) return problem;
  }
  return null;
}

/**
 * Publish or update. A refusal answers 400 with the message beside each field and the values as
 * sent, and stores nothing; a success redirects to My Listings with the spec's toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "listing:create");
  const id = editId(new URL(request.url));
  if (Number(request.headers.get("content-length") ?? 0) > MAX_REQUEST_BYTES) {
    return refuse({ images: "publish.errors.imageTooLarge" }, emptyListingValues(""), 413);
  }
  const form = await readForm(request, MAX_REQUEST_BYTES);
  const values = listingValuesFromFormData(form);
  const clientIp = request.headers.get(CLIENT_IP_HEADER);
  const fileProblem = await adoptFormFiles(viewer, form, values, clientIp);
  if (fileProblem) return refuse({ images: fileProblem }, values);

  return answerAction(
    async () =>
      id === null
        ? {
            created: true,
            saved: await createListing({ actor: viewer, input: values, clientIp }),
          }
        : {
            created: false,
            saved: await updateListing({ actor: viewer, listingId: id, input: values }),
          },
    {
      success: ({ created, saved }) =>
        created
          ? redirectWithToast(MY_LISTINGS, {
              title: "publish.toasts.submitted",
              description:
                saved.status === "approved"
                  ? "publish.toasts.submittedAdminDescription"
                  : "publish.toasts.submittedDescription",
            })
          : redirectWithToast(MY_LISTINGS, {
              title: "publish.toasts.updated",
              description:
                saved.status === "pending_approval"
                  ? "publish.toasts.updatedReviewDescription"
                  : "publish.toasts.updatedDescription",
            }),
      fieldErrors: (errors) => refuse(errors, values),
      // A new listing over the plan's limit: the page then shows the limit and how to upgrade.
      refused: async (error) => {
        // Too many listings in a short time: the form stays as filled in, with the message.
        if (error.code === "RATE_LIMITED") return refuse({}, values, 429, error.message);
        return id === null && error.code === "CONFLICT"
          ? redirectWithToast("/add-listing", {
              title: "payments.plans.limits.title",
              description: error.message,
              params: error.params,
              variant: "destructive",
            })
          : refuseEdit(error);
      },
    },
  );
}

export const shouldRevalidate = skipClientOnlyChanges;

export default function AddListing({ loaderData, actionData }: Route.ComponentProps) {
  const { limitReached, ...form } = loaderData;
  if (limitReached) return <PlanLimitNotice message={limitReached} />;
  return <ListingForm key={form.editing?.id ?? "new"} {...form} result={actionData} />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: t(loaderData?.editing ? "publish.meta.editTitle" : "publish.meta.addTitle") },
    { name: "robots", content: "noindex" },
  ];
}
