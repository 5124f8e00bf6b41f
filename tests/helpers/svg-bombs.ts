// Two SVG files of about a kilobyte that cost librsvg minutes of CPU in one call nothing can
// interrupt: a tree of nested <use> that draws a shape 100,000 times, and a large blur filter
// drawn 1,000 times. Rendering untrusted SVG must survive both (app/lib/media/svg.server.ts).
const uses = (ref: string) => Array.from({ length: 10 }, () => `<use href="#${ref}"/>`).join("");

export const USE_BOMB = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><defs>
<path id="a" d="M0 0 L1024 1024 L0 1024 Z" fill="#f60" opacity="0.5"/>
<g id="b">${uses("a")}</g><g id="c">${uses("b")}</g><g id="d">${uses("c")}</g><g id="e">${uses("d")}</g><g id="f">${uses("e")}</g>
</defs><use href="#f"/></svg>`;

export const BLUR_BOMB = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><defs>
<filter id="blur" x="-50%" y="-50%" width="200%" height="200%">${'<feGaussianBlur stdDeviation="300"/>'.repeat(4)}</filter>
<rect id="a" width="1024" height="1024" fill="#06f" filter="url(#blur)"/>
<g id="b">${uses("a")}</g><g id="c">${uses("b")}</g><g id="d">${uses("c")}</g>
</defs><use href="#d"/></svg>`;
