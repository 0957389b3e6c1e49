/** Models, bodies and engines the demo stock is drawn from. */
export type ModelSpec = {
  model: string;
  body: string;
  fuel: string;
  badges: string[];
  basePrice: number;
  seats: number;
  engine: string;
  item?: "car" | "truck" | "motorcycle" | "caravan" | "camper";
};

export const MODELS: Record<string, ModelSpec[]> = {
  Toyota: [
    { model: "Corolla", body: "Hatch", fuel: "Hybrid", badges: ["Ascent Sport", "SX", "ZR"], basePrice: 32000, seats: 5, engine: "1.8L 4cyl Hybrid" },
    { model: "Camry", body: "Sedan", fuel: "Hybrid", badges: ["Ascent", "SL"], basePrice: 40000, seats: 5, engine: "2.5L 4cyl Hybrid" },
    { model: "RAV4", body: "SUV", fuel: "Hybrid", badges: ["GX", "GXL", "Cruiser", "Edge"], basePrice: 42000, seats: 5, engine: "2.5L 4cyl Hybrid" },
    { model: "HiLux", body: "Ute", fuel: "Diesel", badges: ["Workmate", "SR", "SR5", "Rogue"], basePrice: 52000, seats: 5, engine: "2.8L 4cyl Turbo Diesel" },
    { model: "LandCruiser", body: "SUV", fuel: "Diesel", badges: ["GX", "GXL", "Sahara"], basePrice: 95000, seats: 7, engine: "3.3L V6 Twin Turbo Diesel" },
    { model: "Hiace", body: "Van", fuel: "Diesel", badges: ["LWB", "SLWB"], basePrice: 50000, seats: 3, engine: "2.8L 4cyl Turbo Diesel" },
  ],
  Mazda: [
    { model: "CX-5", body: "SUV", fuel: "Petrol", badges: ["Maxx", "Maxx Sport", "Touring", "Akera"], basePrice: 38000, seats: 5, engine: "2.5L 4cyl" },
    { model: "Mazda3", body: "Hatch", fuel: "Petrol", badges: ["G20 Pure", "G25 Evolve", "G25 Astina"], basePrice: 31000, seats: 5, engine: "2.0L 4cyl" },
    { model: "BT-50", body: "Ute", fuel: "Diesel", badges: ["XT", "XTR", "GT"], basePrice: 50000, seats: 5, engine: "3.0L 4cyl Turbo Diesel" },
    { model: "CX-90", body: "SUV", fuel: "Petrol", badges: ["Touring", "GT", "Azami"], basePrice: 75000, seats: 7, engine: "3.3L 6cyl Turbo" },
  ],
  Kia: [
    { model: "Sportage", body: "SUV", fuel: "Petrol", badges: ["S", "SX", "GT-Line"], basePrice: 36000, seats: 5, engine: "2.0L 4cyl" },
    { model: "Seltos", body: "SUV", fuel: "Petrol", badges: ["S", "Sport", "GT-Line"], basePrice: 30000, seats: 5, engine: "2.0L 4cyl" },
    { model: "EV6", body: "SUV", fuel: "Electric", badges: ["Air", "GT-Line", "GT"], basePrice: 67000, seats: 5, engine: "Dual motor electric" },
    { model: "Sorento", body: "SUV", fuel: "PHEV", badges: ["Sport", "GT-Line PHEV"], basePrice: 60000, seats: 7, engine: "1.6L Turbo Plug-in Hybrid" },
    { model: "Carnival", body: "People Mover", fuel: "Diesel", badges: ["S", "Si", "Platinum"], basePrice: 52000, seats: 8, engine: "2.2L 4cyl Turbo Diesel" },
    { model: "Picanto", body: "Hatch", fuel: "Petrol", badges: ["S", "GT-Line"], basePrice: 18000, seats: 5, engine: "1.2L 4cyl" },
  ],
  Ford: [
    { model: "Ranger", body: "Ute", fuel: "Diesel", badges: ["XL", "XLT", "Wildtrak", "Raptor"], basePrice: 58000, seats: 5, engine: "2.0L Bi-Turbo Diesel" },
    { model: "Everest", body: "SUV", fuel: "Diesel", badges: ["Ambiente", "Trend", "Platinum"], basePrice: 60000, seats: 7, engine: "3.0L V6 Turbo Diesel" },
    { model: "F-150", body: "Pickup", fuel: "Petrol", badges: ["XLT", "Lariat"], basePrice: 90000, seats: 5, engine: "5.0L V8" },
    { model: "Mustang", body: "Coupe", fuel: "Petrol", badges: ["GT"], basePrice: 70000, seats: 4, engine: "5.0L V8" },
  ],
  Hyundai: [
    { model: "i30", body: "Hatch", fuel: "Petrol", badges: ["Active", "Elite", "N Line"], basePrice: 28000, seats: 5, engine: "2.0L 4cyl" },
    { model: "Tucson", body: "SUV", fuel: "Petrol", badges: ["Elite", "Highlander"], basePrice: 40000, seats: 5, engine: "2.0L 4cyl" },
    { model: "Ioniq 5", body: "SUV", fuel: "Electric", badges: ["Dynamiq", "Techniq", "Epiq"], basePrice: 65000, seats: 5, engine: "Dual motor electric" },
  ],
  Mitsubishi: [
    { model: "Outlander", body: "SUV", fuel: "PHEV", badges: ["ES", "Aspire", "Exceed"], basePrice: 45000, seats: 7, engine: "2.4L Plug-in Hybrid" },
    { model: "Triton", body: "Ute", fuel: "Diesel", badges: ["GLX", "GLS"], basePrice: 45000, seats: 5, engine: "2.4L Turbo Diesel" },
  ],
  Isuzu: [
    { model: "D-Max", body: "Ute", fuel: "Diesel", badges: ["SX", "LS-U", "X-Terrain"], basePrice: 48000, seats: 5, engine: "3.0L Turbo Diesel" },
    { model: "NPR 75-190", body: "Cab Chassis", fuel: "Diesel", badges: ["Tradepack"], basePrice: 95000, seats: 3, engine: "5.2L Turbo Diesel", item: "truck" },
  ],
  Volkswagen: [
    { model: "Golf", body: "Hatch", fuel: "Petrol", badges: ["Life", "R-Line", "GTI"], basePrice: 38000, seats: 5, engine: "1.4L Turbo" },
    { model: "Amarok", body: "Ute", fuel: "Diesel", badges: ["Core", "Style", "Aventura"], basePrice: 62000, seats: 5, engine: "3.0L V6 Turbo Diesel" },
  ],
  Tesla: [
    { model: "Model 3", body: "Sedan", fuel: "Electric", badges: ["RWD", "Long Range"], basePrice: 58000, seats: 5, engine: "Electric" },
    { model: "Model Y", body: "SUV", fuel: "Electric", badges: ["RWD", "Long Range"], basePrice: 62000, seats: 5, engine: "Electric" },
  ],
  "Mercedes-Benz": [
    { model: "C-Class", body: "Sedan", fuel: "Petrol", badges: ["C200", "C300"], basePrice: 78000, seats: 5, engine: "2.0L Turbo" },
    { model: "Sprinter", body: "Van", fuel: "Diesel", badges: ["316 CDI", "519 CDI"], basePrice: 80000, seats: 3, engine: "2.0L Turbo Diesel", item: "truck" },
  ],
  Chevrolet: [
    { model: "Silverado", body: "Pickup", fuel: "Petrol", badges: ["LT", "LTZ", "ZR2"], basePrice: 95000, seats: 5, engine: "6.2L V8" },
    { model: "Equinox", body: "SUV", fuel: "Petrol", badges: ["LS", "RS"], basePrice: 38000, seats: 5, engine: "1.5L Turbo" },
  ],
  Honda: [
    { model: "CR-V", body: "SUV", fuel: "Petrol", badges: ["VTi", "VTi L7"], basePrice: 44000, seats: 5, engine: "1.5L Turbo" },
    { model: "Civic", body: "Sedan", fuel: "Hybrid", badges: ["VTi LX", "e:HEV"], basePrice: 48000, seats: 5, engine: "2.0L Hybrid" },
  ],
  Hino: [
    { model: "300 Series 616", body: "Cab Chassis", fuel: "Diesel", badges: ["Auto", "Manual"], basePrice: 85000, seats: 3, engine: "4.0L Turbo Diesel", item: "truck" },
  ],
  Jayco: [
    { model: "Journey Outback", body: "Caravan", fuel: "Other", badges: ["21.65-3"], basePrice: 89000, seats: 4, engine: "None", item: "caravan" },
    { model: "Swan", body: "Camper Trailer", fuel: "Other", badges: ["Outback"], basePrice: 38000, seats: 4, engine: "None", item: "camper" },
  ],
  Winnebago: [
    { model: "Esperance", body: "Motorhome", fuel: "Diesel", badges: ["C7374"], basePrice: 180000, seats: 4, engine: "3.0L Turbo Diesel", item: "camper" },
  ],
  Yamaha: [
    { model: "MT-07", body: "Naked", fuel: "Petrol", badges: ["LAMS", "Full power"], basePrice: 12000, seats: 2, engine: "689cc parallel twin", item: "motorcycle" },
    { model: "Tenere 700", body: "Adventure", fuel: "Petrol", badges: ["World Raid"], basePrice: 19000, seats: 2, engine: "689cc parallel twin", item: "motorcycle" },
  ],
  Kawasaki: [
    { model: "Ninja 650", body: "Sport", fuel: "Petrol", badges: ["LAMS"], basePrice: 11000, seats: 2, engine: "649cc parallel twin", item: "motorcycle" },
    { model: "Z900", body: "Naked", fuel: "Petrol", badges: ["SE"], basePrice: 16000, seats: 2, engine: "948cc inline four", item: "motorcycle" },
  ],
  "Harley-Davidson": [
    { model: "Street Glide", body: "Touring", fuel: "Petrol", badges: ["Special"], basePrice: 48000, seats: 2, engine: "1923cc V-twin", item: "motorcycle" },
  ],
};

export const COLOURS: Array<[string, string]> = [
  ["White", "f4f4f4"],
  ["Black", "1c1c1c"],
  ["Silver", "a7adb3"],
  ["Grey", "5f6670"],
  ["Blue", "1f4e9c"],
  ["Red", "b3202a"],
  ["Green", "2f6b3a"],
  ["Orange", "d9731f"],
];

export const TRANSMISSIONS = ["Automatic", "Manual"] as const;
export const DRIVES = ["FWD", "RWD", "AWD", "4WD"] as const;
