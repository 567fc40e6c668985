/** A figure's claim page, where every claim link (/c/CODE, a typed code) leads and sign-in returns to. */
export const claimPath = (code: string) => `/claim/${code}`;

/** The page after a successful claim (Post/Redirect/Get). */
export const claimedPath = (figureId: string) => `/claimed/${figureId}`;

/** Where the success page goes on to: the collection, with the new find marked. */
export const newFindPath = (figureId: string) => `/profile?new=${encodeURIComponent(figureId)}`;
