// Writes the demo media into public/demo/ (committed, so the demo needs neither internet nor
// ffmpeg): pictures rendered from SVG with sharp, short H.264 clips made with ffmpeg from sharp-rendered
// layers, and a poster picture for each clip. Run by hand after changing the demo data:
//   node scripts/lib/seed-data/make-media.ts [--images] [--videos]
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import sharp from "sharp";
import { avatarSvg, coverSvg, ledPanelSvg, logoSvg, motifForCategory, videoBackdropSvg, videoOverlaySvg } from "./artwork.ts";
import { blogCoverLabels, blogPosts } from "./blog.ts";
import { logoStyles } from "./client-logos.ts";
import { ledPanelPictures } from "./led-panels.ts";
import { portfolioItems } from "./portfolio.ts";
import { windowFilmsProjects, windowFilmsTestimonials } from "./window-films.ts";

const outDir = resolve(new URL("../../../public/demo", import.meta.url).pathname);

async function writeWebp(relativePath: string, svg: string, options: { quality?: number; trim?: boolean } = {}) {
  const file = join(outDir, relativePath);
  mkdirSync(dirname(file), { recursive: true });
  let image = sharp(Buffer.from(svg));
  if (options.trim) image = sharp(await image.png().toBuffer()).trim();
  await image.webp({ quality: options.quality ?? 78, effort: 6 }).toFile(file);
  return file;
}

