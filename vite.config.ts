import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Chunks of the client build, for the 120 KB first-load budget of `/`. Left alone, the bundler
// splits the shared code into a dozen tiny chunks, each a request with its own import overhead.
// Instead: React and React Router in one chunk, and in another the app code that the document,
// the public layout and the home page import statically (other pages share most of it). Other
// pages' own code stays in their route chunks; what loads on demand (the live chat, the forms'
// zod validation) stays apart.
const reactRuntime = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]|rolldown[\\/:]runtime/;
const firstLoadModule = /[\\/]app[\\/](root|routes[\\/]_site|routes[\\/]_site\._index)\.tsx($|\?)/;
const appModule = /[\\/]app[\\/].*\.(ts|tsx)($|\?)/;

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null };
const loadedOnFirstLoad = new Map<string, boolean>();
function isLoadedOnFirstLoad(id: string, graph: ModuleGraph, seen = new Set<string>()): boolean {
  const known = loadedOnFirstLoad.get(id);
  if (known !== undefined) return known;
  if (seen.has(id)) return false;
  seen.add(id);
  const importers = graph.getModuleInfo(id)?.importers ?? [];
  const result = importers.some((importer) => firstLoadModule.test(importer) || isLoadedOnFirstLoad(importer, graph, seen));
  // A "no" found inside an import cycle may be premature: only a "yes" is remembered.
  if (result) loadedOnFirstLoad.set(id, true);
  return result;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // The server build's entry is server/app-entry.ts: React Router's build plus what the HTTP
  // server needs from the app, from the same module instances.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app-entry.ts" } } } },
  build: {
    assetsInlineLimit: 0,
    // Only modern browsers run the app: no modulepreload polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: "react", test: reactRuntime, priority: 2 },
                {
                  name: (id, graph) => (appModule.test(id) && !firstLoadModule.test(id) && isLoadedOnFirstLoad(id, graph) ? "site" : null),
                  priority: 1,
                },
              ],
            },
          },
        },
  },
}));
