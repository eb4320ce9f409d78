import { describe, expect, it } from "vitest";
import { afterSignIn, confirmationLanding, resumeTarget } from "./auth-dialog-url.ts";

const APP = "https://gateway.example";

describe("resumeTarget", () => {
  it("keeps a listing's message and quote forms, without the dialog or any other query", () => {
    expect(resumeTarget("/listing/12/message?auth=register&email=a@b.c", APP)).toBe(
      "/listing/12/message",
    );
    expect(resumeTarget("/listing/12/quote", APP)).toBe("/listing/12/quote");
    expect(resumeTarget(`${APP}/listing/7/quote#top`, APP)).toBe("/listing/7/quote");
  });

  it("keeps a listing page only with a stay chosen on its booking card, and only that choice", () => {
    expect(
      resumeTarget(
        "/listing/12?checkIn=2027-01-04&checkOut=2027-01-06&guests=2&auth=login&utm=x",
        APP,
      ),
    ).toBe("/listing/12?checkIn=2027-01-04&checkOut=2027-01-06&guests=2");
    expect(resumeTarget("/listing/12?departureId=9&guests=1", APP)).toBe(
      "/listing/12?departureId=9&guests=1",
    );
    expect(resumeTarget("/listing/12", APP)).toBeNull();
    expect(resumeTarget("/listing/12?guests=2", APP)).toBeNull();
  });

  it("refuses other pages, other sites and unreadable targets", () => {
    expect(resumeTarget("/", APP)).toBeNull();
    expect(resumeTarget("/dashboard/overview", APP)).toBeNull();
    expect(resumeTarget("/listing/12/message/../../evil", APP)).toBeNull();
    expect(resumeTarget("/listing/abc/message", APP)).toBeNull();
    expect(resumeTarget("https://evil.example/listing/12/message", APP)).toBeNull();
    expect(resumeTarget("//evil.example/listing/12/message", APP)).toBeNull();
    expect(resumeTarget("/\tevil.example/listing/12/message", APP)).toBeNull();
    expect(resumeTarget(undefined, APP)).toBeNull();
    expect(resumeTarget(["/listing/12/quote"], APP)).toBeNull();
  });
});

describe("confirmationLanding", () => {
  it("sends the confirmation link back to a form to resume, else to the plain confirm page", () => {
    expect(confirmationLanding("/listing/12/message?auth=register", APP)).toBe(
      "/confirm?next=%2Flisting%2F12%2Fmessage",
    );
    expect(confirmationLanding("/listing/3?checkIn=2027-01-04&checkOut=2027-01-06", APP)).toBe(
      "/confirm?next=%2Flisting%2F3%3FcheckIn%3D2027-01-04%26checkOut%3D2027-01-06",
    );
    expect(confirmationLanding("/about", APP)).toBe("/confirm");
    expect(confirmationLanding("https://evil.example/listing/12/quote", APP)).toBe("/confirm");
  });
});

describe("afterSignIn", () => {
  it("brings a visitor back to the form they were filling", () => {
    expect(afterSignIn("/listing/12/message?auth=login", true, APP)).toBe("/listing/12/message");
    expect(afterSignIn("/listing/12/quote", true, APP)).toBe("/listing/12/quote");
    expect(afterSignIn("/listing/12?checkIn=2027-01-04&auth=login", true, APP)).toBe(
      "/listing/12?checkIn=2027-01-04",
    );
  });

  it("sends everyone else to the dashboard, and a person without a role to choose one", () => {
    expect(afterSignIn("/listing/12", true, APP)).toBe("/dashboard/overview");
    expect(afterSignIn("/", true, APP)).toBe("/dashboard/overview");
    expect(afterSignIn("/listing/12/message/../../evil", true, APP)).toBe("/dashboard/overview");
    expect(afterSignIn("/listing/12/message", false, APP)).toBe("/role-selection");
  });
});
