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

  it("names the site in titles as the administrator set it, or by the catalogue's brand", () => {
    const root = { messages: pickMessages(["layout"]), settings: { siteName: "Savanna Homes" } };
    const page = { loaderData: { messages: pickMessages(["dashboard", "about.meta"]) } };
    const t = metaTranslator([{ loaderData: root }, page]);
    expect(t("dashboard.metaTitle")).toBe("Dashboard — Savanna Homes");
    expect(t("about.meta.title")).toBe("About Us — Savanna Homes");
    // A route that failed before its loader answered: the tab reads the site's name.
    expect(
      metaTranslator([{ loaderData: root }, { loaderData: undefined }])("home.meta.title"),
    ).toBe("Savanna Homes");
    const plain = metaTranslator([{ loaderData: { messages: pickMessages(["layout"]) } }, page]);
    expect(plain("dashboard.metaTitle")).toBe("Dashboard — Gateway Africa");
    const withDefaults = translatorFor(pickMessages(["layout"]), "en", { siteName: "Acme" });
    expect(withDefaults("layout.footer.rights", { year: 2026 })).toBe(
      "© 2026 Acme. All rights reserved.",
    );
  });

  it("picks plural texts and fills their count", () => {
    const t = translatorFor(pickMessages(["listing.card"]));
    expect(t("listing.card.beds", { count: 1 })).toBe("1 bed");
    expect(t("listing.card.beds", { count: 3 })).toBe("3 beds");
  });
});
