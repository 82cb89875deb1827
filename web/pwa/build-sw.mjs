// Writes the service worker into the build (a Trunk post-build hook, see Trunk.toml):
// web/pwa/sw.js with VERSION, a hash of every file of the build (path and content), and FILES,
// every file of the build relative to the worker ("./" for the page itself). Prints the
// precache's size, raw and gzip.
//
// Run by Trunk with TRUNK_STAGING_DIR set; by hand: node web/pwa/build-sw.mjs <dist folder>.
import { createHash } from "node:crypto";
import { readFile, readdir, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.env.TRUNK_STAGING_DIR ?? process.argv[2] ?? "dist");

async function files(dir) {
  const out = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await files(p)));
    else out.push(p);
  }
  return out;
}

const all = (await files(dist))
  .map((p) => relative(dist, p).split(sep).join("/"))
  .filter((p) => p !== "sw.js")
  .sort();
const hash = createHash("sha256");
let raw = 0;
let gzip = 0;
for (const p of all) {
  const body = await readFile(join(dist, p));
  hash.update(p).update("\0").update(body).update("\0");
  raw += body.length;
  gzip += gzipSync(body, { level: 9 }).length;
}
const version = hash.digest("hex").slice(0, 16);
const list = ["./", ...all.filter((p) => p !== "index.html").map((p) => encodeURI(p))];
const template = await readFile(join(here, "sw.js"), "utf8");
const sw = template
  .replace('"__KOMA_VERSION__"', JSON.stringify(version))
  .replace("__KOMA_FILES__", JSON.stringify(list, null, 2));
await writeFile(join(dist, "sw.js"), sw);
console.log(
  `sw.js: version ${version}, precache ${list.length} files, ${raw} bytes raw, ${gzip} bytes gzip`,
);
