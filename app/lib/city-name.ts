/** A city's name in the page's language. */
export const cityName = (city: { nameDe: string; nameEn: string }, lang: string) =>
  lang === "en" ? city.nameEn : city.nameDe;
