/**
 * A checker of the feeds written from the providers' published specifications, independent of
 * the code that writes them: Google's vehicle ads feed (required attributes, value formats,
 * vehicle_price_type for Australia), Google Business Profile's store columns, and Meta's
 * automotive catalogue (required fields, enums, 17-character VINs, description length).
 * Returns every problem found, one line each; an empty list is a feed that passes.
 */

export type Market = { country: "AU" | "NZ" | "US"; currency: string; unit: "km" | "miles" };

export const MARKETS: Record<string, Market> = {
  "en-AU": { country: "AU", currency: "AUD", unit: "km" },
  "en-NZ": { country: "NZ", currency: "NZD", unit: "km" },
  "en-US": { country: "US", currency: "USD", unit: "miles" },
};

/** Tab-separated text: a header line, then one line per row (no quoting in Google's TSV). */
export function parseTsv(text: string): Record<string, string>[] {
  const lines = text.split("\n").filter((line) => line !== "");
  const header = lines[0]?.split("\t") ?? [];
  return lines.slice(1).map((line) => {
    const cells = line.split("\t");
    if (cells.length !== header.length)
      throw new Error(`a TSV line has ${cells.length} cells, the header ${header.length}`);
    return Object.fromEntries(header.map((h, i) => [h, cells[i]!]));
  });
}

export function tsvHeader(text: string): string[] {
  return text.split("\n")[0]!.split("\t");
}

/** RFC 4180 CSV, quoted fields with doubled quotes included. */
export function parseCsv(text: string): { header: string[]; rows: Record<string, string>[] } {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || record.length) records.push([...record, field]);
  const [header = [], ...rest] = records;
  return {
    header,
    rows: rest.map((cells) => {
      if (cells.length !== header.length)
        throw new Error(`a CSV record has ${cells.length} fields, the header ${header.length}`);
      return Object.fromEntries(header.map((h, i) => [h, cells[i]!]));
    }),
  };
}

const VIN_VALUES: Record<string, number> = Object.fromEntries(
  [..."ABCDEFGH"]
    .map((c, i) => [c, i + 1])
    .concat(
      [..."JKLMN"].map((c, i) => [c, i + 1]),
      [
        ["P", 7],
        ["R", 9],
      ],
      [..."STUVWXYZ"].map((c, i) => [c, i + 2]),
    ),
);

/** 49 CFR 565.15: the weighted sum of the transliterated characters, modulo 11. */
function vinCheckDigitOk(vin: string): boolean {
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i]!;
    sum += (/\d/.test(c) ? Number(c) : VIN_VALUES[c]!) * weights[i]!;
  }
  const digit = sum % 11 === 10 ? "X" : String(sum % 11);
  return vin[8] === digit;
}

function vinProblems(vin: string, market: Market): string[] {
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin))
    return [`VIN ${vin} is not 17 characters without I, O, Q`];
  if (market.country === "US" && !vinCheckDigitOk(vin)) return [`VIN ${vin} fails its check digit`];
  return [];
}

const isUrl = (text: string, origin?: string) => {
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) && (!origin || url.origin === origin);
  } catch {
    return false;
  }
};

const GOOGLE_REQUIRED = [
  "id",
  "vin",
  "store_code",
  "google_product_category",
  "link",
  "image_link",
  "price",
  "condition",
  "brand",
  "model",
  "year",
  "mileage",
];
const GOOGLE_BODY_STYLES = new Set(
  "atv_sport atv_touring atv_utility atv_youth city_car compact_suv convertible coupe crossover full_size_van hatchback limousine minivan notchback sedan side_by_side station_wagon suv truck ute utv_recreational_utility utv_sport utv_utility utv_youth class_a_motorhome class_b_motorhome class_c_motorhome travel_trailer fifth_wheel pop_up_camper truck_camper".split(
    " ",
  ),
);
const GOOGLE_ENGINES = new Set(
  "gasoline diesel electric hybrid lpg methane natural_gas plug-in_hybrid other".split(" "),
);
/** Google's vehicle_price_type for Australia, by condition. */
const AU_PRICE_TYPES: Record<string, string[]> = {
  new: ["drive_away_price", "estimated_drive_away_price"],
  used: ["drive_away_price", "excluding_government_charges_price"],
};

