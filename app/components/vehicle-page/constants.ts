/** Sizes of the main gallery image: the page's left column (2/3 of at most 80rem from lg up). */
export const MAIN_IMAGE_SIZES = "(min-width: 1280px) 840px, (min-width: 992px) 66vw, 100vw";
