import { contentLanguageTests } from "./content-languages.ts";

// Issue 27 on a phone (the same walk on a desktop: content-languages.spec.ts).
contentLanguageTests();
