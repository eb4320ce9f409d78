import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTranslator } from "../../app/i18n/translate.ts";
import { createListing } from "../../app/services/listings/listing-write.server.ts";
import { makeUser } from "../support/factories.ts";
import { testEngine } from "../support/database.ts";
import { changedTables, databaseSnapshot } from "../support/db-snapshot.ts";
import { OPEN_REDIRECT_TARGETS } from "../support/open-redirects.ts";
import { textOf } from "../support/page-handler.ts";
import { apiRoutes, pageRoutes } from "../support/route-paths.ts";
import { createServerApp, type SendInit, type ServerApp } from "../support/server-app.ts";
import { type CookieJar, startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The probe: hundreds of hostile requests (control characters, full-width and over-long text,
 * wrong types, malformed JSON, multipart and URL-encoded bodies, odd methods, hostile redirect
 * targets) to every page route of app/routes.ts and every /api/v1 endpoint, through the whole
 * server, as a visitor and as a signed-in user, agent and administrator. None may answer 500 and
 * none may change the database.
 */

const t = createTranslator();

/** Values that no field accepts: each is refused wherever it is typed. */
const REFUSED_TEXT: Record<string, string> = {
  nul: "Ama\u0000Mensah",
  control: "Ama\u0001\u001b[31m\u007f\u0085\u009fMensah",
  // Longer than any field takes (a message or description is at most 5,000 characters).
  long: "Ama Mensah ".repeat(600),
};

/** Values that are odd but harmless in some fields: sent in every field at once. */
const ODD_TEXT: Record<string, string> = {
  ...REFUSED_TEXT,
  odd: [
    "a\r\nSet-Cookie: admin=1\r\n",
    "\t",
    "／。／evil．example",
    "\ud800",
    "\u202egpj.exe",
    "' OR 1=1; --",
    '"><script>alert(1)</script>',
    "%00%ZZ%",
    "🏠".repeat(50),
  ].join(" "),
};

const REDIRECT_TARGETS = Object.values(OPEN_REDIRECT_TARGETS);

/** The numeric fields any form, query or endpoint reads. */
const NUMBER_FIELDS = [
  "price",
  "bedrooms",
  "bathrooms",
  "areaM2",
  "listingId",
  "page",
  "minPrice",
  "maxPrice",
  "guests",
  "seats",
  "nights",
  "amount",
  "rating",
  "capacity",
  "depositPercent",
  "minNights",
  "maxNights",
  "noticeDays",
  "cleaningFee",
] as const;

/** Numbers no field takes, typed as text: negative, huge, not finite, in other notations. */
const HOSTILE_NUMBERS: Record<string, string> = {
  negative: "-1",
  "very negative": "-99999999999999999999",
  huge: "99999999999999999999999999999999",
  exponent: "1e308",
  "not a number": "NaN",
  infinite: "Infinity",
  hexadecimal: "0x7fffffff",
  "two points": "1.5.5",
  "other digits": "١٢٣",
};

/** The same as JSON numbers, where an endpoint reads JSON. */
const HOSTILE_JSON_NUMBERS = [-1, -1e21, 1e308, 2 ** 53 + 1, 0.000001, -0];

/** The enumerated fields: each gets a value outside its list. */
const ENUM_FIELDS = [
  "accountType",
  "role",
  "reason",
  "decision",
  "attribute",
  "category",
  "listingType",
  "priceType",
  "propertyType",
  "contactMethod",
  "currency",
  "countryCode",
  "sort",
  "status",
  "paymentMode",
  "method",
  "cancellationPolicy",
  "purpose",
] as const;
const UNKNOWN_ENUMS = ["superadmin", "__proto__", "APPROVED", "approved' OR '1'='1", ""];

/** Plausible values for every field any form or endpoint reads. */
const BASELINE: Record<string, string> = {
  name: "Ama Mensah",
  email: "ama.probe@example.com",
  password: "secret12",
  confirmPassword: "secret12",
  // Not the probe accounts' password: a right one would legitimately change it.
  currentPassword: "not-the-password",
  newPassword: "secret34",
  accountType: "agent",
  role: "agent",
  intent: "update-profile",
  phone: "+233 20 123 4567",
  reason: "general",
  subject: "A question",
  message: "Hello, I would like to know more about your listings.",
  currency: "EUR",
  // No such listing: a baseline that names one would legitimately change it.
  listingId: "999999",
  favorite: "true",
  // The probe's listing is approved already: approving it again is refused and changes nothing.
  decision: "approved",
  attribute: "featured",
  value: "true",
  token: "not-a-token",
  title: "Sunny flat in Osu",
  category: "real-estate",
  listingType: "rent",
  price: "1250",
  priceType: "per_month",
  countryCode: "GH",
  city: "Accra",
  address: "12 Oxford Street",
  description: "Two bedrooms and a balcony.",
  propertyType: "apartment",
  bedrooms: "2",
  bathrooms: "1",
  areaM2: "85",
  contactMethod: "email",
  q: "Accra",
  location: "Ghana",
  view: "login",
};

/**
 * The baseline without a name, e-mail address or phone number, for the number and enum probes: a
 * form that reads neither numbers nor enums (contact, sign-up, profile, a phone verification
 * code) then refuses it, instead of taking a valid request that legitimately changes the database.
 */
const WITHOUT_PERSON = Object.fromEntries(
  Object.entries(BASELINE).filter(([k]) => k !== "name" && k !== "email" && k !== "phone"),
);

/** The free text of the baseline: where a refused value is typed into an otherwise valid form. */
const FREE_TEXT = [
  "name",
  "phone",
  "subject",
  "message",
  "title",
  "city",
  "address",
  "description",
  "specialty",
  "q",
  "location",
] as const;

/** better-auth's endpoints that take a body (signing out is left out: see below). */
const AUTH_ENDPOINTS = [
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/auth/request-password-reset",
  "/api/auth/sign-in/magic-link",
  "/api/auth/send-verification-email",
  "/api/auth/update-user",
  "/api/auth/change-password",
  "/api/auth/reset-password",
];

const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
const ODD_METHODS = ["OPTIONS", "HEAD", "PROPFIND"] as const;
const HOSTILE_IDS = ["%00", "-1", "0", "1e3", "99999999999999", "abc", "%EF%BC%91", "1%20OR%201"];

/**
 * Every kind of id a path names, each given every hostile id: the probe below fails when one is
 * missing, so a kind that is renamed or dropped is noticed rather than silently left out.
 */
const PATH_ID_KINDS = [
  "listingId",
  "handle",
  "id",
  "paymentId",
  "bookingId",
  "departureId",
  "feedId",
  "jobId",
  "conversationId",
  "chatId",
  "requestId",
  "quoteId",
  "reviewId",
  "reportId",
  "boostId",
  "submissionId",
  "documentId",
  "licenceKindId",
  "invitationId",
  "memberId",
  "planId",
  "userId",
  "code",
  "provider",
];
/** Besides HOSTILE_IDS: ids that look like a payment's, and escapes no id decodes to. */
const HOSTILE_PATH_IDS = [
  ...HOSTILE_IDS,
  "pay_%00",
  "pay_x%00",
  "%00pay_1",
  "1%00",
  "%E0%A4%A",
  "%20",
  "..%2f1",
  "a".repeat(300),
];

/** Endpoints whose method alone is the change: they get hostile ids only. */
const BODYLESS_WRITES = new Set([
  "PUT /api/v1/me/favorites/:listingId",
  "DELETE /api/v1/me/favorites/:listingId",
  "DELETE /api/v1/my-listings/:id",
  "POST /api/v1/my-listings/:id/boosts",
]);

interface Probe {
  label: string;
  path: string;
  init: SendInit;
}

function withEveryField(value: string): Record<string, string> {
  return Object.fromEntries(Object.keys(BASELINE).map((k) => [k, value]));
}

function withFreeText(value: string): Record<string, string> {
  const form = { ...BASELINE };
  for (const field of FREE_TEXT) form[field] = `${BASELINE[field] ?? "x"}${value}`;
  return form;
}

function multipart(boundary: string, parts: string[], end = true): string {
  return `${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join("")}${end ? `--${boundary}--\r\n` : ""}`;
}

/** A few bodies for a write that fails before its body matters (an unknown id, say). */
function someBodies(path: string): Probe[] {
  return [
    { label: "json free text nul", path, init: { json: withFreeText(REFUSED_TEXT.nul!) } },
    { label: "json null", path, init: { json: null } },
    {
      label: "malformed json",
      path,
      init: { body: '{"name":', headers: { "content-type": "application/json" } },
    },
    { label: "form every field nul", path, init: { form: withEveryField("\u0000") } },
  ];
}

/** Bodies for a write to `path`: form, JSON and multipart, well-formed and not. */
function bodies(path: string): Probe[] {
  const probes: Probe[] = [];
  const add = (label: string, init: SendInit) => probes.push({ label, path, init });
  for (const [name, value] of Object.entries(REFUSED_TEXT)) {
    add(`form free text ${name}`, { form: withFreeText(value) });
    add(`json free text ${name}`, { json: withFreeText(value) });
  }
  for (const [name, value] of Object.entries(ODD_TEXT)) {
    add(`form every field ${name}`, { form: withEveryField(value) });
  }
  add("json every field nul", { json: withEveryField("\u0000") });
  add("form repeated fields", {
    form: Object.keys(BASELINE).flatMap((k): [string, string][] => [
      [k, "\u0000"],
      [k, "x"],
    ]),
  });
  for (const [name, value] of Object.entries(HOSTILE_NUMBERS)) {
    add(`form numbers ${name}`, {
      form: { ...WITHOUT_PERSON, ...Object.fromEntries(NUMBER_FIELDS.map((k) => [k, value])) },
    });
  }
  for (const value of HOSTILE_JSON_NUMBERS) {
    add(`json numbers ${value}`, {
      json: { ...WITHOUT_PERSON, ...Object.fromEntries(NUMBER_FIELDS.map((k) => [k, value])) },
    });
  }
  for (const value of UNKNOWN_ENUMS) {
    const unknown = Object.fromEntries(ENUM_FIELDS.map((k) => [k, value]));
    add(`form unknown enums ${JSON.stringify(value)}`, { form: { ...WITHOUT_PERSON, ...unknown } });
    add(`json unknown enums ${JSON.stringify(value)}`, { json: { ...WITHOUT_PERSON, ...unknown } });
  }
  add("form empty", { form: {} });
  add("form malformed escapes", {
    body: "name=%ZZ&email=%E0%A4%A&redirectTo=%&%00=%00",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  add("form utf-16 charset", {
    body: "name=Ama",
    headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-16" },
  });
  add("no body", { method: "POST" });
  add("text/plain", { body: "name=Ama&email=a@b.c", headers: { "content-type": "text/plain" } });
  add("xml", { body: "<a>1</a>", headers: { "content-type": "application/xml" } });
  add("no content type", { body: '{"name":"Ama"}' });
  add("json declared as form", {
    body: '{"name":"Ama"}',
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  add("form declared as json", {
    body: "name=Ama&email=a%40b.c",
    headers: { "content-type": "application/json" },
  });
  for (const json of ["{", '{"name":', "nul\u0000l", "", "[1,2", '{"a":"\\ud800"}']) {
    add(`malformed json ${JSON.stringify(json)}`, {
      body: json,
      headers: { "content-type": "application/json" },
    });
  }
  for (const json of [null, [], "text", 42, true, [BASELINE]]) {
    add(`json ${JSON.stringify(json)}`, { json });
  }
  add("json wrong types", {
    json: {
      name: ["Ama"],
      email: { address: "a@b.c" },
      password: 123456,
      message: null,
      reason: ["general"],
      decision: ["approved"],
      featured: "yes",
      premium: 1,
      images: "not-a-list",
      amenities: [{ a: 1 }, 2, null],
      price: { cents: 1 },
      listingId: [1],
      redirectTo: ["//evil.example"],
    },
  });
  add("json prototype pollution", {
    body: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}}}',
    headers: { "content-type": "application/json" },
  });
  add("json deep nesting", {
    body: `${"[".repeat(5000)}${"]".repeat(5000)}`,
    headers: { "content-type": "application/json" },
  });
  add("json huge field", { json: { ...BASELINE, message: "x".repeat(2_000_000) } });
  add("multipart without boundary", {
    body: multipart("XyZ", ['Content-Disposition: form-data; name="name"\r\n\r\nAma']),
    headers: { "content-type": "multipart/form-data" },
  });
  add("multipart truncated", {
    body: multipart(
      "XyZ",
      ['Content-Disposition: form-data; name="name"\r\n\r\nAma', "Content-Disposition: form-"],
      false,
    ),
    headers: { "content-type": "multipart/form-data; boundary=XyZ" },
  });
  add("multipart wrong boundary", {
    body: multipart("Other", ['Content-Disposition: form-data; name="name"\r\n\r\nAma']),
    headers: { "content-type": "multipart/form-data; boundary=XyZ" },
  });
  add("multipart files where text is expected", {
    body: multipart(
      "XyZ",
      [...Object.keys(BASELINE), "redirectTo", "returnTo", "file", "avatar", "imageFiles"].map(
        (k) =>
          `Content-Disposition: form-data; name="${k}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n\u0000\u0001PNG`,
      ),
    ),
    headers: { "content-type": "multipart/form-data; boundary=XyZ" },
  });
  add("multipart free text nul", {
    body: multipart(
      "XyZ",
      Object.entries(withFreeText("\u0000")).map(
        ([k, v]) => `Content-Disposition: form-data; name="${k}"\r\n\r\n${v}`,
      ),
    ),
    headers: { "content-type": "multipart/form-data; boundary=XyZ" },
  });
  // Three targets a request, one in each field a redirect is read from.
  for (let i = 0; i < REDIRECT_TARGETS.length; i += 3) {
    const [redirectTo = "", returnTo = "", callbackURL = ""] = REDIRECT_TARGETS.slice(i, i + 3);
    add(`redirect ${JSON.stringify([redirectTo, returnTo, callbackURL])}`, {
      form: { redirectTo, returnTo, callbackURL },
    });
  }
  return probes;
}

/** The parameters any page or endpoint reads from its query string. */
const QUERY_PARAMETERS = [
  "q",
  "location",
  "page",
  "sort",
  "minPrice",
  "category",
  "currency",
  "auth",
  "email",
  "edit",
  "delete",
  "token",
  "error",
  "accountType",
  "redirectTo",
  "callbackURL",
  "key",
  "name",
];

/** Query strings for a read of `path`: each odd value in every parameter at once. */
function queries(path: string): Probe[] {
  const every = (value: string) =>
    new URLSearchParams(QUERY_PARAMETERS.map((k) => [k, value])).toString();
  return [
    {
      label: "query control characters",
      path: `${path}?${every("a\u0000b\u0001\u001b\u007f\u009f")}`,
      init: {},
    },
    { label: "query odd text", path: `${path}?${every("／。\ud800\r\n\t%")}`, init: {} },
    {
      label: "query long and malformed",
      path: `${path}?q=${"a".repeat(5000)}&location=%E0%A4%A&page=%&sort=%ZZ&q[]=b&email[x]=1`,
      init: {},
    },
    { label: "query redirect", path: `${path}?${every("/\t/evil.example/")}`, init: {} },
    ...Object.entries(HOSTILE_NUMBERS).map(([name, value]) => ({
      label: `query numbers ${name}`,
      path: `${path}?${new URLSearchParams(NUMBER_FIELDS.map((k) => [k, value])).toString()}`,
      init: {},
    })),
    {
      label: "query unknown enums",
      path: `${path}?${new URLSearchParams(ENUM_FIELDS.map((k) => [k, "superadmin"])).toString()}`,
      init: {},
    },
  ];
}

/** Headers the server or its libraries read, with values no browser sends. */
const HOSTILE_HEADERS: Record<string, Record<string, string>> = {
  "session cookie garbage": {
    cookie: "better-auth.session_token=%00%ZZ%E0%A4%A.; better-auth.session_token=x",
  },
  "cookie flood": {
    cookie: Array.from({ length: 300 }, (_, i) => `c${i}=${"v".repeat(20)}`).join("; "),
  },
  "site cookies forged": {
    cookie: "currency=%3Cscript%3E; locale=../../etc/passwd; theme=%00; ga_flash=%7B%22a%22",
  },
  "accept-language odd": {
    "accept-language": `*;q=abc, xx-YY-ZZ;q=2, ${"fr-".repeat(400)}, ;;, en;q=-1`,
  },
  "accept odd": { accept: "*/*;q=NaN, text/html;q=2, application/json;;" },
  "accept-encoding odd": { "accept-encoding": "br;q=2, gzip;q=-1, x-unknown, *;q=abc" },
  "forwarding spoofed": {
    "x-forwarded-for": "<script>, 1.1.1.1, ::ffff:127.0.0.1",
    "x-forwarded-host": "evil.example",
    "x-forwarded-proto": "gopher",
    "x-real-ip": "127.0.0.1",
  },
  "authorization malformed": { authorization: "Bearer %00' OR 1=1 --" },
  "conditional garbage": {
    "if-none-match": `"${"x".repeat(5000)}`,
    "if-modified-since": "yesterday",
    range: "bytes=999999999999-1",
  },
  "long user agent": { "user-agent": `Mozilla/5.0 ${"A".repeat(16_000)}` },
  "charset unknown": { "content-type": "application/json; charset=ebcdic" },
};

/** Paths nobody links to: control characters, broken escapes, traversal. */
const HOSTILE_PATHS = [
  "/listing/%00",
  "/listing/%E0%A4%A",
  "/listing/99999999999999999999",
  "/listing/1%0d%0aSet-Cookie:%20a=1",
  "/%00",
  "/%E0%A4%A",
  "/real-estate/%2e%2e/%2e%2e/etc/passwd",
  "/media/..%2f..%2fpackage.json",
  "/media/%00",
  "/flags/%00.svg",
  "/flags/..%2f..%2fpackage.json",
  "/avatars/initials.svg?name=%00%E0%A4%A",
  "/api/v1/listings/%00",
  "/api/v1/%E0%A4%A",
  "/api/auth/%00",
  "/dashboard/%00",
  "/dev/outbox/%00",
];

describe(`hostile input through the whole server on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let listingId: number;
  const jars: Record<string, CookieJar | undefined> = { visitor: undefined };

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "1000" });
    send = await createServerApp(app);
    const admin = await makeUser({ role: "admin" });
    jars.admin = admin.jar;
    jars.user = (await makeUser({ role: "user", email: "probe-user@example.com" })).jar;
    jars.agent = (await makeUser({ role: "agent", email: "probe-agent@example.com" })).jar;
    const saved = await createListing({
      actor: admin.viewer,
      input: {
        title: "Probe flat in Osu",
        category: "real-estate",
        listingType: "rent",
        price: "900",
        priceType: "per_month",
        countryCode: "GH",
        city: "Accra",
        address: "1 Probe Street",
        description: "A listing the probe reads and must never change.",
        propertyType: "apartment",
      },
    });
    listingId = saved.id;
  });
  afterAll(async () => {
    await app.close();
  });

  async function probeAll(role: string, probes: Probe[]) {
    const failures: string[] = [];
    const byPath = new Map<string, Probe[]>();
    for (const probe of probes) {
      const key = probe.path.split("?")[0]!;
      byPath.set(key, [...(byPath.get(key) ?? []), probe]);
    }
    for (const [path, group] of byPath) {
      const before = await databaseSnapshot(app.handle.db);
      for (const probe of group) {
        const jar = jars[role];
        const response = await send(probe.path, { ...probe.init, jar, ip: app.nextIp() });
        await response.arrayBuffer();
        if (response.status >= 500) {
          failures.push(`${probe.path.slice(0, 120)} [${probe.label}] → ${response.status}`);
        }
      }
      const changed = changedTables(before, await databaseSnapshot(app.handle.db));
      if (changed.length > 0) failures.push(`${path}: changed ${changed.join(", ")}`);
      // A probe may have signed the session out (it must not); the next ones would be anonymous.
      if (jars[role] && !(await app.viewer(jars[role]))) failures.push(`${path}: signed out`);
    }
    return failures;
  }

  /**
   * Every probe for a role. A visitor reads every page and endpoint; a signed-in person reads
   * only what signing in changes (the dashboard and the API), and writes everywhere.
   */
  async function everyProbe(options: { signedIn: boolean }): Promise<Probe[]> {
    const reads = (path: string) =>
      !options.signedIn || path.startsWith("/dashboard") || path.startsWith("/api/");
    const probes: Probe[] = [];
    const params = { listingId: String(listingId), id: String(listingId) };
    for (const route of await pageRoutes(params)) {
      // Signing out is the one write whose body does not matter: it is probed on its own.
      if (route.path === "/auth/sign-out") continue;
      if (reads(route.path)) probes.push(...queries(route.path));
      if (route.hasAction) probes.push(...bodies(route.path));
      for (const method of [...WRITE_METHODS, ...ODD_METHODS].filter((m) => m !== "POST")) {
        probes.push({ label: method, path: route.path, init: { method, body: undefined } });
      }
    }
    for (const route of apiRoutes(params)) {
      const key = `${route.method} ${route.pattern}`;
      if (route.method === "GET") {
        if (reads(route.path)) probes.push(...queries(route.path));
        continue;
      }
      const paths = route.pattern.includes(":") && !BODYLESS_WRITES.has(key) ? [route.path] : [];
      if (!route.pattern.includes(":")) paths.push(route.path);
      const hostile = route.pattern.includes(":")
        ? HOSTILE_IDS.map((id) => route.pattern.replace(/:\w+/, id))
        : [];
      for (const probe of [...paths.flatMap(bodies), ...hostile.flatMap(someBodies)]) {
        probes.push({ ...probe, init: { ...probe.init, method: route.method } });
      }
    }
    if (!options.signedIn) {
      for (const path of HOSTILE_PATHS) probes.push({ label: "hostile path", path, init: {} });
    }
    // Hostile headers on the reads and writes that touch each kind of handler.
    const headerTargets: [string, SendInit][] = [
      ["/", {}],
      ["/real-estate?q=Accra", {}],
      [`/listing/${listingId}`, {}],
      ["/dashboard", {}],
      ["/api/v1/listings?q=Accra", {}],
      ["/api/v1/me/favorites", {}],
      // Writes with a refused field, so that what is tried is the headers, not a valid request.
      ["/contact", { form: withFreeText(REFUSED_TEXT.nul!) }],
      ["/api/v1/contact-messages", { json: withFreeText(REFUSED_TEXT.nul!) }],
      ["/api/auth/sign-in/email", { json: withFreeText(REFUSED_TEXT.nul!) }],
      ["/set-currency", { form: BASELINE }],
    ];
    for (const [label, headers] of Object.entries(HOSTILE_HEADERS)) {
      for (const [path, init] of headerTargets) {
        probes.push({ label: `headers ${label}`, path, init: { ...init, headers } });
      }
    }
    // better-auth's own endpoints, which the forms call on the server's side.
    for (const path of AUTH_ENDPOINTS) probes.push(...bodies(path));
    return probes;
  }

  /** Sends one request and checks it changed nothing; returns the answer. */
  async function unchanged(path: string, init: SendInit): Promise<Response> {
    const before = await databaseSnapshot(app.handle.db);
    const response = await send(path, { ip: app.nextIp(), ...init });
    expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
    return response;
  }

  async function apiError(response: Response) {
    return (
      (await response.json()) as {
        error: { code: string; message: string; fields?: Record<string, string> };
      }
    ).error;
  }

  const truncatedMultipart = {
    body: multipart(
      "XyZ",
      ['Content-Disposition: form-data; name="intent"\r\n\r\nupdate-profile', "Content-Disp"],
      false,
    ),
    headers: { "content-type": "multipart/form-data; boundary=XyZ" },
  };
  const multipartWithoutBoundary = {
    body: multipart("XyZ", ['Content-Disposition: form-data; name="name"\r\n\r\nAma']),
    headers: { "content-type": "multipart/form-data" },
  };
  const jsonForForm = { json: { name: "Ama", intent: "update-profile" } };

  describe("the hostile requests that answered 500", () => {
    it("a NUL in the keyword or place of a browse page: the page drops it", async () => {
      for (const query of ["q=%00", "location=%00", "q=Accra%00", "q=%00&location=%00"]) {
        const response = await unchanged(`/real-estate?${query}`, {});
        expect(response.status, query).toBe(200);
        // The keyword or place is dropped: the section's listings show.
        expect(await textOf(response)).toContain("Probe flat in Osu");
      }
    });

    it("a NUL in q or location of GET /api/v1/listings: 400 naming the parameter", async () => {
      for (const name of ["q", "location"]) {
        const response = await unchanged(`/api/v1/listings?${name}=%00`, {});
        expect(response.status).toBe(400);
        expect(await apiError(response)).toEqual({
          code: "VALIDATION_FAILED",
          message: t("browse.api.invalidQuery"),
          fields: { [name]: t("browse.api.invalidValue") },
        });
      }
      // Tabs and line breaks in a keyword are spaces, not an error.
      const spaced = await unchanged("/api/v1/listings?q=Probe%09flat", {});
      expect(spaced.status).toBe(200);
    });

    it("a NUL in q of GET /api/v1/admin/listings: 400 naming the parameter", async () => {
      const response = await unchanged("/api/v1/admin/listings?q=%00", { jar: jars.admin });
      expect(response.status).toBe(400);
      expect((await apiError(response)).fields).toEqual({ q: t("browse.api.invalidValue") });
      const page = await unchanged("/dashboard/manage-listings?q=%00", { jar: jars.admin });
      expect(page.status).toBe(200);
    });

    it("malformed bodies on POST /api/v1/contact-messages: 400 or 415, nothing stored", async () => {
      const valid = {
        name: "Ama Mensah",
        email: "ama@example.com",
        reason: "general",
        subject: "Hello",
        message: "I would like to list my hostel.",
      };
      const cases: [SendInit, number, string][] = [
        [
          { body: JSON.stringify(valid), headers: { "content-type": "text/plain" } },
          415,
          t("requests.notJson"),
        ],
        [{ body: JSON.stringify(valid) }, 415, t("requests.notJson")],
        [{ form: valid }, 415, t("requests.notJson")],
        [
          { body: '{"name":', headers: { "content-type": "application/json" } },
          400,
          t("requests.invalidJson"),
        ],
        [{ json: [valid] }, 400, t("contact.errors.missingFields")],
        [{ json: null }, 400, t("contact.errors.missingFields")],
        [
          { json: { ...valid, name: ["Ama"], message: 42 } },
          400,
          t("contact.errors.missingFields"),
        ],
        [
          { json: { ...valid, message: "Hello\u0000there" } },
          400,
          t("contact.errors.missingFields"),
        ],
        [{ json: { ...valid, subject: "Hi\u001b[31m" } }, 400, t("contact.errors.missingFields")],
        [{ json: { ...valid, message: "x".repeat(300_000) } }, 413, t("requests.tooLarge")],
      ];
      for (const [init, status, message] of cases) {
        const response = await unchanged("/api/v1/contact-messages", init);
        expect(response.status, JSON.stringify(init).slice(0, 80)).toBe(status);
        expect((await apiError(response)).message).toBe(message);
      }
      const nul = await unchanged("/api/v1/contact-messages", {
        json: { ...valid, message: "Hello\u0000there" },
      });
      expect((await apiError(nul)).fields).toEqual({
        message: t("contact.errors.invalidCharacters"),
      });
    });

    it("malformed bodies on POST /dashboard/profile: 400, profile unchanged", async () => {
      for (const init of [truncatedMultipart, multipartWithoutBoundary, jsonForForm]) {
        const response = await unchanged("/dashboard/profile", { ...init, jar: jars.user });
        expect(response.status).toBe(400);
        expect(await textOf(response)).toContain(t("requests.unreadableForm"));
      }
      const response = await unchanged("/dashboard/profile", {
        jar: jars.user,
        form: { intent: "update-profile", name: "Ama\u0000Mensah", phone: "" },
      });
      expect(response.status).toBe(400);
      expect(await textOf(response)).toContain(t("profile.errors.invalidCharacters.description"));
    });

    it("malformed bodies on POST /add-listing: 400, nothing published", async () => {
      for (const init of [truncatedMultipart, multipartWithoutBoundary, jsonForForm]) {
        const response = await unchanged("/add-listing", { ...init, jar: jars.agent });
        expect(response.status).toBe(400);
      }
      for (const field of ["title", "description", "city", "address"]) {
        const response = await unchanged("/add-listing", {
          jar: jars.agent,
          form: { ...withFreeText(""), [field]: "Sunny\u0000flat in Osu" },
        });
        expect(response.status, field).toBe(400);
        expect(await textOf(response)).toContain(t("publish.errors.invalidCharacters"));
      }
    });

    it("malformed bodies on POST /api/v1/moderation/listings/{id}: 400 or 415, listing unchanged", async () => {
      const path = `/api/v1/moderation/listings/${listingId}`;
      const cases: [SendInit, number][] = [
        [{ json: { decision: "rejected", reason: "Blurry\u0000photos" } }, 400],
        [{ json: { decision: "rejected", reason: ["Blurry photos"] } }, 400],
        [{ json: { decision: ["rejected"] } }, 400],
        [{ json: "rejected" }, 400],
        [{ body: '{"decision":', headers: { "content-type": "application/json" } }, 400],
        [{ body: "decision=rejected", headers: { "content-type": "text/plain" } }, 415],
        [{ form: { decision: "rejected" } }, 415],
      ];
      for (const [init, status] of cases) {
        const response = await unchanged(path, { ...init, jar: jars.admin });
        expect(response.status, JSON.stringify(init)).toBe(status);
      }
    });

    it("malformed bodies on POST /set-currency and /favorites: 400, nothing set", async () => {
      for (const path of ["/set-currency", "/favorites"]) {
        for (const init of [
          truncatedMultipart,
          multipartWithoutBoundary,
          jsonForForm,
          { body: "currency=EUR", headers: { "content-type": "text/plain" } },
        ]) {
          const response = await unchanged(path, { ...init, jar: jars.user });
          expect(response.status, path).toBe(400);
          expect(response.headers.getSetCookie()).toEqual([]);
        }
      }
    });

    it("a hostile id in any path parameter of a page or an endpoint: 4xx, nothing changed", async () => {
      const valid: Record<string, string> = { listingId: String(listingId), id: String(listingId) };
      const targets: { method: string; pattern: string }[] = [];
      for (const route of await pageRoutes()) {
        if (!route.pattern.includes(":")) continue;
        targets.push({ method: "GET", pattern: route.pattern });
        if (route.hasAction) targets.push({ method: "POST", pattern: route.pattern });
      }
      for (const route of apiRoutes()) {
        if (route.pattern.includes(":")) targets.push(route);
      }
      const kinds = new Set<string>();
      const failures: string[] = [];
      const before = await databaseSnapshot(app.handle.db);
      for (const { method, pattern } of targets) {
        // Each parameter in turn is the hostile one; the others name something that exists.
        for (const name of pattern.match(/:\w+/g) ?? []) {
          kinds.add(name.slice(1));
          for (const id of HOSTILE_PATH_IDS) {
            const path = pattern
              .replace(name, id)
              .replace(/:(\w+)/g, (_, other: string) => valid[other] ?? "1");
            const body: SendInit = pattern.startsWith("/api/") ? { json: {} } : { form: {} };
            for (const role of ["user", "admin"]) {
              const response = await send(path, {
                method,
                ...(method === "GET" ? {} : body),
                jar: jars[role],
                ip: app.nextIp(),
              });
              await response.arrayBuffer();
              if (response.status < 400 || response.status >= 500) {
                failures.push(`${role} ${method} ${path.slice(0, 100)} → ${response.status}`);
              }
            }
          }
        }
      }
      expect(failures).toEqual([]);
      expect([...kinds].sort()).toEqual([...PATH_ID_KINDS].sort());
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
    }, 600_000);

    it("a redirect target with a full-width character on /set-currency and /favorites", async () => {
      for (const [path, form] of [
        ["/set-currency", { currency: "EUR" }],
        ["/favorites", { listingId: String(listingId), favorite: "false" }],
      ] as const) {
        const response = await send(path, {
          jar: jars.user,
          form: { ...form, redirectTo: "/。/evil.example" },
        });
        expect(response.status).toBe(302);
        expect(new URL(response.headers.get("location")!, app.config.appUrl).origin).toBe(
          app.config.appUrl,
        );
      }
    });
  });

  it("answers every hostile request of a visitor without a 500 or a change", async () => {
    const probes = await everyProbe({ signedIn: false });
    expect(probes.length).toBeGreaterThan(1000);
    console.info(`hostile-input: ${probes.length} requests as a visitor on ${testEngine}`);
    expect(await probeAll("visitor", probes)).toEqual([]);
  }, 900_000);

  for (const role of ["user", "agent", "admin"]) {
    it(`answers every hostile request of a signed-in ${role} without a 500 or a change`, async () => {
      const probes = await everyProbe({ signedIn: true });
      console.info(`hostile-input: ${probes.length} requests as the ${role} on ${testEngine}`);
      expect(await probeAll(role, probes)).toEqual([]);
    }, 900_000);
  }
});
