import { createRoute, z } from "@hono/zod-openapi";
import {
  acceptedSchema,
  acceptInputSchema,
  agencyInputSchema,
  agencySchema,
  assignInputSchema,
  invitationInputSchema,
  teamInvitationSchema,
  teamViewSchema,
} from "../../../app/lib/schemas/teams.ts";
import { assignLead, reassignListing } from "../../../app/services/teams/team-assign.server.ts";
import {
  acceptInvitation,
  inviteMember,
  revokeInvitation,
} from "../../../app/services/teams/team-invitations.server.ts";
import {
  createAgency,
  leaveTeam,
  removeMember,
  teamView,
} from "../../../app/services/teams/teams.server.ts";
import { readJsonBody } from "./body.ts";
import {
  bodyReferences,
  allowedTo,
  apiRouter,
  errorResponse,
  idParam,
  jsonResponse,
  limitedRoute,
  noStore,
  sessionSecurity,
  signedIn,
  withOpenApi,
} from "./router.ts";

/**
 * Team access for agencies: the caller's team, starting an agency (a plan's perk), inviting by
 * e-mail, revoking, removing and assigning (the owner's), accepting and leaving (a member's).
 * The teams service checks the permission table and the plan, and validates with the Team tab's
 * schemas.
 */
export const teamRoutes = apiRouter();

const team = withOpenApi(teamViewSchema, "Team");
const agency = withOpenApi(agencySchema, "Agency");
const invitation = withOpenApi(teamInvitationSchema, "TeamInvitation");
const accepted = withOpenApi(acceptedSchema, "TeamJoined");

export const teamBodySchemas = {
  AgencyInput: withOpenApi(agencyInputSchema, "AgencyInput"),
  TeamInvitationInput: withOpenApi(invitationInputSchema, "TeamInvitationInput"),
  TeamInvitationAccept: withOpenApi(acceptInputSchema, "TeamInvitationAccept"),
  TeamAssignment: withOpenApi(assignInputSchema, "TeamAssignment"),
};
const referencedBody = bodyReferences(teamBodySchemas);

const refusals = {
  400: errorResponse("VALIDATION_FAILED, with a message per field"),
  401: errorResponse("UNAUTHENTICATED"),
  403: errorResponse(
    "FORBIDDEN: not an agent, not the agency's owner, another address's invitation, or a plan without team access (the message names the plan that unlocks it)",
  ),
  404: errorResponse("NOT_FOUND: no agency of mine, or no such invitation, member or record"),
  409: errorResponse("CONFLICT: seats taken, already in an agency, expired, or the team paused"),
};
const signedInCalls = [noStore, signedIn()] as const;
const ok = z.object({ ok: z.literal(true) });

teamRoutes.openapi(
  createRoute({
    method: "get",
    path: "/me/team",
    security: sessionSecurity,
    summary:
      "My team: my agency with its seats, members and open invitations (owner), my agency (member), or nothing and why",
    operationId: "getMyTeam",
    middleware: [...signedInCalls, allowedTo("team:view")] as const,
    responses: { 200: jsonResponse(team, "My team"), ...refusals },
  }),
  async (c) => c.json(await teamView(c.get("viewer")), 200),
);

teamRoutes.openapi(
  limitedRoute("teamChange", {
    method: "post",
    path: "/me/team",
    security: sessionSecurity,
    summary: "Start my agency (needs a plan with team access)",
    operationId: "createAgency",
    middleware: [...signedInCalls, allowedTo("team:create")] as const,
    request: { body: referencedBody("AgencyInput") },
    responses: { 201: jsonResponse(agency, "The agency"), ...refusals },
  }),
  async (c) => c.json(await createAgency(c.get("viewer"), await readJsonBody(c)), 201),
);

teamRoutes.openapi(
  limitedRoute("teamInvite", {
    method: "post",
    path: "/me/team/invitations",
    security: sessionSecurity,
    summary: "Invite an address to my agency by e-mail, within my plan's seats",
    operationId: "inviteTeamMember",
    middleware: [...signedInCalls, allowedTo("team:view")] as const,
    request: { body: referencedBody("TeamInvitationInput") },
    responses: { 201: jsonResponse(invitation, "The invitation, e-mailed"), ...refusals },
  }),
  async (c) => c.json(await inviteMember(c.get("viewer"), await readJsonBody(c)), 201),
);

