/**
 * Offer and part documents of the `Offer_production` and `Part_production` collections,
 * from their rows. (Vehicle documents: vehicle-document.ts.)
 */
import { slugify } from "~/domain/slug";
import type { Database } from "../db/client";
import { offers, parts } from "../db/schema";

const slug = (text: string | null) => slugify(text ?? "");

export async function loadOfferDocuments(db: Database) {
  const rows = await db.select().from(offers);
  return rows.map((o) => ({
    id: o.id,
    site_id: o.siteId,
    slug: o.slug,
    name: o.name,
    title: o.name,
    description: o.description,
    disclaimer: o.disclaimer,
    manufacturer: { name: o.manufacturerName, slug: slug(o.manufacturerName) },
    model: { name: o.modelName, slug: slug(o.modelName), body: o.modelBody },
    offer_type: "special",
    price: o.price,
    position: o.position,
    logoSrc: o.logo?.src ?? null,
    logoWidth: o.logo?.width ?? null,
    logoHeight: o.logo?.height ?? null,
    imageSrc: o.image?.src ?? null,
    imageWidth: o.image?.width ?? null,
    imageHeight: o.image?.height ?? null,
    linkHref: o.linkHref,
    expires_at_timestamp: o.expiresAt ? Date.parse(`${o.expiresAt}T23:59:59Z`) : null,
    created_at_timestamp: 0,
  }));
}

export async function loadPartDocuments(db: Database) {
  const rows = await db.select().from(parts);
  return rows.map((p) => ({
    id: p.id,
    site_id: p.siteId,
    slug: p.slug,
    name: p.name,
    part_number: p.partNumber,
    category: p.category,
    manufacturer: p.manufacturerName,
    price: p.price,
    image_url: p.imageUrl,
    description: p.description,
    created_at_timestamp: 0,
  }));
}
