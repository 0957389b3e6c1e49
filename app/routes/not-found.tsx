import { data } from "react-router";
import { NotFoundPage } from "~/app/components/site/not-found-page";

export function loader() {
  // A real 404 status, so crawlers drop the URL; the page itself offers the site's search.
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
