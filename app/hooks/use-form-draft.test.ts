import { describe, expect, it } from "vitest";
import {
  clearFormDraft,
  FORM_DRAFT_DAYS,
  readFormDraft,
  writeFormDraft,
} from "./use-form-draft.ts";

/** Storage as the browser's localStorage answers it. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const DAY = 24 * 60 * 60 * 1000;

describe("form drafts", () => {
  it("keeps what was typed per form and listing until it is cleared", () => {
    const storage = memoryStorage();
    writeFormDraft(storage, "message:12", { body: "Is it free in March?" }, 0);
    writeFormDraft(storage, "quote:12", { need: "Paint", place: "Osu", neededBy: "" }, 0);
    expect(readFormDraft(storage, "message:12", DAY)).toEqual({ body: "Is it free in March?" });
    expect(readFormDraft(storage, "message:13", DAY)).toBeNull();
    expect(readFormDraft(storage, "quote:12", DAY)).toEqual({
      need: "Paint",
      place: "Osu",
      neededBy: "",
    });
    clearFormDraft(storage, "message:12");
    expect(readFormDraft(storage, "message:12", DAY)).toBeNull();
  });

  it(`drops a draft after ${FORM_DRAFT_DAYS} days, an emptied one, and one it cannot read`, () => {
    const storage = memoryStorage();
    writeFormDraft(storage, "booking:3", { message: "Late arrival" }, 0);
    expect(readFormDraft(storage, "booking:3", FORM_DRAFT_DAYS * DAY)).not.toBeNull();
    expect(readFormDraft(storage, "booking:3", FORM_DRAFT_DAYS * DAY + 1)).toBeNull();
    expect(storage.length).toBe(0);

    writeFormDraft(storage, "booking:3", { message: "Late arrival" }, 0);
    writeFormDraft(storage, "booking:3", { message: "" }, 0);
    expect(storage.length).toBe(0);

    storage.setItem("gateway:form-draft:booking:3", "{not json");
    expect(readFormDraft(storage, "booking:3", 0)).toBeNull();
    storage.setItem(
      "gateway:form-draft:booking:3",
      JSON.stringify({ savedAt: 0, values: { a: 1 } }),
    );
    expect(readFormDraft(storage, "booking:3", 0)).toEqual({});
  });
});
