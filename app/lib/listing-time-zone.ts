/**
 * The time zone a listing's days are counted in: its country's. Every country the site lists
 * keeps one zone, except the Democratic Republic of the Congo (Kinshasa UTC+1, Lubumbashi UTC+2),
 * counted in its capital's. A cancellation policy's "days before check-in" are the listing's
 * calendar days, as a guest reads them on the spot.
 */
const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  DZ: "Africa/Algiers",
  AO: "Africa/Luanda",
  BJ: "Africa/Porto-Novo",
  BW: "Africa/Gaborone",
  BF: "Africa/Ouagadougou",
  BI: "Africa/Bujumbura",
  CV: "Atlantic/Cape_Verde",
  CM: "Africa/Douala",
  CF: "Africa/Bangui",
  TD: "Africa/Ndjamena",
  KM: "Indian/Comoro",
  CG: "Africa/Brazzaville",
  CD: "Africa/Kinshasa",
  CI: "Africa/Abidjan",
  DJ: "Africa/Djibouti",
  EG: "Africa/Cairo",
  GQ: "Africa/Malabo",
  ER: "Africa/Asmara",
  SZ: "Africa/Mbabane",
  ET: "Africa/Addis_Ababa",
  GA: "Africa/Libreville",
  GM: "Africa/Banjul",
  GH: "Africa/Accra",
  GN: "Africa/Conakry",
  GW: "Africa/Bissau",
  KE: "Africa/Nairobi",
  LS: "Africa/Maseru",
  LR: "Africa/Monrovia",
  LY: "Africa/Tripoli",
  MG: "Indian/Antananarivo",
  MW: "Africa/Blantyre",
  ML: "Africa/Bamako",
  MR: "Africa/Nouakchott",
  MU: "Indian/Mauritius",
  MA: "Africa/Casablanca",
  MZ: "Africa/Maputo",
  NA: "Africa/Windhoek",
  NE: "Africa/Niamey",
  NG: "Africa/Lagos",
  RW: "Africa/Kigali",
  ST: "Africa/Sao_Tome",
  SN: "Africa/Dakar",
  SC: "Indian/Mahe",
  SL: "Africa/Freetown",
  SO: "Africa/Mogadishu",
  ZA: "Africa/Johannesburg",
  SS: "Africa/Juba",
  SD: "Africa/Khartoum",
  TZ: "Africa/Dar_es_Salaam",
  TG: "Africa/Lome",
  TN: "Africa/Tunis",
  UG: "Africa/Kampala",
  ZM: "Africa/Lusaka",
  ZW: "Africa/Harare",
};

/** A country the table does not know (added by the administrator later) counts in UTC. */
export function countryTimeZone(countryCode: string): string {
  return COUNTRY_TIME_ZONES[countryCode] ?? "UTC";
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date ("2027-03-02") an instant falls on in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}