teamRoutes.openapi(
  limitedRoute("teamChange", {
    method: "delete",
    path: "/me/team/invitations/{invitationId}",
    security: sessionSecurity,
    summary: "Revoke an open invitation of my agency",
    operationId: "revokeTeamInvitation",
    middleware: [...signedInCalls, allowedTo("team:view")] as const,
    request: { params: z.object({ invitationId: idParam("invitation") }) },
    responses: { 200: jsonResponse(ok, "Revoked"), ...refusals },
  }),
  async (c) => {
    await revokeInvitation(c.get("viewer"), c.req.valid("param").invitationId);
    return c.json({ ok: true as const }, 200);
  },
);

const memberParams = z.object({
  memberId: z.string().min(1).max(100).meta({ description: "The member's account id" }),
});

teamRoutes.openapi(
  limitedRoute("teamChange", {
    method: "delete",
    path: "/me/team/members/{memberId}",
    security: sessionSecurity,
    summary: "Remove a member from my agency (their listings stay with the agency)",
    operationId: "removeTeamMember",
    middleware: [...signedInCalls, allowedTo("team:view")] as const,
    request: { params: memberParams },
    responses: { 200: jsonResponse(ok, "Removed"), ...refusals },
  }),
  async (c) => {
    await removeMember(c.get("viewer"), c.req.valid("param").memberId);
    return c.json({ ok: true as const }, 200);
  },
);

teamRoutes.openapi(
  limitedRoute("teamChange", {
    method: "post",
    path: "/me/team/leave",
    security: sessionSecurity,
    summary: "Leave my agency (a member; its owner cannot)",
    operationId: "leaveTeam",
    middleware: [...signedInCalls, allowedTo("team:leave")] as const,
    responses: { 200: jsonResponse(ok, "Left"), ...refusals },
  }),
  async (c) => {
    await leaveTeam(c.get("viewer"));
    return c.json({ ok: true as const }, 200);
  },
);

teamRoutes.openapi(
  limitedRoute("teamChange", {
    method: "post",
    path: "/team-invitations/accept",
    security: sessionSecurity,
    summary: "Accept an invitation sent to my address, with its link's token",
    operationId: "acceptTeamInvitation",
    middleware: [...signedInCalls, allowedTo("team:join")] as const,
    request: { body: referencedBody("TeamInvitationAccept") },
    responses: { 200: jsonResponse(accepted, "The agency joined"), ...refusals },
  }),
  async (c) => c.json(await acceptInvitation(c.get("viewer"), await readJsonBody(c)), 200),
);

const assignment = z.object({ memberId: z.string() });

teamRoutes.openapi(
  limitedRoute("teamChange", {
    method: "put",
    path: "/me/team/listings/{listingId}/member",
    security: sessionSecurity,
    summary: "Hand a listing of my agency to one of its members (or back to me)",
    operationId: "reassignTeamListing",
    middleware: [...signedInCalls, allowedTo("team:view")] as const,
    request: {
      params: z.object({ listingId: idParam("listing") }),
      body: referencedBody("TeamAssignment"),
    },
    responses: {
      200: jsonResponse(assignment.extend({ listingId: z.int() }), "Reassigned"),
      ...refusals,
    },
  }),
  async (c) =>
    c.json(
      await reassignListing(c.get("viewer"), c.req.valid("param").listingId, await readJsonBody(c)),
      200,
    ),
);

teamRoutes.openapi(
  limitedRoute("teamChange", {
    method: "put",
    path: "/me/team/conversations/{conversationId}/member",
    security: sessionSecurity,
    summary: "Assign a lead (an enquiry about a listing of my agency) to one of its members",
    operationId: "assignTeamLead",
    middleware: [...signedInCalls, allowedTo("team:view")] as const,
    request: {
      params: z.object({ conversationId: idParam("conversation") }),
      body: referencedBody("TeamAssignment"),
    },
    responses: {
      200: jsonResponse(assignment.extend({ conversationId: z.int() }), "Assigned"),
      ...refusals,
    },
  }),
  async (c) =>
    c.json(
      await assignLead(c.get("viewer"), c.req.valid("param").conversationId, await readJsonBody(c)),
      200,
    ),
);
