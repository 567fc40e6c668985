import { useRouteLoaderData } from "react-router";
import { Hero } from "~/components/landing/hero";
import { fontPreloads } from "~/components/landing/fonts";
import { About, DropBanner, FollowCreator } from "~/components/landing/sections";
import { pageMeta } from "~/lib/meta";
import type { RootData } from "#server/root-data.ts";
import type { Route } from "./+types/home";
import { HYDRATE_PUBLIC } from "~/components/deferred-scripts";
import { LandingDrop } from "~/components/drops/landing-drop";
import { useDropEvents } from "~/components/drops/use-drop-events";
import { useBilingual } from "~/components/drops/bilingual";
import { getServices } from "~/guards.server";
import { getLandingDrop } from "#server/domain/drops/public-drops.ts";
import { listCities, publicCity } from "#server/domain/cities/list-cities.ts";
import { CityList } from "~/components/cities/city-list";

const rootOf = (matches: Route.MetaArgs["matches"]) => matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;

// Painted before React's scripts are fetched; see deferred-scripts.
export const handle = HYDRATE_PUBLIC;

export const meta: Route.MetaFunction = ({ matches }) => {
  const settings = rootOf(matches)?.settings;
  const city = settings?.dropCity ?? "Kiel";
  const tags = pageMeta(matches, "landing.metaTitle", "landing.metaDescription", { city });
  const image = `${settings?.publicUrl ?? ""}/images/og-boonees.png`;
  return [
    ...tags,
    { property: "og:title", content: "Boonees" },
    { property: "og:description", content: tags[1] && "content" in tags[1] ? tags[1].content : "" },
    { property: "og:image", content: image },
    { property: "og:type", content: "website" },
  ];
};

// (The poster, the largest paint, is preloaded by React itself: an <img fetchpriority="high">.)
export const links: Route.LinksFunction = () => fontPreloads();

export async function loader({ context }: Route.LoaderArgs) {
  const db = getServices(context).db;
  const [drop, cities] = await Promise.all([getLandingDrop(db), listCities(db)]);
  // the weekly banner names the drop's city; without a drop the first city's (one city: DROP_CITY, decision 053)
  const first = cities.reduce<(typeof cities)[number] | undefined>((a, c) => (!a || c.id < a.id ? c : a), undefined);
  const bannerCity = !drop
    ? first && { de: first.nameDe, en: first.nameEn }
    : drop.state === "waiting"
      ? drop.city
      : drop.drop.city;
  return { drop, now: Date.now(), cities: cities.map(publicCity), bannerCity: bannerCity ?? null };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>("root");
  const settings = root?.settings;
  const pick = useBilingual();
  // also without a drop: a newly scheduled one appears
  useDropEvents();
  return (
    <>
      <Hero signedIn={!!root?.viewer} withDrop={!!loaderData.drop} />
      {/* the current or next drop, above the spec's weekly-drop banner (which always stays) */}
      <div data-live="landing-drop">{loaderData.drop && <LandingDrop drop={loaderData.drop} serverNow={loaderData.now} />}</div>
      <DropBanner city={loaderData.bannerCity ? pick(loaderData.bannerCity) : (settings?.dropCity ?? "Kiel")} />
      <CityList cities={loaderData.cities} />
      <About />
      <FollowCreator url={settings?.creatorProfileUrl ?? "#"} />
    </>
  );
}
