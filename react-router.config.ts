import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel checkouts and tests build side by side; production uses ./build.
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
