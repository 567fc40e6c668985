// Imported first by every entry point (server/main.ts, server/cli.ts, server/dev.ts): files and folders
// the process creates are private from the start (server/private-files.ts, decision 043).
import { keepFilesPrivate } from "./private-files.ts";

keepFilesPrivate();
