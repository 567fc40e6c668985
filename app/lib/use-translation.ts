import type { i18n as I18n } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";

const boundT = new WeakMap<I18n, I18n["t"]>();

/**
 * `t` and the i18next instance of this page. react-i18next's own hook copies every property of the
 * instance into a new wrapper for each component it renders on the server (a sixth of the CPU of a
 * gallery page under load). The language never changes within a page here (the toggle reloads it),
 * so components read the instance straight from the provider.
 */
export function useTranslation() {
  const { i18n } = useContext(I18nContext);
  let t = boundT.get(i18n);
  if (!t) {
    t = i18n.t.bind(i18n) as I18n["t"];
    boundT.set(i18n, t);
  }
  return { t, i18n };
}
