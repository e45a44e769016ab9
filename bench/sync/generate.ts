/**
 * A deterministic contact CSV for the sync benchmark: `phone_number,first_name,last_name,email,company,country_code`.
 * Numbers come in the formats people export: E.164 (`+14155550123`), `(415) 555-0123`, `415-555-0123`, plain
 * national digits, `+1 415 555 0123`, and for a few rows a national UK or German number with its `country_code`.
 * About 2 % of rows are invalid (too short, letters, empty) and about 3 % repeat an earlier number in another format.
 */

export interface GeneratedMix {
  rows: number;
  /** Rows written with a number the generator meant to be invalid. */
  invalid: number;
  /** Rows repeating an earlier row's number. */
  duplicates: number;
}

export const CSV_HEADER = 'phone_number,first_name,last_name,email,company,country_code\n';

const AREA_CODES = [
  212, 213, 305, 312, 415, 503, 602, 617, 702, 713, 801, 206, 404, 469, 512, 646, 718, 916, 919, 978, 201,
  202, 210, 214, 215, 248, 281, 303, 310, 313, 323, 347, 402, 480, 504, 571, 614, 704, 720, 773,
];
const FIRST = ['Ada', 'Grace', 'Linus', 'Margaret', 'Alan', 'Barbara', 'Dennis', 'Frances', 'Ken', 'Radia'];
const LAST = [
  'Lovelace',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Turing',
  'Liskov',
  'Ritchie',
  'Allen',
  'Thompson',
];
const COMPANIES = ['Acme Corp', 'Globex', '"Initech, Inc."', 'Umbrella', 'Hooli', 'Stark Industries', ''];
const INVALID = ['12345', 'n/a', '', '555-CALL-NOW', '+1 (000) 000-0000', '0'];
// 8,000,000 national numbers per area code (exchange 200–999 × 10,000); 2,654,435,761 is odd and coprime.
const SPACE = 8_000_000;

/** The i-th distinct US number's 10 national digits (row i's number, unless the row is one of the odd ones). */
export function usDigits(i: number): string {
  const area = AREA_CODES[i % AREA_CODES.length]!;
  const rest = (Math.floor(i / AREA_CODES.length) * 2_654_435_761) % SPACE;
  return `${area}${200 + Math.floor(rest / 10_000)}${String(rest % 10_000).padStart(4, '0')}`;
}

function usFormatted(digits: string, style: number): string {
  const [a, b, c] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
  switch (style) {
    case 0:
      return `(${a}) ${b}-${c}`;
    case 1:
      return `${a}-${b}-${c}`;
    case 2:
      return digits;
    case 3:
      return `+1 ${a} ${b} ${c}`;
    default:
      return `+1${digits}`;
  }
}

/** Style by share: 45 % E.164, 20 % (415) 555-0123, 15 % 415-555-0123, 10 % digits, 5 % +1 415 555 0123. */
const STYLE_BY_PERCENT = (p: number) => (p < 45 ? 4 : p < 65 ? 0 : p < 80 ? 1 : p < 90 ? 2 : 3);

/** Yields the CSV (header first) in chunks of about `chunkRows` rows; `mix` is filled as it goes. */
export function* contactCsv(rows: number, mix: GeneratedMix, chunkRows = 10_000): Generator<string> {
  let chunk = CSV_HEADER;
  let state = 0x2545f491;
  const random = () => {
    // xorshift32: the same file for the same row count on every run.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
  for (let row = 0; row < rows; row++) {
    const first = FIRST[row % FIRST.length]!;
    const last = LAST[row % LAST.length]!;
    const email = `${first.toLowerCase()}.${last.toLowerCase()}${row}@example.com`;
    const company = COMPANIES[row % COMPANIES.length]!;
    const roll = random() * 100;
    let phone: string;
    let country = '';
    if (roll < 2) {
      phone = INVALID[row % INVALID.length]!;
      mix.invalid += 1;
    } else if (roll < 5 && row > 100) {
      // A number an earlier row already has, written another way.
      phone = usFormatted(usDigits(Math.floor(random() * (row - 1))), Math.floor(random() * 5));
      mix.duplicates += 1;
    } else if (roll < 6) {
      phone = `020 7${String(10_000_000 + (row % 9_999_999)).slice(1)}`;
      country = 'GB';
    } else if (roll < 7) {
      phone = `030 ${String(10_000_000 + (row % 89_999_999)).slice(1)}`;
      country = 'DE';
    } else {
      phone = usFormatted(usDigits(row), STYLE_BY_PERCENT(random() * 100));
    }
    chunk += `${phone},${first},${last},${email},${company},${country}\n`;
    mix.rows += 1;
    if ((row + 1) % chunkRows === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
