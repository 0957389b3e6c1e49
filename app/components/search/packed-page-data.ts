/**
 * Lists of the search page's loader data sent as rows of values instead of objects: the filter
 * panels' options and the dealership and location slugs. React Router's stream writes every
 * field of an object as a key reference beside its value (about 11 characters with the script's
 * escaping): 60 options of three fields were about 2 KB of a results page. An option whose label
 * is its value ('SUV') sends it once.
 */
import type { SlugTarget } from "~/domain/search-scope";
import type { FacetOption, FacetPanel, MakeOption } from "~/app/routes/search.server";

type PackedOption = [value: string, count: number, label?: string];
type PackedMake = [
  value: string,
  count: number,
  label: string,
  popular: boolean,
  logoUrl: string | null,
  models: PackedOption[] | null,
];

export type PackedPanel =
  | (Omit<Extract<FacetPanel, { kind: "list" }>, "options"> & { options: PackedOption[] })
  | (Omit<Extract<FacetPanel, { kind: "makes" }>, "options"> & { options: PackedMake[] })
  | Extract<FacetPanel, { kind: "range" }>;

function packOption({ value, count, label }: FacetOption): PackedOption {
  return label === value ? [value, count] : [value, count, label];
}

function unpackOption([value, count, label = value]: PackedOption): FacetOption {
  return { value, count, label };
}

export function packPanels(panels: readonly FacetPanel[]): PackedPanel[] {
  return panels.map((panel) => {
    switch (panel.kind) {
      case "range":
        return panel;
      case "list":
        return { ...panel, options: panel.options.map(packOption) };
      case "makes":
        return {
          ...panel,
          options: panel.options.map((make): PackedMake => [
            make.value,
            make.count,
            make.label,
            make.popular,
            make.logoUrl,
            make.models?.map(packOption) ?? null,
          ]),
        };
    }
  });
}

export function unpackPanels(panels: readonly PackedPanel[]): FacetPanel[] {
  return panels.map((panel) => {
    switch (panel.kind) {
      case "range":
        return panel;
      case "list":
        return { ...panel, options: panel.options.map(unpackOption) };
      case "makes":
        return {
          ...panel,
          options: panel.options.map(
            ([value, count, label, popular, logoUrl, models]): MakeOption => ({
              value,
              count,
              label,
              popular,
              logoUrl,
              models: models?.map(unpackOption) ?? null,
            }),
          ),
        };
    }
  });
}

export type PackedSlugTarget = [slug: string, facet: SlugTarget["facet"], name: string];

export function packSlugTargets(targets: readonly SlugTarget[]): PackedSlugTarget[] {
  return targets.map(({ slug, facet, name }) => [slug, facet, name]);
}

export function unpackSlugTargets(targets: readonly PackedSlugTarget[]): SlugTarget[] {
  return targets.map(([slug, facet, name]) => ({ slug, facet, name }));
}
