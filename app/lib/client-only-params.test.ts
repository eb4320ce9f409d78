import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { differsOnlyInClientState, skipClientOnlyChanges } from "./client-only-params.ts";

const url = (path: string) => new URL(path, "http://local");

function args(
  from: string,
  to: string,
  extra: Partial<ShouldRevalidateFunctionArgs> = {},
): ShouldRevalidateFunctionArgs {
  return {
    currentUrl: url(from),
    currentParams: {},
    nextUrl: url(to),
    nextParams: {},
    defaultShouldRevalidate: true,
    ...extra,
  };
}

describe("differsOnlyInClientState", () => {
  it("is true when only the auth dialog's parameters change", () => {
    expect(differsOnlyInClientState(url("/real-estate"), url("/real-estate?auth=login"))).toBe(
      true,
    );
    expect(
      differsOnlyInClientState(
        url("/real-estate?sort=newest&auth=login"),
        url("/real-estate?auth=register&email=a%40b.c&sort=newest"),
      ),
    ).toBe(true);
    expect(differsOnlyInClientState(url("/?auth=forgot"), url("/"))).toBe(true);
  });

  it("is false for the same URL, another path or another real parameter", () => {
    expect(differsOnlyInClientState(url("/real-estate"), url("/real-estate"))).toBe(false);
    expect(differsOnlyInClientState(url("/real-estate"), url("/vehicles?auth=login"))).toBe(false);
    expect(
      differsOnlyInClientState(url("/real-estate?auth=login"), url("/real-estate?page=2")),
    ).toBe(false);
  });
});

describe("skipClientOnlyChanges", () => {
  it("skips loaders when the dialog opens, switches view or closes", () => {
    expect(skipClientOnlyChanges(args("/real-estate", "/real-estate?auth=login"))).toBe(false);
    expect(skipClientOnlyChanges(args("/?auth=login", "/?auth=register"))).toBe(false);
    expect(skipClientOnlyChanges(args("/?auth=register", "/"))).toBe(false);
  });

  it("keeps the default for submissions, even when they land on a dialog URL", () => {
    const submission = args("/?auth=login", "/?auth=login&email=a%40b.c", { formMethod: "POST" });
    expect(skipClientOnlyChanges(submission)).toBe(true);
    const afterAction = args("/", "/?auth=login", { actionResult: { ok: false } });
    expect(skipClientOnlyChanges(afterAction)).toBe(true);
  });

  it("keeps the default for every other navigation", () => {
    expect(skipClientOnlyChanges(args("/real-estate", "/real-estate?sort=newest"))).toBe(true);
    expect(skipClientOnlyChanges(args("/", "/", { defaultShouldRevalidate: false }))).toBe(false);
  });
});
