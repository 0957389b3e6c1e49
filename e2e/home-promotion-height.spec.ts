/**
 * The home page's promotion banner (the hero) takes the site's height override from 768 px up:
 * 531 px on the demo site that sets it, and its content's own height elsewhere and on phones.
 */
import { PROMOTION_SLIDER_HEIGHT_OVERRIDE } from "~/domain/site-constants";
import { expect, test } from "./support/fixtures";

test("the promotion banner is 531 px tall where the site overrides its height, from 768 px up", async ({
  page,
  siteUrl,
  siteBySlug,
}) => {
  expect(siteBySlug("harbour-auto-group").settings.promotionSliderHeight).toBe(
    PROMOTION_SLIDER_HEIGHT_OVERRIDE,
  );
  expect(siteBySlug("coastal-kia").settings.promotionSliderHeight).toBeNull();
  const heroHeight = async () => (await page.getByTestId("home-hero").boundingBox())!.height;

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(siteUrl("harbour-auto-group"));
  expect(await heroHeight()).toBe(531);
  await page.setViewportSize({ width: 768, height: 900 });
  expect(await heroHeight()).toBe(531);
  // The search in it is whole and reachable.
  await expect(
    page.getByTestId("home-hero").getByRole("button", { name: "Search" }),
  ).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await heroHeight()).not.toBe(531);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(siteUrl("coastal-kia"));
  expect(await heroHeight()).not.toBe(531);
});
