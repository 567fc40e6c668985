import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Parallel test runs may build into their own directory (BUILD_DIR); the server reads the same variable.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
