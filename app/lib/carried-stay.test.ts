import { describe, expect, it } from "vitest";
import { carriedStay } from "./carried-stay.ts";
import { stayLinkQuery } from "./stay-link.ts";

const TODAY = "2027-03-01";
const ask = (query: Record<string, string>, unit: "night" | "month" | "departure" = "night") =>
  carriedStay(new URLSearchParams(query), unit, TODAY);

describe("a stay carried in a listing's link", () => {
  it("keeps the dates and guests of a search", () => {
    expect(ask({ checkIn: "2027-03-05", checkOut: "2027-03-08", guests: "2" })).toEqual({
      checkIn: "2027-03-05",
      checkOut: "2027-03-08",
      guests: "2",
    });
  });

  it("drops values that are not a stay, and days already past", () => {
    expect(ask({ checkIn: "2027-02-27", checkOut: "2027-02-31", guests: "abc" })).toEqual({});
    expect(ask({ checkIn: "yesterday", guests: "0" })).toEqual({});
    expect(ask({ guests: "51" })).toEqual({});
    expect(ask({ checkIn: "2027-03-08", checkOut: "2027-03-05" })).toEqual({
      checkIn: "2027-03-08",
    });
    expect(ask({ checkIn: TODAY, checkOut: "2027-03-02" })).toEqual({
      checkIn: TODAY,
      checkOut: "2027-03-02",
    });
  });

  it("lets a student room by the months covering the dates", () => {
    expect(ask({ checkIn: "2027-03-05", checkOut: "2027-05-20", guests: "1" }, "month")).toEqual({
      checkIn: "2027-03-05",
      months: "3",
      guests: "1",
    });
    expect(ask({ checkIn: "2027-03-05", months: "4" }, "month")).toEqual({
      checkIn: "2027-03-05",
      months: "4",
    });
  });

  it("keeps a tour's departure and seats only", () => {
    expect(ask({ checkIn: "2027-03-05", departureId: "7", guests: "3" }, "departure")).toEqual({
      departureId: "7",
      guests: "3",
    });
  });
});

describe("a search result's link", () => {
  it("carries the dates as a pair, and the guests", () => {
    expect(stayLinkQuery({ checkIn: "2027-03-05", checkOut: "2027-03-08", guests: 2 })).toBe(
      "?checkIn=2027-03-05&checkOut=2027-03-08&guests=2",
    );
    expect(stayLinkQuery({ checkIn: "2027-03-05" })).toBe("");
    expect(stayLinkQuery({ guests: 3 })).toBe("?guests=3");
  });
});
