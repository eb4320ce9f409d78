import { describe, expect, it } from "vitest";
import { initialsAvatarSvg, initialsOf } from "./initials-avatar.ts";

describe("initials avatars", () => {
  it("takes the first letters of the first and last names", () => {
    expect(initialsOf("Amara Okafor")).toBe("AO");
    expect(initialsOf("Kwame Nkrumah Mensah")).toBe("KM");
    expect(initialsOf("kwame")).toBe("K");
    expect(initialsOf("  ")).toBe("?");
  });

  it("escapes markup in the name", () => {
    const svg = initialsAvatarSvg("<script> x");
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&#60;X");
  });
});
