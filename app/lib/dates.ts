import { format } from "date-fns";
import { de, enGB } from "date-fns/locale";

const locales = { de, en: enGB };
type Lang = "de" | "en";
const toDate = (d: Date | string | number) => (d instanceof Date ? d : new Date(d));

/** 'dd. MMM yyyy' (spec section 9), e.g. "05. Nov. 2026" / "05 Nov 2026". */
export const formatDay = (d: Date | string | number, lang: Lang) =>
  format(toDate(d), lang === "de" ? "dd. MMM yyyy" : "dd MMM yyyy", { locale: locales[lang] });

/** Exclusive items: 'dd. MMM yyyy · HH:mm' + ' Uhr' in German. */
export const formatDayTime = (d: Date | string | number, lang: Lang) =>
  lang === "de"
    ? `${format(toDate(d), "dd. MMM yyyy · HH:mm", { locale: de })} Uhr`
    : format(toDate(d), "dd MMM yyyy · HH:mm", { locale: enGB });

/** The admin claims table: 'dd.MM.yyyy HH:mm'. */
export const formatTable = (d: Date | string | number) => format(toDate(d), "dd.MM.yyyy HH:mm");
