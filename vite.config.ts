import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Chunks of the client build, for the 120 KB first-load budget of `/`. Left alone, the bundler
// splits the shared code into a dozen tiny chunks, each a request with its own import overhead.
// Instead: React and React Router in one chunk, in another the app code that the document,
// the public layout and the home page import statically (other pages share most of it), and in a
// third the app code that three or more other public pages import statically (images, videos,
// section headings), and in one chunk per pair the code that exactly two pages share (the
// portfolios' lightbox). Code that only one page uses stays out of them (a page's text, the legal
// documents); what loads on demand (the live chat, the forms' zod
// validation) stays apart.
const reactRuntime = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]|rolldown[\\/:]runtime/;
const firstLoadModule = /[\\/]app[\\/](root|routes[\\/]_site|routes[\\/]_site\._index)\.tsx($|\?)/;
const appModule = /[\\/]app[\\/].*\.(ts|tsx)($|\?)/;

/** A public page's own route module (not the layout, _site.tsx). */
const publicRouteModule = /[\\/]app[\\/]routes[\\/]_site\.[^\\/]*\.tsx($|\?)/;
const routeModule = /[\\/]app[\\/](root\.tsx|routes[\\/])/;

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

/** The public pages' route modules that import the module, directly or through other static imports. */
const publicPagesOf = new Map<string, string[]>();
function publicPagesImporting(id: string, graph: ModuleGraph): string[] {
  const known = publicPagesOf.get(id);
  if (known !== undefined) return known;
  const pages = new Set<string>();
  const seen = new Set<string>([id]);
  const queue = [id];
  for (let current = queue.pop(); current !== undefined; current = queue.pop()) {
    for (const importer of graph.getModuleInfo(current)?.importers ?? []) {
      if (publicRouteModule.test(importer)) pages.add(importer);
      else if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  const found = [...pages].map((page) => /_site\.([^\\/]*)\.tsx/.exec(page)![1]!).sort();
  publicPagesOf.set(id, found);
  return found;
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
                  debugName: "site",
                  name: (id, graph) => (appModule.test(id) && !firstLoadModule.test(id) && isLoadedOnFirstLoad(id, graph) ? "site" : null),
                  priority: 1,
                },
                {
                  debugName: "pages",
                  name: (id, graph) => {
                    if (!appModule.test(id) || routeModule.test(id)) return null;
                    const pages = publicPagesImporting(id, graph);
                    // Code two pages share (the portfolios' lightbox, its dialog and the category
                    // filter) is one chunk of that pair rather than one per module.
                    return pages.length >= 3 ? "pages" : pages.length === 2 ? `pages-${pages.join("-")}` : null;
                  },
                  priority: 0,
                },
              ],
            },
          },
        },
  },
}));
