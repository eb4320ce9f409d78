import { describe, expect, it } from "vitest";
import { pickMessages } from "./translate.ts";
import { matchedMessages, mergeMessages, metaTranslator, translatorFor } from "./translator.ts";

describe("the texts a page is given", () => {
  it("merges the matched routes' texts, deeper routes adding their namespaces", () => {
    const messages = matchedMessages([
      { loaderData: { messages: pickMessages(["layout", "auth.toasts"]) } },
      undefined,
      { loaderData: { other: 1 } },
      { loaderData: { messages: pickMessages(["home"]) } },
    ]);
    const t = translatorFor(messages);
    expect(t("layout.header.signIn")).toBe("Sign In");
    expect(t("auth.toasts.accessDenied")).toBe("Access Denied");
    expect(t("home.meta.title")).not.toBe("home.meta.title");
    expect(Object.keys(messages).sort()).toEqual(["auth", "home", "layout"]);
  });

  it("adds a section to a namespace without losing the namespace's other sections", () => {
    const merged = mergeMessages(
      { auth: { toasts: { a: "A" } } },
      { auth: { dialog: { b: "B" } } },
    );
    expect(merged).toEqual({ auth: { toasts: { a: "A" }, dialog: { b: "B" } } });
  });

  it("shows the key of a text the page was not given", () => {
    const t = translatorFor(pickMessages(["layout"]));
    expect(t("publish.meta.addTitle")).toBe("publish.meta.addTitle");
  });

  it("titles a page whose route failed before its loader answered with the site's name", () => {
    const t = metaTranslator([
      { loaderData: { messages: pickMessages(["layout"]) } },
      { loaderData: undefined },
    ]);
    expect(t("dashboard.metaTitle")).toBe("Gateway Africa");
    expect(t("layout.header.signIn")).toBe("Sign In");
  });

  it("picks plural texts and fills their count", () => {
    const t = translatorFor(pickMessages(["listing.card"]));
    expect(t("listing.card.beds", { count: 1 })).toBe("1 bed");
    expect(t("listing.card.beds", { count: 3 })).toBe("3 beds");
  });
});