function demoPath(url: string): string {
  return url.replace(/^\/demo\//, "");
}

export async function makeImages(): Promise<string[]> {
  const written: string[] = [];
  for (const item of portfolioItems) {
    const images = (item.images as string[]).filter((u) => u.endsWith(".webp"));
    for (const [i, url] of images.entries()) {
      const svg = coverSvg({
        width: 1280,
        height: 800,
        kicker: i === 0 ? item.category : "Resultado",
        motif: motifForCategory(item.category),
        text: i === 0 ? undefined : item.result,
        variant: i,
      });
      written.push(await writeWebp(demoPath(url), svg));
    }
  }
  for (const panel of ledPanelPictures) {
    written.push(await writeWebp(panel.file, ledPanelSvg({ width: 1200, height: 800, ...panel })));
  }
  for (const project of windowFilmsProjects) {
    for (const [i, url] of (project.images as string[]).entries()) {
      const svg = coverSvg({
        width: 1280,
        height: 800,
        kicker: i === 0 ? (project.category ?? "Corporativo") : "Resultado",
        motif: "play",
        text: i === 0 ? undefined : (project.result ?? project.title),
        variant: i,
        footer: "Window Films",
      });
      written.push(await writeWebp(demoPath(url), svg));
    }
  }
  for (const t of windowFilmsTestimonials) {
    if (t.clientPhoto) written.push(await writeWebp(demoPath(t.clientPhoto), avatarSvg(t.clientName), { quality: 80 }));
  }
  for (const logo of logoStyles) {
    written.push(await writeWebp(`logos/${logo.file}.webp`, logoSvg(logo), { quality: 90, trim: true }));
  }
  for (const post of blogPosts) {
    const key = post.coverImage.replace(/^.*\/|\.webp$/g, "");
    const svg = coverSvg({ width: 1200, height: 630, kicker: "Blog", motif: "article", caption: blogCoverLabels[key] ?? post.title });
    written.push(await writeWebp(demoPath(post.coverImage), svg));
  }
  return written;
}

interface Clip {
  file: string;
  width: number;
  height: number;
  seconds: number;
  colors: string[];
  /** A title card over the backdrop; none for a background loop that pages put text on. */
  overlay?: Parameters<typeof videoOverlaySvg>[0];
}

const VERTICAL = { width: 540, height: 960, seconds: 4 };

export const clips: Clip[] = [
  {
    file: "videos/hero-16x9.mp4",
    width: 1280,
    height: 720,
    seconds: 5,
    colors: ["0b1f3a", "2563eb", "102c57", "25d366"],
  },
  {
    file: "videos/institucional-serra-dourada.mp4",
    width: 1280,
    height: 720,
    seconds: 5,
    colors: ["0b1f3a", "f59e0b", "2563eb", "102c57"],
    overlay: { width: 1280, height: 720, kicker: "Filme institucional", title: "Serra Dourada Engenharia", subtitle: "Construindo Goiânia há 25 anos" },
  },
  {
    file: "videos/depoimento-carlos.mp4",
    ...VERTICAL,
    colors: ["0b1f3a", "f59e0b", "2563eb"],
    overlay: { ...VERTICAL, kicker: "Depoimento", title: "Carlos Henrique Moura", subtitle: "Ipê Amarelo Cafés", person: "Carlos Henrique Moura" },
  },
  {
    file: "videos/aluno-mariana.mp4",
    ...VERTICAL,
    colors: ["0b1f3a", "7c3aed", "2563eb"],
    overlay: { ...VERTICAL, kicker: "Aluna do curso", title: "Mariana Lopes", subtitle: "IA + Marketing + Vendas", person: "Mariana Lopes" },
  },
  {
    file: "videos/aluno-rafael.mp4",
    ...VERTICAL,
    colors: ["0b1f3a", "25d366", "2563eb"],
    overlay: { ...VERTICAL, kicker: "Aluno do curso", title: "Rafael Nogueira", subtitle: "IA + Marketing + Vendas", person: "Rafael Nogueira" },
  },
  {
    file: "videos/aluno-patricia.mp4",
    ...VERTICAL,
    colors: ["0b1f3a", "db2777", "2563eb"],
    overlay: { ...VERTICAL, kicker: "Aluna do curso", title: "Patrícia Siqueira", subtitle: "IA + Marketing + Vendas", person: "Patrícia Siqueira" },
  },
  {
    file: "videos/vertical-pequi-burger.mp4",
    ...VERTICAL,
    colors: ["0b1f3a", "f59e0b", "db2777"],
    overlay: { ...VERTICAL, kicker: "Reels", title: "Pequi Burger", subtitle: "Novo smash da casa" },
  },
  {
    file: "videos/vertical-serra-dourada.mp4",
    ...VERTICAL,
    colors: ["0b1f3a", "06b6d4", "2563eb"],
    overlay: { ...VERTICAL, kicker: "Bastidores", title: "Serra Dourada Engenharia", subtitle: "Filme institucional" },
  },
];

/** H.264 clips: a soft backdrop panning across and back (so it loops), with a title card fading in and out. */
export async function makeVideos(): Promise<string[]> {
  const work = mkdtempSync(join(tmpdir(), "demo-media-"));
  const written: string[] = [];
  try {
    for (const clip of clips) {
      const backdrop = join(work, "backdrop.png");
      const backdropWidth = Math.round(clip.width * 1.6);
      await sharp(Buffer.from(videoBackdropSvg(backdropWidth, clip.height, clip.colors)))
        .png()
        .toFile(backdrop);
      const pan = `crop=${clip.width}:${clip.height}:'${backdropWidth - clip.width}*(1-cos(2*PI*t/${clip.seconds}))/2':0`;
      const inputs = ["-loop", "1", "-framerate", "24", "-t", String(clip.seconds), "-i", backdrop];
      let filter = `[0]${pan},format=yuv420p`;
      if (clip.overlay) {
        const overlay = join(work, "overlay.png");
        await sharp(Buffer.from(videoOverlaySvg(clip.overlay)))
          .png()
          .toFile(overlay);
        inputs.push("-loop", "1", "-t", String(clip.seconds), "-i", overlay);
        const fadeOut = clip.seconds - 0.8;
        filter = `[1]format=rgba,fade=in:st=0.2:d=0.8:alpha=1,fade=out:st=${fadeOut}:d=0.6:alpha=1[o];[0]${pan}[b];[b][o]overlay=0:0:format=auto,format=yuv420p`;
      }
      const file = join(outDir, clip.file);
      mkdirSync(dirname(file), { recursive: true });
      execFileSync("ffmpeg", [
        "-y",
        "-loglevel",
        "error",
        ...inputs,
        "-filter_complex",
        filter,
        "-c:v",
        "libx264",
        "-preset",
        "slow",
        "-crf",
        "30",
        "-profile:v",
        "main",
        "-movflags",
        "+faststart",
        "-an",
        file,
      ]);
      const poster = join(work, "poster.png");
      execFileSync("ffmpeg", ["-y", "-loglevel", "error", "-ss", String(clip.seconds / 2), "-i", file, "-frames:v", "1", poster]);
      await sharp(poster)
        .webp({ quality: 75 })
        .toFile(file.replace(/\.mp4$/, ".webp"));
      written.push(file, file.replace(/\.mp4$/, ".webp"));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const all = !args.includes("--images") && !args.includes("--videos");
  const files = [...(all || args.includes("--images") ? await makeImages() : []), ...(all || args.includes("--videos") ? await makeVideos() : [])];
  let total = 0;
  for (const f of files) {
    const size = statSync(f).size;
    total += size;
    console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${f.slice(outDir.length + 1)}`);
  }
  console.log(`${files.length} files, ${(total / 1024).toFixed(0)} KB`);
}
