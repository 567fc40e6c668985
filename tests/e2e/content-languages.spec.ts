import { contentLanguageTests } from "./content-languages.ts";

// Issue 27 on a desktop screen (the same walk on a phone: content-languages-mobile.spec.ts).
contentLanguageTests();
