/**
 * The JSON of the dashboard-compatible API (docs/dashboard-api.md), as zod schemas: the server
 * answers in these shapes and the client checks what a backend sends against them before any of
 * it reaches a site. Field names are the product's (docs/product/data-in.md), snake_case.
 */
import { z } from "zod";
import { NavigationSchema } from "~/domain/site-settings";
import { CAR_TYPES, ITEM_TYPES, VEHICLE_STATUSES } from "~/domain/vehicle";

const OpeningHoursEntrySchema = z.object({
  weekday: z.number().int().min(0).max(6),
  status: z.enum(["Open", "Closed"]),
  formated_hours: z.string().nullable(),
  open: z.string().nullable(),
  close: z.string().nullable(),
});

export const DashboardSpecialHoursSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  status: z.string(),
  start_hour: z.string().nullable(),
  end_hour: z.string().nullable(),
  location_id: z.number().int(),
  label: z.string().nullable(),
});

export const DashboardLocationSchema = z.object({
  id: z.number().int(),
  dealership_id: z.number().int(),
  dealership_slug: z.string(),
  name: z.string().min(1),
  slug: z.string().min(1),
  location_type: z.string(),
  location_subtype: z.array(z.string()),
  manufacturers: z.array(z.string()),
  position: z.number().int(),
  primary: z.boolean(),
  visible: z.boolean(),
  image: z.object({ url: z.string(), thumb: z.object({ url: z.string() }) }).nullable(),
  dealer_license_number: z.string().nullable(),
  motor_vehicle_repairer: z.string().nullable(),
  address: z.object({
    street: z.string(),
    city: z.string(),
    state: z.string(),
    postcode: z.string(),
    lat: z.number().nullable(),
    long: z.number().nullable(),
    place_id: z.string().nullable(),
    place_url: z.string().nullable(),
    full: z.string(),
    map_key: z.string().nullable(),
    map_url: z.string().nullable(),
  }),
  contact_detail: z.object({
    phone: z.string().nullable(),
    landline_phone: z.string().nullable(),
    mobile: z.string().nullable(),
    email: z.string().nullable(),
    social: z.record(z.string(), z.string()),
    opening_hours: z.array(OpeningHoursEntrySchema),
  }),
  service_opening_hours: z.array(OpeningHoursEntrySchema).nullable(),
  average_rating: z.number().nullable(),
  review_count: z.number().int(),
  gmb_profile_id: z.string().nullable(),
  external_identifiers: z.record(z.string(), z.string()),
});
export type DashboardLocation = z.infer<typeof DashboardLocationSchema>;

export const DashboardDealershipSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  slug: z.string().min(1),
  review_count: z.number().int(),
  average_rating: z.number().nullable(),
  manufacturers: z.array(z.string()),
});

/** GET /api/v1/websites/{id}/website_session_data.json: what a page needs at start. */
export const WebsiteSessionDataSchema = z.object({
  website: z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string().min(1),
    template: z.string(),
    locale: z.string(),
    url: z.string().nullable(),
    domain_name: z.string().nullable(),
    logo: z
      .object({ url: z.string(), thumb: z.string().nullable(), banner: z.string().nullable() })
      .nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    dealership_id: z.number().int().nullable(),
    dealership_group: z.object({ id: z.number(), name: z.string(), slug: z.string() }).nullable(),
    manufacturer: z.object({ id: z.number(), name: z.string(), slug: z.string() }).nullable(),
    default_search_path: z.string(),
    include_sold_cars_days: z.number().nullable(),
    specifications: z.object({
      just_arrived_days: z.number(),
      just_arrived_tag_name: z.string(),
      sold_tag_name: z.string(),
    }),
    offers_subscription: z.boolean(),
    garage_enabled: z.boolean(),
    gtm_id: z.string().nullable(),
    contact_details: z.object({
      phone: z.string().nullable(),
      email: z.string().nullable(),
      address: z.string().nullable(),
    }),
    stock: z.object({ count: z.number().int(), makes: z.number().int(), models: z.number().int() }),
  }),
  dealerships: z.array(DashboardDealershipSchema),
  navigation: NavigationSchema,
  locations: z.array(DashboardLocationSchema),
  special_hours: z.array(DashboardSpecialHoursSchema),
});
export type WebsiteSessionData = z.infer<typeof WebsiteSessionDataSchema>;

const nullableNumber = z.number().nullable();
const nullableString = z.string().nullable();

/**
 * A car (the product's Vehicle entity). Checked strictly where a site's pages depend on a field,
 * loosely elsewhere: a backend may send more fields than these.
 */
export const DashboardCarSchema = z.looseObject({
  id: z.number().int(),
  slug: z.string().regex(/^[A-Za-z0-9_-]+$/),
  name: z.string(),
  make: z.string().min(1),
  model: z.string().min(1),
  year: z.number().int().min(1886).max(2200),
  km: z.number().min(0),
  badge: nullableString,
  series: nullableString,
  price: z.number(),
  price_type: nullableString,
  before_price: nullableNumber,
  subscription_price: nullableNumber,
  weekly_price: nullableNumber.optional(),
  preorder: z.boolean(),
  status: z.enum(VEHICLE_STATUSES),
  car_type: z.enum(CAR_TYPES),
  item_type: z.enum(ITEM_TYPES).optional(),
  certified: z.boolean(),
  reserved: z.boolean(),
  payment_processors: z.array(
    z.object({
      authorization_type: z.string(),
      authorization_key: z.string(),
      deposit_amount: nullableNumber,
    }),
  ),
  stocknum: nullableString,
  vin: nullableString,
  dealership_id: z.number().int(),
  dealership_slug: z.string(),
  location: z.object({ slug: z.string() }).loose().nullable(),
  simple_fuel: nullableString,
  simple_body: nullableString,
  simple_drive: nullableString,
  simple_transmission: nullableString,
  colour: nullableString.optional(),
  seats: nullableNumber.optional(),
  engine: nullableString.optional(),
  categories: z.array(z.string()).optional(),
  filtered_features: z.array(z.string()).optional(),
  tag: nullableString,
  custom_rank: z.number().int(),
  created_at: z.string(),
  created_at_timestamp: z.number(),
  images: z.array(z.object({ url: z.string(), thumb: z.string() })),
  file: nullableString,
  autograb_data: z
    .object({
      average_market_price: nullableNumber,
      state_average_market_price: nullableNumber,
    })
    .nullable(),
  show_on_dealer_website: z.boolean(),
  sold_date_timestamp: nullableNumber,
  description: nullableString.optional(),
});
export type DashboardCar = z.infer<typeof DashboardCarSchema>;

/** GET /websites/{id}/cars.json: one page of the site's stock. */
export const CarsPageSchema = z.object({
  cars: z.array(DashboardCarSchema),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

export const ManufacturerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.object({ url: z.string().nullable() }),
});

/** One search URL path in use on the site, with the filters it stands for. */
export const SearchSlugSchema = z.object({
  slug: z.string(),
  path: z.string(),
  filters: z.record(z.string(), z.array(z.string())),
  count: z.number().int(),
});
export const SearchSlugsSchema = z.object({ search_slugs: z.array(SearchSlugSchema) });

/** One search page the site can show, with its heading and title. */
export const SearchPageTemplateSchema = z.object({
  path: z.string(),
  heading: z.string(),
  title: z.string(),
  description: z.string(),
});
export const SearchPageTemplatesSchema = z.object({
  search_page_templates: z.array(SearchPageTemplateSchema),
});
