/** Sizes of the main gallery image: the page's left column (2/3 of at most 80rem from lg up). */
export const MAIN_IMAGE_SIZES = "(min-width: 1280px) 840px, (min-width: 992px) 66vw, 100vw";

/**
 * Thumbnails the server sends: wider together than the strip ever is (8 of 116 px and their gaps
 * make 984 px; the strip is at most 960 px, just below the large breakpoint), so it scrolls from
 * the first paint and the rest, added once the page runs, shift nothing. Each thumbnail is a
 * button that needs JavaScript to show its photo.
 */
export const SERVER_THUMBNAILS = 8;

/** The enquiry form's own anchor on the vehicle page: the phone action bar's Enquire leads to it. */
export const SEND_ENQUIRY_ANCHOR = "send-enquiry";