export function checkGoogleFeed(
  text: string,
  market: Market,
  origin: string,
  storeCodes: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  const header = tsvHeader(text);
  for (const column of GOOGLE_REQUIRED)
    if (!header.includes(column)) problems.push(`missing column ${column}`);
  if (market.country === "AU" && !header.includes("vehicle_price_type"))
    problems.push("missing column vehicle_price_type (required in Australia)");
  const price = new RegExp(`^\\d+\\.\\d{2} ${market.currency}$`);
  const vins = new Set<string>();
  for (const row of parseTsv(text)) {
    const at = `row ${row.id}`;
    for (const column of GOOGLE_REQUIRED)
      if (!row[column]) problems.push(`${at}: ${column} is empty`);
    problems.push(...vinProblems(row.vin!, market).map((p) => `${at}: ${p}`));
    if (vins.has(row.vin!)) problems.push(`${at}: VIN ${row.vin} appears twice`);
    vins.add(row.vin!);
    if (!storeCodes.has(row.store_code!))
      problems.push(`${at}: store_code ${row.store_code} is not in the store data`);
    if (!price.test(row.price!))
      problems.push(`${at}: price ${row.price} is not amount + currency`);
    if (!["new", "used"].includes(row.condition!))
      problems.push(`${at}: condition ${row.condition}`);
    if (row.condition === "new" && !price.test(row.vehicle_msrp ?? ""))
      problems.push(`${at}: a new vehicle needs vehicle_msrp`);
    if (!/^\d{4}$/.test(row.year!)) problems.push(`${at}: year ${row.year}`);
    if (!new RegExp(`^\\d+ ${market.unit}$`, "i").test(row.mileage!))
      problems.push(`${at}: mileage ${row.mileage} is not in ${market.unit}`);
    if (!isUrl(row.link!, origin)) problems.push(`${at}: link ${row.link} is not on ${origin}`);
    for (const url of [
      row.image_link!,
      ...(row.additional_image_link || "").split(",").filter(Boolean),
    ])
      if (!isUrl(url)) problems.push(`${at}: image ${url} is not an absolute URL`);
    if ((row.additional_image_link || "").split(",").filter(Boolean).length > 10)
      problems.push(`${at}: more than 10 additional images`);
    if (row.body_style && !GOOGLE_BODY_STYLES.has(row.body_style))
      problems.push(`${at}: body_style ${row.body_style}`);
    if (row.engine && !GOOGLE_ENGINES.has(row.engine)) problems.push(`${at}: engine ${row.engine}`);
    if (market.country === "AU") {
      if (!AU_PRICE_TYPES[row.condition!]?.includes(row.vehicle_price_type!))
        problems.push(
          `${at}: vehicle_price_type ${row.vehicle_price_type} is not allowed for a ${row.condition} vehicle in Australia`,
        );
    } else if (row.vehicle_price_type) {
      problems.push(`${at}: vehicle_price_type outside Australia`);
    }
  }
  return problems;
}

const STORE_REQUIRED = [
  "Store code",
  "Business name",
  "Address line 1",
  "Locality",
  "Country / Region",
  "Primary phone",
];

export function checkStoreFeed(text: string, market: Market): string[] {
  const problems: string[] = [];
  const header = tsvHeader(text);
  for (const column of STORE_REQUIRED)
    if (!header.includes(column)) problems.push(`missing column ${column}`);
  const codes = new Set<string>();
  for (const row of parseTsv(text)) {
    for (const column of STORE_REQUIRED)
      if (!row[column]) problems.push(`store ${row["Store code"]}: ${column} is empty`);
    if (codes.has(row["Store code"]!)) problems.push(`store code ${row["Store code"]} twice`);
    codes.add(row["Store code"]!);
    if (row["Country / Region"] !== market.country)
      problems.push(`store ${row["Store code"]}: country ${row["Country / Region"]}`);
  }
  return problems;
}

const META_REQUIRED = [
  "vehicle_id",
  "vin",
  "title",
  "description",
  "url",
  "make",
  "model",
  "year",
  "mileage.value",
  "mileage.unit",
  "price",
  "state_of_vehicle",
  "body_style",
  "exterior_color",
  "image",
  "address.city",
  "address.region",
  "address.country",
];
const META_BODY_STYLES = new Set(
  "CONVERTIBLE COUPE HATCHBACK MINIVAN TRUCK SUV SEDAN VAN WAGON CROSSOVER OTHER".split(" "),
);

export function checkMetaFeed(text: string, market: Market, origin: string): string[] {
  const problems: string[] = [];
  const { header, rows } = parseCsv(text);
  for (const column of META_REQUIRED)
    if (!header.includes(column)) problems.push(`missing column ${column}`);
  const price = new RegExp(`^\\d+(\\.\\d{2})? ${market.currency}$`);
  const ids = new Set<string>();
  for (const row of rows) {
    const at = `vehicle ${row.vehicle_id}`;
    for (const column of META_REQUIRED)
      if (!row[column]) problems.push(`${at}: ${column} is empty`);
    if (row.vehicle_id!.length > 100) problems.push(`${at}: vehicle_id over 100 characters`);
    if (ids.has(row.vehicle_id!)) problems.push(`${at}: vehicle_id twice`);
    ids.add(row.vehicle_id!);
    problems.push(...vinProblems(row.vin!, market).map((p) => `${at}: ${p}`));
    if (row.description!.length > 5000) problems.push(`${at}: description over 5,000 characters`);
    if (!META_BODY_STYLES.has(row.body_style!))
      problems.push(`${at}: body_style ${row.body_style}`);
    if (!["NEW", "USED", "CPO"].includes(row.state_of_vehicle!))
      problems.push(`${at}: state_of_vehicle ${row.state_of_vehicle}`);
    if (row["mileage.unit"] !== (market.unit === "miles" ? "MI" : "KM"))
      problems.push(`${at}: mileage.unit ${row["mileage.unit"]}`);
    if (!/^\d+$/.test(row["mileage.value"]!)) problems.push(`${at}: mileage.value`);
    if (!price.test(row.price!)) problems.push(`${at}: price ${row.price}`);
    if (!isUrl(row.url!, origin)) problems.push(`${at}: url ${row.url}`);
    if (row["address.country"] !== market.country) problems.push(`${at}: address.country`);
    let images: { url: string }[] = [];
    try {
      images = JSON.parse(row.image!) as { url: string }[];
    } catch {
      problems.push(`${at}: image is not a JSON list`);
    }
    if (images.length === 0 || images.length > 20) problems.push(`${at}: ${images.length} images`);
    for (const image of images) if (!isUrl(image.url)) problems.push(`${at}: image ${image.url}`);
    for (const coordinate of ["latitude", "longitude"])
      if (row[coordinate] && !Number.isFinite(Number(row[coordinate])))
        problems.push(`${at}: ${coordinate} ${row[coordinate]}`);
  }
  return problems;
}
