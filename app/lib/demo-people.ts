/**
 * The demo people a newcomer can sign in as without a password, in a development start with demo
 * data (app/services/session/demo-sign-in.server.ts). Each is a person the demo seed gives a
 * history (scripts/demo/demo-reviews.ts; the seed test checks it): the guest has completed stays,
 * reviews and conversations with professionals; the host and the agent have bookable listings
 * with guests' stays and reviews, paid plans, and stays paid online, released and paid out
 * (scripts/demo/demo-payouts.ts); the professional has clients' requests, quotes, jobs and
 * reviews. The administrator is whoever ADMIN_EMAIL names.
 */
export const DEMO_PEOPLE = [
  { key: "guest", userId: "demo-guest-3", name: "Grace Wanjiku" },
  { key: "host", userId: "demo-agent-4", name: "Thabo Nkosi" },
  { key: "agent", userId: "demo-agent-3", name: "Wanjiru Kamau" },
  { key: "professional", userId: "demo-pro-1", name: "Oluwaseun Adeyemi" },
  { key: "admin", userId: null, name: "Admin" },
] as const;

export type DemoPerson = (typeof DEMO_PEOPLE)[number];
export type DemoPersonKey = DemoPerson["key"];

export const DEMO_PERSON_KEYS = DEMO_PEOPLE.map((person) => person.key) as [
  DemoPersonKey,
  ...DemoPersonKey[],
];
