/**
 * Darker fills for the slime and ember buttons: white text on the theme's slime (#2f9e5b, 3.4:1) and
 * ember (#e5602a, 3.3:1) misses WCAG AA for normal-size text; these reach about 5.3:1.
 */
export const SLIME_AA = "bg-[#237a46] shadow-[0_3px_0_0_#174f2e] hover:bg-[#1d6b3c]";
export const EMBER_AA = "bg-[#b9471c] shadow-[0_3px_0_0_#7d2f12] hover:bg-[#a23e18]";
