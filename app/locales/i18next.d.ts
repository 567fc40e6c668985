// Typed translation keys: the German files are the source of truth (decision 046).
import "i18next";
type Messages = {
  achievements: typeof import("./de/achievements.json");
  admin: typeof import("./de/admin.json");
  auth: typeof import("./de/auth.json");
  byCode: typeof import("./de/byCode.json");
  channels: typeof import("./de/channels.json");
  charts: typeof import("./de/charts.json");
  cities: typeof import("./de/cities.json");
  claim: typeof import("./de/claim.json");
  common: typeof import("./de/common.json");
  drops: typeof import("./de/drops.json");
  errors: typeof import("./de/errors.json");
  exclusive: typeof import("./de/exclusive.json");
  exclusiveItem: typeof import("./de/exclusiveItem.json");
  figure: typeof import("./de/figure.json");
  footer: typeof import("./de/footer.json");
  gallery: typeof import("./de/gallery.json");
  landing: typeof import("./de/landing.json");
  leaderboard: typeof import("./de/leaderboard.json");
  life: typeof import("./de/life.json");
  nav: typeof import("./de/nav.json");
  notifications: typeof import("./de/notifications.json");
  notify: typeof import("./de/notify.json");
  profile: typeof import("./de/profile.json");
  stats: typeof import("./de/stats.json");
  story: typeof import("./de/story.json");
  tap: typeof import("./de/tap.json");
};
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Messages };
    returnNull: false;
  }
}
